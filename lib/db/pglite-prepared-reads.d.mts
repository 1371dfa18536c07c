import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** See pglite-prepared-reads.mjs: SELECTs as named prepared statements of `pg`, the rest through pg.query. */
export function preparedReads(pg: PGlite): <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
