import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded PostgreSQL (PGlite) on a worker thread. PGlite runs PostgreSQL compiled to
 * WebAssembly, synchronously: in the app's thread every query stops the answers, streams and
 * requests of everyone else until it is done, and concurrent chats queue behind each other's
 * searches. On its own thread, the database works while the app's thread runs the built-in models
 * and serves requests: two cores at work instead of one.
 *
 * This object stands in for the PGlite instance drizzle's PGlite driver uses: query, exec and
 * transaction, forwarded to lib/db/pglite-worker.mjs, which owns the real one. Results and errors
 * come back as PGlite gives them (an error keeps its SQLSTATE `code`, `constraint`, …). Parsers are
 * functions and cannot cross threads: the only ones accepted return the raw text of their type
 * (as drizzle's do for dates and intervals).
 */

type Request =
  | { type: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; transaction?: number }
  | { type: 'exec'; sql: string; transaction?: number }
  | { type: 'begin' }
  | { type: 'end'; transaction: number; commit: boolean }
  | { type: 'close' };

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } } | { ready: true };

// Plain JavaScript beside this file; resolved from the working directory, as the app, the CLIs and the tests all run from the project.
const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'db', 'pglite-worker.mjs');

function toError(serialised: Record<string, unknown> & { message: string }): Error {
  const error = new Error(serialised.message);
  Object.assign(error, serialised);
  return error;
}

export class PGliteInWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  private constructor(options: { dataDir?: string; startParams: string[] }) {
    this.worker = new Worker(WORKER_FILE, { workerData: options });
    this.worker.unref(); // referenced only while a request is pending: an idle database keeps no CLI alive
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) return markReady();
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.error) call.reject(toError(reply.error));
      else call.resolve(reply.result);
    });
    let started = false;
    void this.ready.then(() => (started = true), () => {});
    const where = options.dataDir ?? 'memory';
    const fail = (cause: unknown) => {
      // WebAssembly file-system errors carry an errno and no message.
      const reason = cause instanceof Error && cause.message ? cause.message : describe(cause);
      const error = new Error(started ? `The embedded database (${where}) stopped: ${reason}` : `The embedded database (${where}) could not start: ${reason}`, { cause });
      this.failure ??= error;
      failReady(error);
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(`its thread ended (exit code ${code})`));
  }

  /** Starts the thread and the database in it; resolves once it takes queries. */
  static async create(options: { dataDir?: string; startParams: string[] }): Promise<PGliteInWorker> {
    const client = new PGliteInWorker(options);
    client.worker.ref();
    try {
      await client.ready;
    } finally {
      client.worker.unref();
    }
    return client;
  }

  private call<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, transaction?: number): Promise<Results<T>> {
    return this.call({ type: 'query', sql, params, rowMode: options?.rowMode, rawTypes: rawTypes(options), transaction });
  }

  exec(sql: string, _options?: QueryOptions, transaction?: number): Promise<Results[]> {
    return this.call({ type: 'exec', sql, transaction });
  }

  /** Runs `callback` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ type: 'begin' });
    let result: T;
    try {
      result = await callback(this.transactionHandle(id));
    } catch (error) {
      await this.call({ type: 'end', transaction: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ type: 'end', transaction: id, commit: true });
    return result;
  }

  private transactionHandle(id: number): Transaction {
    let closed = false;
    const handle = {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<T>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        closed = true;
        throw new Error('transaction rolled back');
      },
      get closed() {
        return closed;
      },
    };
    return handle as unknown as Transaction;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ type: 'close' });
    this.failure ??= new Error('The embedded database is closed');
    await this.worker.terminate();
  }

  /** For drizzle's PGlite driver, which takes a PGlite instance and uses only what is above. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

function describe(cause: unknown): string {
  if (typeof cause === 'string') return cause;
  const { errno, code } = (cause ?? {}) as { errno?: unknown; code?: unknown };
  if (code !== undefined || errno !== undefined) return `file system error ${String(code ?? `errno ${String(errno)}`)}`;
  return String(cause);
}

function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  const oids = Object.keys(options.parsers).map(Number);
  for (const oid of oids) {
    const parser = options.parsers[oid]!;
    if (parser('x') !== 'x') throw new Error(`PGlite on a worker thread only takes parsers that keep the raw text (type ${oid})`);
  }
  return oids;
}
