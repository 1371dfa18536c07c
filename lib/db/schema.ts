import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, type ActionPreview } from '@/lib/domain/account-tools';
import { ROLES } from '@/lib/domain/roles';
import type { Fact } from '@/lib/domain/facts';

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
    /** Bumped on sign-out and password change: tokens carrying an older version are no session. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Seeded by the demo (published password): disabled when demo seeding is turned off. */
    demo: boolean('demo').notNull().default(false),
    /** A disabled user cannot sign in, and their sessions end at once. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
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
    /** A page of a website source: its address there, which citations link to. */
    sourceUrl: text('source_url'),
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
    // One row per (document, position): two ingests can never leave duplicates behind.
    uniqueIndex('chunks_document_ordinal_key').on(t.documentId, t.ordinal),
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

export const SOURCE_SCHEDULES = ['manual', 'hourly', 'daily', 'weekly'] as const;
/** "/help/box5/** product=internet version=box5": pages under that path get those facets. */
export type FacetRule = { pattern: string; product: string | null; version: string | null };
export type SourceSchedule = (typeof SOURCE_SCHEDULES)[number];

/**
 * A website the help center's knowledge comes from, added in the console: where to crawl (a
 * start URL or a sitemap, with path patterns), who may read its pages, and how often it is
 * crawled again. Its documents are stored under the source name `website:<id>`.
 */
export const websiteSources = pgTable(
  'website_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    startUrl: text('start_url'),
    sitemapUrl: text('sitemap_url'),
    include: jsonb('include').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    audience: text('audience', { enum: ['public', 'internal'] }).notNull().default('public'),
    /** Product and version facets by path pattern: the first rule whose pattern matches a page sets them. */
    facetRules: jsonb('facet_rules').$type<FacetRule[]>().notNull().default([]),
    schedule: text('schedule', { enum: SOURCE_SCHEDULES }).notNull().default('manual'),
    /** When the scheduler next starts a crawl; null for manual sources. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('website_sources_one_entry', sql`(${t.startUrl} is null) <> (${t.sitemapUrl} is null)`),
    index('website_sources_next_run_idx').on(t.nextRunAt),
  ],
);
export type WebsiteSourceRow = typeof websiteSources.$inferSelect;

/**
 * What the last crawl of a website source learnt about each page: its validators (ETag,
 * Last-Modified) for conditional requests, its content hash and its links, so the next run
 * fetches only what changed and prunes what disappeared.
 */
export const websitePages = pgTable(
  'website_pages',
  {
    source: text('source').notNull(),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    contentHash: text('content_hash').notNull(),
    links: jsonb('links').$type<string[]>(),
  },
  (t) => [primaryKey({ columns: [t.source, t.url] })],
);

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
  /** A scoped run: the folder or file (relative to the source's folder) it covered. */
  scope?: string;
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
 * How many chunks of each language contain each surface word (the `simple` column's lexemes),
 * refreshed with lexeme_stats by every ingest. The chat reads it once per process for language
 * detection and spelling correction; counting it on the first search instead took 36 s at a
 * million chunks.
 */
export const wordUsage = pgTable(
  'word_usage',
  {
    lang: text('lang').notNull(),
    word: text('word').notNull(),
    nchunks: integer('nchunks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.word] })],
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
    /** What a right answer must state (lib/domain/facts.ts): the answer evaluation checks for them. */
    facts: jsonb('facts').$type<Fact[]>().notNull().default([]),
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
    /** Where the dialog stands (lib/chat/dialog-state.ts): a pending clarification, the last topic. */
    dialog: jsonb('dialog').$type<Record<string, unknown>>().notNull().default({}),
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
export const FOLLOW_UPS = ['asked_again', 'thanked', 'moved_on'] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

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
    /** The turn's decisions: the golden match (text matched, why it won or lost), the dialog, the version. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * What the customer did next in the conversation (set when their next message arrives):
     * asked the same again, thanked, or moved on to something else; null: nothing yet.
     */
    followedBy: text('followed_by', { enum: FOLLOW_UPS }),
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
    /** Where an anonymous customer wants the reply, if they gave an address. */
    contactEmail: text('contact_email'),
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

// ---- Customer system ----
// The ISP's own records behind the account tools (lib/actions). Only lib/actions/repository reads
// or writes them; the model never sees them directly. Money is integer cents (CHF), calendar days
// are `date` (YYYY-MM-DD strings), instants are `timestamptz`.

export const CUSTOMER_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export const CUSTOMER_STATUSES = ['active', 'restricted'] as const;
/** Catalog kinds. The tool contract's PLAN_KINDS has no 'phone' (landline). */
export const CATALOG_KINDS = ['internet', 'mobile', 'tv', 'phone'] as const;
export const OUTAGE_SERVICES = ['internet', 'tv', 'mobile'] as const;
export const INVOICE_LINE_KINDS = ['subscription', 'roaming', 'one_off', 'fee', 'discount', 'credit'] as const;
export const DEVICE_MODELS = ['Box 3', 'Box 5'] as const;
export const AUDIT_OUTCOMES = ['executed', 'refused', 'failed'] as const;

/** A region the company serves: plans, outages and technician slots are per area. */
export const serviceAreas = pgTable('service_areas', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  postcodes: jsonb('postcodes').$type<string[]>().notNull().default([]),
});

/** A known network fault in an area (what the status page shows). */
export const outages = pgTable(
  'outages',
  {
    id: serial('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
    service: text('service', { enum: OUTAGE_SERVICES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expectedEndAt: timestamp('expected_end_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    description: text('description').notNull(),
  },
  (t) => [
    index('outages_area_idx').on(t.areaId, t.startedAt),
    check('outages_service_check', sql`${t.service} in ('internet', 'tv', 'mobile')`),
  ],
);

/** The plan catalog. `tier` orders plans within a kind: higher is an upgrade. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CATALOG_KINDS }).notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    summary: text('summary').notNull(),
    tier: integer('tier').notNull(),
    /** Service areas where the plan is offered. */
    areas: jsonb('areas').$type<string[]>().notNull().default([]),
    requiresFibre: boolean('requires_fibre').notNull().default(false),
  },
  (t) => [
    uniqueIndex('plans_kind_tier_idx').on(t.kind, t.tier),
    check('plans_kind_check', sql`${t.kind} in ('internet', 'mobile', 'tv', 'phone')`),
    check('plans_price_check', sql`${t.monthlyPriceCents} >= 0`),
  ],
);

/**
 * A customer account. `user_id` is the sign-in that may act on it; a customer without an online
 * login (most of the company's customers) has none.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNumber: text('customer_number').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    language: text('language', { enum: CUSTOMER_LANGUAGES }).notNull(),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('active'),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    areaId: text('area_id')
      .notNull()
      .references(() => serviceAreas.id),
    hasFibre: boolean('has_fibre').notNull().default(false),
  },
  (t) => [
    check('customers_number_check', sql`${t.customerNumber} ~ '^AW-[0-9]{8}$'`),
    check('customers_language_check', sql`${t.language} in ('en', 'de', 'fr', 'it')`),
    check('customers_status_check', sql`${t.status} in ('active', 'restricted')`),
  ],
);

/**
 * One subscribed plan. At most one active subscription per kind and customer (the change_plan
 * tool names only the target plan). A downgrade is stored as pending until its effective day.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    kind: text('kind', { enum: CATALOG_KINDS }).notNull(),
    status: text('status', { enum: ['active', 'ended'] }).notNull().default('active'),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    /** Null for plans without a minimum term (mobile). */
    minTermEndsOn: date('min_term_ends_on', { mode: 'string' }),
    lastPlanChangeOn: date('last_plan_change_on', { mode: 'string' }),
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    pendingEffectiveOn: date('pending_effective_on', { mode: 'string' }),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    uniqueIndex('subscriptions_one_active_per_kind_idx').on(t.customerId, t.kind).where(sql`${t.status} = 'active'`),
    check('subscriptions_kind_check', sql`${t.kind} in ('internet', 'mobile', 'tv', 'phone')`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'ended')`),
    check('subscriptions_pending_check', sql`(${t.pendingPlanId} is null) = (${t.pendingEffectiveOn} is null)`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ['paid', 'open'] }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (t) => [
    index('invoices_customer_idx').on(t.customerId, t.issuedOn),
    check('invoices_status_check', sql`${t.status} in ('paid', 'open')`),
    check('invoices_paid_on_check', sql`(${t.status} = 'paid') = (${t.paidOn} is not null)`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    check('invoice_lines_kind_check', sql`${t.kind} in ('subscription', 'roaming', 'one_off', 'fee', 'discount', 'credit')`),
  ],
);

/** A technician time window in an area. It holds at most one appointment. */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    id: serial('id').primaryKey(),
    areaId: text('area_id')
      .notNull()
      .references(() => serviceAreas.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    appointmentId: uuid('appointment_id')
      .unique()
      .references((): AnyPgColumn => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('appointment_slots_area_start_idx').on(t.areaId, t.startsAt),
    check('appointment_slots_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A technician visit. A cancelled appointment keeps its slot id for the record but no longer
 * holds the slot (the unique index covers live appointments only).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['installation', 'repair'] }).notNull(),
    slotId: integer('slot_id')
      .notNull()
      .references((): AnyPgColumn => appointmentSlots.id),
    status: text('status', { enum: ['scheduled', 'done', 'cancelled'] }).notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_customer_idx').on(t.customerId, t.status),
    uniqueIndex('appointments_slot_idx').on(t.slotId).where(sql`${t.status} <> 'cancelled'`),
    check('appointments_kind_check', sql`${t.kind} in ('installation', 'repair')`),
    check('appointments_status_check', sql`${t.status} in ('scheduled', 'done', 'cancelled')`),
  ],
);

/** A modem (Box) at the customer's address, as the network management system last saw it. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    model: text('model', { enum: DEVICE_MODELS }).notNull(),
    serial: text('serial').notNull().unique(),
    firmware: text('firmware').notNull(),
    status: text('status', { enum: ['online', 'offline'] }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    lastRestartAt: timestamp('last_restart_at', { withTimezone: true }),
  },
  (t) => [
    index('devices_customer_idx').on(t.customerId),
    check('devices_model_check', sql`${t.model} in ('Box 3', 'Box 5')`),
    check('devices_status_check', sql`${t.status} in ('online', 'offline')`),
  ],
);

/**
 * Every attempt to change a customer's data through the tools: what was asked, the state before
 * and after, and how it ended. No foreign keys: the record outlives the rows it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    customerId: uuid('customer_id').notNull(),
    /** The tool name, e.g. change_plan. */
    action: text('action').notNull(),
    input: jsonb('input').notNull().default({}),
    before: jsonb('before'),
    after: jsonb('after'),
    approvalId: uuid('approval_id'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_customer_idx').on(t.customerId, t.at),
    check('audit_log_outcome_check', sql`${t.outcome} in ('executed', 'refused', 'failed')`),
  ],
);

/**
 * A write tool call waiting for (or past) the customer's decision. `tool_call_id` is the
 * idempotency key: the same call is never stored, approved or executed twice.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    toolName: text('tool_name').notNull(),
    toolCallId: text('tool_call_id').notNull().unique(),
    input: jsonb('input').notNull(),
    preview: jsonb('preview').$type<ActionPreview>().notNull(),
    /** The customer's message that led to the proposal. */
    requestText: text('request_text').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    result: jsonb('result'),
    /** The assistant message that shows the approval card. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('approvals_conversation_idx').on(t.conversationId, t.createdAt),
    index('approvals_user_status_idx').on(t.userId, t.status),
    check('approvals_status_check', sql`${t.status} in ('pending', 'declined', 'executing', 'executed', 'refused', 'failed', 'expired', 'superseded')`),
  ],
);

export type ServiceAreaRow = typeof serviceAreas.$inferSelect;
export type OutageRow = typeof outages.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type AppointmentSlotRow = typeof appointmentSlots.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type ApprovalRow = typeof approvals.$inferSelect;

// ---- Console ----

/** Settings changed at run time in the console (e.g. the golden-answer match threshold). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Every change to a golden answer: who, when, what it was before and after. */
export const goldenAnswerVersions = pgTable(
  'golden_answer_versions',
  {
    id: serial('id').primaryKey(),
    goldenId: text('golden_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete', 'import'] }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('golden_answer_versions_golden_idx').on(t.goldenId, t.changedAt)],
);

/** An expert's verdict on one answer: endorsed (good) or flagged (wrong), with a note. */
export const answerReviews = pgTable(
  'answer_reviews',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: ['endorsed', 'flagged'] }).notNull(),
    comment: text('comment'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('answer_reviews_verdict_check', sql`${t.verdict} in ('endorsed', 'flagged')`)],
);

export const JOB_KINDS = ['ingest', 'eval', 'tests'] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'interrupted'] as const;

/**
 * Long work started from the console (re-ingest, evaluations), with live progress. At most one
 * job of a kind runs at a time (partial unique index); the heartbeat tells a stuck job from a
 * slow one.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: JOB_KINDS }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    params: jsonb('params').notNull().default({}),
    progress: jsonb('progress').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The instance running the job (lib/console/jobs/instance.ts); null while it waits to be (re)claimed. */
    owner: text('owner'),
    /** How many times an instance has started it; a job that keeps dying is given up. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
    uniqueIndex('jobs_one_running_idx').on(t.kind).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type GoldenAnswerVersionRow = typeof goldenAnswerVersions.$inferSelect;
export type AnswerReviewRow = typeof answerReviews.$inferSelect;

/**
 * Named leases shared by every process on the database (app instances, the CLI): one holder at a
 * time, kept alive by renewing `expires_at`; a holder that dies loses it when it expires.
 * The ingest lease keeps two ingests (start-up, CLI, console job) from writing at once.
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The experts' conversation tests (issue 15): a case is a scripted conversation with checks per
 * turn, in the dialog format of lib/eval/dialogs.ts (`turns`). `customer` names a test customer
 * of the sandbox (lib/conversation-tests/sandbox.ts) by email, or null for an anonymous visitor.
 */
export const conversationTests = pgTable(
  'conversation_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    group: text('group').notNull(),
    lang: text('lang').notNull(),
    customer: text('customer'),
    turns: jsonb('turns').$type<unknown[]>().notNull(),
    /** A simulated customer (persona, goal, what they know, checks on the whole conversation) instead of scripted turns. */
    simulation: jsonb('simulation').$type<Record<string, unknown>>(),
    /** The real conversation it was made from ("Make a test"), if any. */
    sourceConversationId: uuid('source_conversation_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_tests_group_idx').on(t.group, t.name)],
);

export const TEST_RUN_TRIGGERS = ['console', 'golden', 'ingest', 'settings', 'cli'] as const;
export const TEST_RUN_STATUSES = ['running', 'passed', 'failed', 'error'] as const;

/** One run of (part of) the suite: its scope, what started it, and its totals. */
export const conversationTestRuns = pgTable(
  'conversation_test_runs',
  {
    id: serial('id').primaryKey(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** { all: true } | { group } | { testIds } — the cases it was asked to run. */
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    trigger: text('trigger', { enum: TEST_RUN_TRIGGERS }).notNull(),
    /** A few words on the change that started it ("golden answer g-12 edited"). */
    reason: text('reason'),
    status: text('status', { enum: TEST_RUN_STATUSES }).notNull().default('running'),
    total: integer('total').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('conversation_test_runs_started_idx').on(t.startedAt)],
);

/** One case's result in a run: pass or fail, and per turn what happened, the checks and the trace. */
export const conversationTestResults = pgTable(
  'conversation_test_results',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => conversationTestRuns.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').notNull(),
    /** Name and group as they were when it ran (the case may be renamed or deleted later). */
    name: text('name').notNull(),
    group: text('group').notNull(),
    lang: text('lang').notNull(),
    status: text('status', { enum: ['passed', 'failed', 'skipped', 'error'] }).notNull(),
    turns: jsonb('turns').$type<unknown[]>().notNull(),
    /** Why it was skipped or could not run. */
    reason: text('reason'),
    ms: integer('ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.runId, t.testId] })],
);

export type ConversationTestRow = typeof conversationTests.$inferSelect;
export type ConversationTestRunRow = typeof conversationTestRuns.$inferSelect;
export type ConversationTestResultRow = typeof conversationTestResults.$inferSelect;

export const USER_TOKEN_PURPOSES = ['invite', 'reset'] as const;

/**
 * One-time links to set a password: an invitation for a new staff member, or a reset an admin
 * made. Only the token's SHA-256 is stored; a link works once, until it expires.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId), check('user_tokens_purpose_check', sql`${t.purpose} in ('invite', 'reset')`)],
);

export const STAFF_AUDIT_ACTIONS = ['user_invited', 'role_changed', 'user_disabled', 'user_enabled', 'password_reset_link', 'password_set'] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

/**
 * Every change to an account made in the console (and the password set from a link). No foreign
 * keys: the record outlives the accounts it names.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    targetUserId: uuid('target_user_id').notNull(),
    targetEmail: text('target_email').notNull(),
    action: text('action', { enum: STAFF_AUDIT_ACTIONS }).notNull(),
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    check('staff_audit_action_check', sql`${t.action} in ('user_invited', 'role_changed', 'user_disabled', 'user_enabled', 'password_reset_link', 'password_set')`),
  ],
);

export type UserTokenRow = typeof userTokens.$inferSelect;
export type StaffAuditRow = typeof staffAudit.$inferSelect;

export const WEBHOOK_EVENT_TYPES = ['handoff.opened', 'handoff.claimed', 'handoff.replied', 'handoff.closed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The hand-off webhook's outbox: one row per event, written in the same transaction as the
 * hand-off change (so a rolled-back change sends nothing), delivered by lib/webhooks/dispatch.ts
 * with retries. The payload is the JSON body sent, as it was when the event happened.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    handoffId: uuid('handoff_id').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt to deliver a webhook: when, how long, the answer's status or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
