import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@/lib/auth/roles';

/** People who sign in: customers and staff. Emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'expert', 'analyst', 'admin')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Fixed-window counters (login attempts, later API limits). They live in the database, not in
 * process memory, so several app instances share one limit.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A text-search configuration name (english, german, …) stored as PostgreSQL's regconfig. */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** pgvector without a fixed dimension: each chunk records its model and dimension, and the
 * HNSW index is a per-model expression index created by ingest (lib/rag/ingest/vector-index.ts). */
const anyVector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => `[${value.join(',')}]`,
  fromDriver: (value) => JSON.parse(value) as number[],
});

/** One help article (or any ingested file), as the source had it at the last ingest. */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    lang: text('lang').notNull(),
    product: text('product'),
    version: text('version'),
    audience: text('audience', { enum: ['public', 'internal'] }).notNull(),
    translationOf: text('translation_of'),
    updated: text('updated'),
    body: text('body').notNull(),
    contentHash: text('content_hash').notNull(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_source_idx').on(t.source),
    index('documents_translation_idx').on(t.translationOf),
    check('documents_audience_check', sql`${t.audience} in ('public', 'internal')`),
  ],
);

/** A retrievable passage: a heading-aware slice of one document, indexed three ways. */
export const chunks = pgTable(
  'chunks',
  {
    id: serial('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    title: text('title').notNull(),
    headingPath: text('heading_path').notNull(),
    anchor: text('anchor'),
    content: text('content').notNull(),
    lang: text('lang').notNull(),
    tsConfig: regconfig('ts_config').notNull(),
    // Copied from the document so filters run on this table alone (and keep the HNSW scan).
    product: text('product'),
    version: text('version'),
    audience: text('audience', { enum: ['public', 'internal'] }).notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, heading_path), 'B') || to_tsvector(ts_config, content)`,
      ),
    tsvSimple: tsvector('tsv_simple')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, heading_path), 'B') || to_tsvector('simple'::regconfig, content)`,
      ),
    embedding: anyVector('embedding').notNull(),
    embeddingModel: text('embedding_model').notNull(),
    embeddingDim: integer('embedding_dim').notNull(),
  },
  (t) => [
    index('chunks_document_idx').on(t.documentId),
    index('chunks_tsv_idx').using('gin', t.tsv),
    index('chunks_tsv_simple_idx').using('gin', t.tsvSimple),
    index('chunks_model_idx').on(t.embeddingModel),
    check('chunks_embedding_dim_check', sql`vector_dims(${t.embedding}) = ${t.embeddingDim}`),
  ],
);

/** One run of the ingest pipeline: what it did and what went wrong, file by file. */
export const ingestRuns = pgTable('ingest_runs', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  status: text('status', { enum: ['running', 'succeeded', 'failed', 'interrupted'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  durationMs: integer('duration_ms'),
  stats: jsonb('stats').$type<IngestStats>(),
  errors: jsonb('errors').$type<{ path: string; message: string }[]>().notNull().default([]),
});

export type IngestStats = {
  files: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
  chunksWritten: number;
  chunksDeleted: number;
  embeddingModel: string;
};

/** A stored evaluation run: its configuration and figures, for the dashboards. */
export const evalRuns = pgTable('eval_runs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  config: jsonb('config').notNull(),
  metrics: jsonb('metrics').notNull(),
  results: jsonb('results'),
});

export type DocumentRow = typeof documents.$inferSelect;
export type ChunkRow = typeof chunks.$inferSelect;

/**
 * How many chunks contain each lexeme (PostgreSQL's ts_stat), refreshed by every ingest.
 * Full-text search uses it as IDF: it matches on the query's rarest words only, which is both
 * sharper ranking and far less work than ranking every chunk that shares a common word.
 */
export const lexemeStats = pgTable(
  'lexeme_stats',
  {
    field: text('field', { enum: ['tsv', 'tsv_simple'] }).notNull(),
    word: text('word').notNull(),
    ndoc: integer('ndoc').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.field, t.word] }),
    // Spelling correction looks up words by first letter and length (lib/rag/spelling.ts).
    index('lexeme_stats_spelling_idx').on(t.field, sql`left(${t.word}, 1)`, sql`length(${t.word})`),
  ],
);
