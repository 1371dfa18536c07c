// The embedded database on its own thread (see lib/db/pglite-in-worker.ts). Plain JavaScript:
// Node starts it as it is, from the app, the CLIs and the tests alike, with no build step.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { parentPort, workerData } from 'node:worker_threads';
import { preparedReads } from './pglite-prepared-reads.mjs';

const pg = await PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { vector },
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
});

const query = preparedReads(pg);

/** Open transactions by id: their queries go to them, the rest wait for them in PGlite. */
const transactions = new Map();
/** How each open transaction ends: `finish(commit)` decides, `done` settles when it has. */
const endings = new Map();
let nextTransaction = 1;

// Parsers are functions and cannot cross threads; callers only ask for the raw text of some types.
function queryOptions(request) {
  return { rowMode: request.rowMode, parsers: Object.fromEntries((request.rawTypes ?? []).map((oid) => [oid, (value) => value])) };
}

function serialiseError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  // DatabaseError's fields (code, detail, constraint, …) are own properties: keep the plain ones.
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value)));
  return { ...fields, message: error.message, name: error.name };
}

async function handle(request) {
  switch (request.type) {
    case 'query': {
      const target = request.transaction ? transactions.get(request.transaction) : { query };
      if (!target) throw new Error('the transaction has ended');
      const result = await target.query(request.sql, request.params, queryOptions(request));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const target = request.transaction ? transactions.get(request.transaction) : pg;
      if (!target) throw new Error('the transaction has ended');
      const results = await target.exec(request.sql);
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case 'begin': {
      const id = nextTransaction++;
      let finish;
      const decided = new Promise((resolve) => (finish = resolve));
      let begun;
      const started = new Promise((resolve) => (begun = resolve));
      const done = pg
        .transaction(async (tx) => {
          transactions.set(id, tx);
          begun();
          if (!(await decided)) await tx.rollback();
        })
        .finally(() => transactions.delete(id));
      endings.set(id, { finish, done });
      done.catch(() => {}); // reported to the end request, or here if it never began
      try {
        await Promise.race([started, done]);
      } catch (error) {
        endings.delete(id);
        throw error;
      }
      return id;
    }
    case 'end': {
      const ending = endings.get(request.transaction);
      if (!ending) throw new Error('the transaction has ended');
      endings.delete(request.transaction);
      ending.finish(request.commit);
      await ending.done;
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown request ${request.type}`);
  }
}

parentPort.on('message', (request) => {
  handle(request).then(
    (result) => parentPort.postMessage({ id: request.id, result }),
    (error) => parentPort.postMessage({ id: request.id, error: serialiseError(error) }),
  );
});
parentPort.postMessage({ ready: true });
