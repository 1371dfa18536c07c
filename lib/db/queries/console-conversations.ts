import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { answerReviews, answerTraces, approvals, auditLog, conversations, documents, feedback, goldenAnswers, handoffs, messages, users, type AnswerTraceRow, type ApprovalRow, type AuditLogRow, type ConversationRow, type MessageRow } from '../schema';

/**
 * The console's conversation list. It has to stay fast on hundreds of thousands of
 * conversations: rows come in keyset pages along conversations_updated_idx (newest activity
 * first, id as the tie-breaker), and every filter is a correlated EXISTS on an indexed foreign
 * key (messages_conversation_idx, approvals_conversation_idx, handoffs) evaluated only for the
 * rows the index scan reaches — no count of everything, no sort of everything. The page's
 * figures (messages, outcomes, feedback, hand-off) are computed for those 25 rows only.
 */

export const CONVERSATION_PAGE_SIZE = 25;

export type ConversationListFilters = {
  /** Last activity on or after this instant. */
  since?: Date;
  /** Last activity before this instant. */
  until?: Date;
  lang?: string;
  feedback?: 'up' | 'down' | 'none';
  /** customer: a thumbs up · expert: an answer endorsed in the console · none: neither. */
  endorsement?: 'customer' | 'expert' | 'none';
  handoff?: 'yes' | 'no';
  /** At least one answer was "no answer". */
  noAnswer?: boolean;
  /** At least one answer came verbatim from a golden answer. */
  golden?: boolean;
  /** Account tools proposed a change (approval cards). */
  tools?: boolean;
  /** Words in the title, i.e. the first question (case-insensitive substring). */
  q?: string;
};

/** A position in the list: the last activity (as PostgreSQL text, microseconds kept) and the id. */
export type ConversationCursor = { at: string; id: string };

export type ConversationListItem = {
  id: string;
  title: string;
  lang: string | null;
  createdAt: Date;
  updatedAt: Date;
  customerName: string | null;
  customerEmail: string | null;
  firstQuestion: string | null;
  messageCount: number;
  /** Distinct outcomes of the current (not superseded) answers. */
  outcomes: string[];
  thumbsUp: number;
  thumbsDown: number;
  endorsed: number;
  flagged: number;
  toolCalls: number;
  /** The open/claimed hand-off's status, else the last closed one's, else null. */
  handoffStatus: 'open' | 'claimed' | 'closed' | null;
};

export type ConversationListPage = {
  items: ConversationListItem[];
  /** Cursor for the next (older) page, when there is one. */
  older: ConversationCursor | null;
  /** Cursor for the previous (newer) page, when there is one. */
  newer: ConversationCursor | null;
};

/** "%words%" with LIKE's wildcards taken literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const anyMessage = (condition: SQL) =>
  sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and ${condition})`;
const anyFeedback = (rating?: 'up' | 'down') =>
  sql`exists (select 1 from ${messages} m join ${feedback} f on f.message_id = m.id where m.conversation_id = ${conversations.id}${rating ? sql` and f.rating = ${rating}` : sql``})`;
// Reviews are few: as a hashed IN list the planner checks each conversation once instead of
// probing the messages of every row it walks (bench/console-queries.ts: 147 ms p95 at 100k).
const anyEndorsement = sql`${conversations.id} in (select m.conversation_id from ${answerReviews} r join ${messages} m on m.id = r.message_id where r.verdict = 'endorsed')`;
const anyHandoff = sql`exists (select 1 from ${handoffs} h where h.conversation_id = ${conversations.id})`;
const anyApproval = sql`exists (select 1 from ${approvals} a where a.conversation_id = ${conversations.id})`;
const firstQuestion = sql<string | null>`(select m.content from ${messages} m where m.conversation_id = ${conversations.id} and m.role = 'user' order by m.seq limit 1)`;

export function conversationFilterConditions(filters: ConversationListFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.since) where.push(gte(conversations.updatedAt, filters.since));
  if (filters.until) where.push(lt(conversations.updatedAt, filters.until));
  if (filters.lang) where.push(eq(conversations.lang, filters.lang));
  if (filters.feedback === 'up' || filters.feedback === 'down') where.push(anyFeedback(filters.feedback));
  if (filters.feedback === 'none') where.push(sql`not ${anyFeedback()}`);
  if (filters.endorsement === 'customer') where.push(anyFeedback('up'));
  if (filters.endorsement === 'expert') where.push(anyEndorsement);
  if (filters.endorsement === 'none') where.push(sql`not ${anyFeedback('up')} and not ${anyEndorsement}`);
  if (filters.handoff === 'yes') where.push(anyHandoff);
  if (filters.handoff === 'no') where.push(sql`not ${anyHandoff}`);
  if (filters.noAnswer) where.push(anyMessage(sql`m.role = 'assistant' and m.outcome = 'no_answer'`));
  if (filters.golden) where.push(anyMessage(sql`m.role = 'assistant' and m.outcome = 'golden'`));
  if (filters.tools) where.push(anyApproval);
  const q = filters.q?.trim();
  // The title is the first question as asked (its first 120 characters): searching it is one
  // pass over conversations (~20 ms at 100k rows, measured on PostgreSQL 15) where a lookup of
  // each conversation's first message would take ten times that when few match.
  if (q) where.push(ilike(conversations.title, likePattern(q)));
  return where;
}

/** The SQL of one page of ids (exported for EXPLAIN in tests and benchmarks). */
export function conversationPageQuery(
  db: Db,
  { filters, after, before, pageSize = CONVERSATION_PAGE_SIZE }: { filters: ConversationListFilters; after?: ConversationCursor; before?: ConversationCursor; pageSize?: number },
) {
  const where = conversationFilterConditions(filters);
  // Written so that the index condition is the plain `updated_at <= at` (a row comparison
  // would not use the one-column index).
  if (after) {
    const at = sql`${after.at}::timestamptz`;
    where.push(lte(conversations.updatedAt, at), or(lt(conversations.updatedAt, at), lt(conversations.id, after.id))!);
  } else if (before) {
    const at = sql`${before.at}::timestamptz`;
    where.push(gte(conversations.updatedAt, at), or(sql`${conversations.updatedAt} > ${at}`, sql`${conversations.id} > ${before.id}`)!);
  }
  const backwards = Boolean(before && !after);
  return db
    .select({
      id: conversations.id,
      // to_char keeps the microseconds a JS Date would drop: the cursor must be exact.
      cursorAt: sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(conversations)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(...(backwards ? [asc(conversations.updatedAt), asc(conversations.id)] : [desc(conversations.updatedAt), desc(conversations.id)]))
    .limit(pageSize + 1);
}

export async function listConsoleConversations(
  db: Db,
  options: { filters: ConversationListFilters; after?: ConversationCursor; before?: ConversationCursor; pageSize?: number },
): Promise<ConversationListPage> {
  const pageSize = options.pageSize ?? CONVERSATION_PAGE_SIZE;
  const rows = await conversationPageQuery(db, { ...options, pageSize });
  const backwards = Boolean(options.before && !options.after);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const cursor = (row: { id: string; cursorAt: string } | undefined) => (row ? { at: row.cursorAt, id: row.id } : null);
  const older = backwards ? cursor(last) : more ? cursor(last) : null;
  const newer = backwards ? (more ? cursor(first) : null) : options.after ? cursor(first) : null;
  const items = await conversationListDetails(db, { ids: page.map((r) => r.id) });
  return { items, older, newer };
}

/** The list's figures for a handful of conversations (one page), in the order of `ids`. */
async function conversationListDetails(db: Db, { ids }: { ids: string[] }): Promise<ConversationListItem[]> {
  if (ids.length === 0) return [];
  const current = sql`m.conversation_id = ${conversations.id} and not m.superseded`;
  const rows = await db
    .select({
      id: conversations.id,
      title: conversations.title,
      lang: conversations.lang,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      customerName: users.name,
      customerEmail: users.email,
      firstQuestion,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where ${current})`,
      outcomes: sql<string[] | null>`(select json_agg(distinct m.outcome) from ${messages} m where ${current} and m.role = 'assistant' and m.outcome is not null)`,
      thumbsUp: sql<number>`(select count(*)::int from ${messages} m join ${feedback} f on f.message_id = m.id where ${current} and f.rating = 'up')`,
      thumbsDown: sql<number>`(select count(*)::int from ${messages} m join ${feedback} f on f.message_id = m.id where ${current} and f.rating = 'down')`,
      endorsed: sql<number>`(select count(*)::int from ${messages} m join ${answerReviews} r on r.message_id = m.id where m.conversation_id = ${conversations.id} and r.verdict = 'endorsed')`,
      flagged: sql<number>`(select count(*)::int from ${messages} m join ${answerReviews} r on r.message_id = m.id where m.conversation_id = ${conversations.id} and r.verdict = 'flagged')`,
      toolCalls: sql<number>`(select count(*)::int from ${approvals} a where a.conversation_id = ${conversations.id})`,
      handoffStatus: sql<ConversationListItem['handoffStatus']>`(select h.status from ${handoffs} h where h.conversation_id = ${conversations.id} order by (h.status = 'closed'), h.created_at desc limit 1)`,
    })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.ownerUserId))
    .where(inArray(conversations.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...row, outcomes: asStringArray(row.outcomes).sort(), messageCount: Number(row.messageCount) }];
  });
}

function asStringArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

// ---- One conversation, everything an expert needs to judge it ----

export type ConsoleConversation = ConversationRow & { customerName: string | null; customerEmail: string | null };

export async function findConsoleConversation(db: Db, { id }: { id: string }): Promise<ConsoleConversation | null> {
  const [row] = await db
    .select({ conversation: conversations, customerName: users.name, customerEmail: users.email })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.ownerUserId))
    .where(eq(conversations.id, id))
    .limit(1);
  return row ? { ...row.conversation, customerName: row.customerName, customerEmail: row.customerEmail } : null;
}

export type ConsoleMessage = MessageRow & {
  trace: AnswerTraceRow | null;
  feedback: { rating: 'up' | 'down'; comment: string | null; at: Date } | null;
};

/** Every message of the conversation, superseded answers included, oldest first, with trace and feedback. */
export async function listConsoleMessages(db: Db, { conversationId }: { conversationId: string }): Promise<ConsoleMessage[]> {
  const rows = await db
    .select({ message: messages, trace: answerTraces, rating: feedback.rating, comment: feedback.comment, ratedAt: feedback.updatedAt })
    .from(messages)
    .leftJoin(answerTraces, eq(answerTraces.messageId, messages.id))
    .leftJoin(feedback, eq(feedback.messageId, messages.id))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
  return rows.map((r) => ({
    ...r.message,
    trace: r.trace,
    feedback: r.rating ? { rating: r.rating, comment: r.comment, at: r.ratedAt ?? r.message.createdAt } : null,
  }));
}

export async function listConversationApprovalsForConsole(db: Db, { conversationId }: { conversationId: string }): Promise<ApprovalRow[]> {
  return db.select().from(approvals).where(eq(approvals.conversationId, conversationId)).orderBy(asc(approvals.createdAt), asc(approvals.id));
}

/** The audit rows of these approvals (by customer first: audit_log_customer_idx). */
export async function listAuditRowsForApprovals(db: Db, { approvals: list }: { approvals: Pick<ApprovalRow, 'id' | 'customerId'>[] }): Promise<AuditLogRow[]> {
  if (list.length === 0) return [];
  const customerIds = [...new Set(list.map((a) => a.customerId))];
  return db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.customerId, customerIds), inArray(auditLog.approvalId, list.map((a) => a.id))))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

export type DocumentRef = { id: string; title: string; slug: string; lang: string };

/** Titles and links of the articles a trace names (retrieved passages, citations). */
export async function findDocumentRefs(db: Db, { ids }: { ids: string[] }): Promise<DocumentRef[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select({ id: documents.id, title: documents.title, slug: documents.slug, lang: documents.lang }).from(documents).where(inArray(documents.id, unique));
}

/** Which of these golden answer ids exist (e.g. answers already promoted). */
export async function findExistingGoldenIds(db: Db, { ids }: { ids: string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: goldenAnswers.id }).from(goldenAnswers).where(inArray(goldenAnswers.id, ids));
  return new Set(rows.map((r) => r.id));
}
