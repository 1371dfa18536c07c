import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';

/**
 * Chunks keep vectors of any model and dimension in one untyped `vector` column. Each model gets
 * its own partial HNSW expression index, and queries repeat that exact expression and predicate
 * (as literals, so even generic prepared plans can use the index).
 */

const MODEL_ID = /^[\w.:/@-]{1,100}$/;

function checkedModelId(modelId: string): string {
  if (!MODEL_ID.test(modelId)) throw new Error(`Unsupported embedding model id: ${modelId}`);
  return modelId;
}

function checkedDimensions(dimensions: number): number {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 2000) {
    throw new Error(`Unsupported embedding dimension: ${dimensions} (HNSW indexes up to 2000)`);
  }
  return dimensions;
}

export function vectorIndexName(modelId: string, dimensions: number): string {
  const digest = crypto.createHash('sha1').update(checkedModelId(modelId)).digest('hex').slice(0, 10);
  return `chunks_embedding_hnsw_${digest}_${checkedDimensions(dimensions)}`;
}

/** `embedding::vector(D)`: the indexed expression. */
export function typedEmbedding(dimensions: number): SQL {
  return sql.raw(`embedding::vector(${checkedDimensions(dimensions)})`);
}

/** `embedding_model = '…'`: the index predicate, as a literal. */
export function modelPredicate(modelId: string): SQL {
  return sql.raw(`embedding_model = '${checkedModelId(modelId)}'`);
}

export function vectorLiteral(vector: number[], dimensions: number): SQL {
  if (vector.length !== dimensions || vector.some((v) => !Number.isFinite(v))) {
    throw new Error(`Query vector must have ${dimensions} finite numbers`);
  }
  return sql`${`[${vector.join(',')}]`}::${sql.raw(`vector(${dimensions})`)}`;
}

export async function createVectorIndex(db: Db, { modelId, dimensions }: { modelId: string; dimensions: number }): Promise<void> {
  await db.execute(
    sql`create index if not exists ${sql.raw(vectorIndexName(modelId, dimensions))} on chunks using hnsw ((${typedEmbedding(dimensions)}) vector_cosine_ops) where ${modelPredicate(modelId)}`,
  );
}

export async function dropVectorIndex(db: Db, { modelId, dimensions }: { modelId: string; dimensions: number }): Promise<void> {
  await db.execute(sql`drop index if exists ${sql.raw(vectorIndexName(modelId, dimensions))}`);
}

/** Drops the HNSW indexes of models no chunk uses any more (after a switch of model). */
export async function dropUnusedVectorIndexes(db: Db): Promise<string[]> {
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'chunks' and indexname like 'chunks_embedding_hnsw_%'`,
  );
  const models = new Set(
    (await queryRows<{ embedding_model: string }>(db, sql`select distinct embedding_model from chunks`)).map((r) => r.embedding_model),
  );
  const dropped: string[] = [];
  for (const { indexname, indexdef } of indexes) {
    const model = /embedding_model = '([^']+)'/.exec(indexdef)?.[1];
    if (model && !models.has(model)) {
      await db.execute(sql`drop index if exists ${sql.raw(`"${indexname}"`)}`);
      dropped.push(indexname);
    }
  }
  return dropped;
}
