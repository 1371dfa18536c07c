import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '@/lib/db/client';
import { acquireLease, releaseLease, renewLease } from '@/lib/db/queries/leases';
import { errorFields, log } from '@/lib/observability/logger';

/**
 * One ingest at a time on a database, wherever it starts (app start-up, `npm run ingest`, the
 * console's re-ingest job, an evaluation's corpus): every run holds the 'ingest' lease
 * (lib/db/queries/leases.ts) from before it reads the index until after it has written it.
 * A second run is refused at once, naming who holds the lease. The holder renews it every few
 * seconds; a process that is killed stops renewing, and its lease lapses after the TTL.
 */

export const INGEST_LEASE = 'ingest';
export const INGEST_LEASE_TTL_MS = 30_000;
export const INGEST_LEASE_RENEW_MS = 5_000;

/** The holder named when a caller says nothing more specific. */
export function processHolder(): string {
  return `process ${os.hostname()}:${process.pid}`;
}

/** "12 s", "4 min", "2 h": how long ago the other run started. */
function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

/** Another run holds the lease. Told apart by `code`, not instanceof: Next may bundle this module twice. */
export class IngestBusyError extends Error {
  readonly code = 'ingest_busy';
  constructor(
    readonly holder: string,
    readonly heldForMs: number,
  ) {
    super(`Another ingest is running (started ${duration(heldForMs)} ago by ${holder}); try again when it has finished.`);
    this.name = 'IngestBusyError';
  }
}

export function isIngestBusyError(error: unknown): error is IngestBusyError {
  return (error as { code?: unknown } | null)?.code === 'ingest_busy';
}

/** This run stalled past the TTL and another took the lease over: it must not write. */
export class IngestLeaseLostError extends Error {
  constructor() {
    super(
      `This ingest lost its lock: it stopped renewing for more than ${INGEST_LEASE_TTL_MS / 1000} s and another ingest took over. ` +
        'Nothing was written; run it again when the other one has finished.',
    );
    this.name = 'IngestLeaseLostError';
  }
}

/**
 * The write transaction hit a unique key (a document id, or a chunk's (document_id, ordinal))
 * that another writer committed meanwhile: only possible when something wrote without the lease.
 * The transaction was rolled back, so the index is as the other writer left it.
 */
export class ConcurrentWriteError extends Error {
  constructor(cause: unknown) {
    super('Another writer changed the same documents while this ingest was writing; this run was rolled back and changed nothing. Run it again.', { cause });
    this.name = 'ConcurrentWriteError';
  }
}

export type IngestLease = {
  /** Throws IngestLeaseLostError once a renewal found the lease taken over. */
  assertHeld(): void;
  /**
   * Inside the write transaction, last: renews the lease there, which locks its row until the
   * commit, or throws (rolling the transaction back) when it is no longer ours. So a run commits
   * only while it holds the lease, however long the transaction took.
   */
  fence(tx: Db): Promise<void>;
};

// Each acquisition gets a holder string of its own (the label plus a token), so two runs in one
// process never mistake each other's lease for their own. Messages show the label only.
const TOKEN_SEPARATOR = ' #';
const labelOf = (holder: string) => {
  const at = holder.lastIndexOf(TOKEN_SEPARATOR);
  return at < 0 ? holder : holder.slice(0, at);
};

/**
 * Runs `work` holding the ingest lease: acquired first (or IngestBusyError), renewed in the
 * background, released in finally whatever happened. With `succeeds`, a lease still held by a
 * holder whose label starts with it is taken over (a resumed job's dead earlier attempt).
 */
export async function withIngestLease<T>(
  db: Db,
  { holder: label = processHolder(), succeeds, ttlMs = INGEST_LEASE_TTL_MS, renewMs = INGEST_LEASE_RENEW_MS }: { holder?: string; succeeds?: string; ttlMs?: number; renewMs?: number },
  work: (lease: IngestLease) => Promise<T>,
): Promise<T> {
  const holder = `${label}${TOKEN_SEPARATOR}${randomUUID().slice(0, 8)}`;
  const taken = await acquireLease(db, { name: INGEST_LEASE, holder, ttlMs, takeOverFrom: succeeds });
  if (!taken.acquired) throw new IngestBusyError(labelOf(taken.current.holder), taken.current.heldForMs);

  let lost = false;
  let inFlight: Promise<void> | null = null;
  const renew = () => {
    // One renewal at a time: on the embedded database they queue behind the write transaction.
    if (inFlight || lost) return;
    inFlight = renewLease(db, { name: INGEST_LEASE, holder, ttlMs })
      .then((held) => {
        if (!held) lost = true;
      })
      .catch((error: unknown) => log().warn(errorFields(error), 'ingest lease not renewed'))
      .finally(() => {
        inFlight = null;
      });
  };
  const timer = setInterval(renew, renewMs);
  timer.unref?.();
  const lease: IngestLease = {
    assertHeld() {
      if (lost) throw new IngestLeaseLostError();
    },
    async fence(tx) {
      if (lost || !(await renewLease(tx, { name: INGEST_LEASE, holder, ttlMs }))) throw new IngestLeaseLostError();
    },
  };
  try {
    return await work(lease);
  } finally {
    clearInterval(timer);
    await inFlight;
    // A release that fails (database gone) is harmless: the lease lapses after the TTL.
    await releaseLease(db, { name: INGEST_LEASE, holder }).catch((error: unknown) => log().warn(errorFields(error), 'ingest lease not released'));
  }
}
