// Named prepared statements for PGlite's reads. Plain JavaScript: the database's worker thread
// (lib/db/pglite-worker.mjs) runs it as it is; the app's thread imports it through
// pglite-prepared-reads.d.mts.
//
// PGlite's query() sends every statement unnamed, so PostgreSQL parses, analyses and plans it
// anew each time — on the embedded database, for the few statements every answer runs with new
// values (the rarest lexemes, the search legs), a good part of running them. postgres.js prepares
// named statements by default, so PostgreSQL keeps them per connection; this gives PGlite's
// single connection the same: a statement text is parsed and analysed once and kept. (PGlite
// starts with plan_cache_mode=force_custom_plan, lib/db/client.ts: each run is still planned for
// its own values.)
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept; the least recently used one is closed beyond this (each holds a parse tree and maybe a plan). */
const MAX_STATEMENTS = 200;

// Only reads: a write's result (affectedRows) and file-system sync stay with PGlite's own path.
const READ = /^\s*select\b/i;

// "cached plan must not change result type" (a table changed under a kept statement) and "prepared
// statement does not exist" (something deallocated it): prepared again, once.
const STALE_STATEMENT = new Set(['0A000', '26000']);

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Returns query(sql, params, options) that runs a SELECT as a named prepared statement of `pg` and
 * anything else through pg.query; results are PGlite's own (rows, fields, affectedRows), errors too.
 * Not for queries inside a transaction: those go through the transaction's own query.
 */
export function preparedReads(pg) {
  const plainQuery = pg.query.bind(pg); // taken now: the caller may put the returned function in its place
  /** sql text -> { name, paramTypes } */
  const statements = new Map();
  let next = 1;

  // Protocol messages, then Sync whatever happened, as PGlite's query() does: after an error the
  // backend skips to the Sync, and the next query starts clean.
  async function run(...messages) {
    let replies = [];
    try {
      for (const message of messages) replies = replies.concat(await pg.execProtocolStream(message, { syncToFs: false }));
    } finally {
      replies = replies.concat(await pg.execProtocolStream(serialize.sync(), { syncToFs: false }));
    }
    return replies;
  }

  async function prepare(text) {
    const name = `lantern_read_${next++}`;
    const described = await run(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value;
      statements.delete(oldestText);
      await run(serialize.close({ type: 'S', name: oldest.name }));
    }
    return statement;
  }

  async function execute(text, params, options) {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text); // kept in order of last use
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[i]] ?? pg.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const replies = await run(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})]),
    );
    return parse.parseResults(replies, pg.parsers, options)[0];
  }

  return async function query(text, params = [], options) {
    if (!READ.test(text)) return plainQuery(text, params, options);
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await execute(text, params, options);
        } catch (error) {
          const stale = statements.get(text);
          if (!STALE_STATEMENT.has(error?.code) || !stale) throw error;
          statements.delete(text);
          await run(serialize.close({ type: 'S', name: stale.name })).catch(() => {});
          return execute(text, params, options);
        }
      }),
    );
  };
}
