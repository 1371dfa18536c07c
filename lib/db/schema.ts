import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Expert-curated question/answer pairs. A chat question that nearly matches one gets the answer
 * verbatim (lib/rag/golden.ts); source_ids name the articles that back it (cited with it).
 */
export const goldenAnswers = pgTable(
  'golden_answers',
  {
    id: text('id').primaryKey(),
    lang: text('lang').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sourceIds: jsonb('source_ids').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('golden_answers_lang_idx').on(t.lang)],
);

/**
 * A chat conversation. Exactly one owner: a signed-in user, or an anonymous browser session
 * (the SHA-256 of its httpOnly cookie token, so a stolen database does not hand out sessions).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerAnonKey: text('owner_anon_key'),
    title: text('title').notNull(),
    lang: text('lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_owner_user_idx').on(t.ownerUserId, t.updatedAt),
    index('conversations_owner_anon_idx').on(t.ownerAnonKey),
    index('conversations_updated_idx').on(t.updatedAt),
    check('conversations_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerAnonKey} is null)`),
  ],
);

export const MESSAGE_ROLES = ['user', 'assistant', 'agent'] as const;

/** One message. A retried answer is kept (with its trace) but marked superseded. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: serial('seq').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The browser's id for a customer message: a repeat of it is a retry, not a new message. */
    clientId: text('client_id'),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    lang: text('lang'),
    outcome: text('outcome'),
    citations: jsonb('citations').$type<unknown[]>().notNull().default([]),
    suggestions: jsonb('suggestions').$type<string[]>(),
    handoffOffered: boolean('handoff_offered').notNull().default(false),
    replyTo: uuid('reply_to'),
    superseded: boolean('superseded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_client_id_idx').on(t.conversationId, t.clientId),
    check('messages_role_check', sql`${t.role} in ('user', 'assistant', 'agent')`),
  ],
);

/** How one answer came about: everything an expert or a dashboard needs to judge it. */
export const answerTraces = pgTable(
  'answer_traces',
  {
    id: serial('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    condensedQuery: text('condensed_query'),
    lang: text('lang').notNull(),
    route: text('route').notNull(),
    outcome: text('outcome').notNull(),
    goldenId: text('golden_id'),
    goldenScore: real('golden_score'),
    retrieved: jsonb('retrieved').$type<unknown[]>().notNull().default([]),
    citations: jsonb('citations').$type<unknown[]>().notNull().default([]),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    ttftMs: real('ttft_ms'),
    totalMs: real('total_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('answer_traces_created_idx').on(t.createdAt), index('answer_traces_conversation_idx').on(t.conversationId)],
);

/** A customer's thumbs up/down (one per answer; changing it overwrites). */
export const feedback = pgTable(
  'feedback',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: ['up', 'down'] }).notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('feedback_rating_check', sql`${t.rating} in ('up', 'down')`)],
);

/** A request for a person. At most one is open per conversation. */
export const handoffs = pgTable(
  'handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'claimed', 'closed'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [
    index('handoffs_status_idx').on(t.status, t.createdAt),
    uniqueIndex('handoffs_one_open_idx').on(t.conversationId).where(sql`${t.status} <> 'closed'`),
    check('handoffs_reason_check', sql`${t.reason} in ('customer_request', 'missing_knowledge', 'policy', 'tool_failure', 'other')`),
    check('handoffs_status_check', sql`${t.status} in ('open', 'claimed', 'closed')`),
  ],
);

export type GoldenAnswerRow = typeof goldenAnswers.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AnswerTraceRow = typeof answerTraces.$inferSelect;
export type HandoffRow = typeof handoffs.$inferSelect;
