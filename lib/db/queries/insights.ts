import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../rows';
import { signalsCte } from './answer-signals';

/**
 * The Insights dashboard's aggregates over a time range [from, to). Every query starts from
 * answer_traces.created_at (answer_traces_created_idx), reaches feedback and answer_traces by
 * primary or unique keys, and computes one metric group in one pass; percentiles are
 * percentile_cont in SQL. Definitions (also shown in the console):
 *
 * - answers: the assistant's replies (one trace each) in the range; conversations: those with at
 *   least one reply in the range.
 * - resolved conversation: the customer accepted an answer (outcome answered, golden or account):
 *   a thumbs-up, a thanks, or they went on without asking the same again (answer-signals.ts);
 *   they never had to ask the same again after an answer; it has no hand-off, and none of its
 *   replies in the range got a thumbs-down. The rest is
 *   unverified: nobody can tell that they got what they needed.
 * - content gaps: questions not answered, answered and down-voted, or answered and asked again,
 *   grouped by the article they were about (cited, else the best one retrieved).
 * - article quality: per cited article, how often it was cited, down-voted, followed by the
 *   question asked again.
 * - no-answer rate: replies with outcome no_answer / replies.
 * - hand-off rate: conversations with a hand-off / conversations; by reason: those hand-offs.
 * - positive feedback: thumbs-up / rated replies.
 * - golden hit rate: golden-answer replies / replies to knowledge questions (route knowledge).
 * - tool use: replies where the account tools ran (route account; outcome account, approval or
 *   refused) / replies. Approval rate: account changes approved / decided (approved + declined)
 *   among the approval cards created in the range.
 * - tokens and cost per answer: means over all replies (golden and fixed replies cost nothing).
 */

export type InsightsRange = { from: Date; to: Date };

export const ANSWERED_OUTCOMES = ['answered', 'golden', 'account'] as const;
const TOOL_OUTCOMES = ['account', 'approval', 'refused'] as const;

function inRange(column: SQL, { from, to }: InsightsRange): SQL {
  return sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
}

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

function ratio(n: number, d: number): number | null {
  return d === 0 ? null : n / d;
}

function num(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export type AnswerSummary = {
  answers: number;
  noAnswer: number;
  noAnswerRate: number | null;
  knowledgeAnswers: number;
  golden: number;
  goldenHitRate: number | null;
  toolUse: number;
  toolUseRate: number | null;
  feedbackUp: number;
  feedbackDown: number;
  positiveFeedbackRate: number | null;
  ttftMs: { p50: number | null; p95: number | null };
  totalMs: { p50: number | null; p95: number | null };
  tokensInPerAnswer: number | null;
  tokensOutPerAnswer: number | null;
  costPerAnswerUsd: number | null;
  costTotalUsd: number;
};

/** Replies: outcomes, feedback, latency percentiles, tokens and cost, in one pass. */
export async function answerSummary(db: Db, range: InsightsRange): Promise<AnswerSummary> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      count(*)::int as answers,
      count(*) filter (where t.outcome = 'no_answer')::int as no_answer,
      count(*) filter (where t.route = 'knowledge')::int as knowledge,
      count(*) filter (where t.outcome = 'golden')::int as golden,
      count(*) filter (where t.route = 'account' and t.outcome in (${list(TOOL_OUTCOMES)}))::int as tool_use,
      count(*) filter (where f.rating = 'up')::int as up,
      count(*) filter (where f.rating = 'down')::int as down,
      percentile_cont(0.5) within group (order by t.ttft_ms) as ttft_p50,
      percentile_cont(0.95) within group (order by t.ttft_ms) as ttft_p95,
      percentile_cont(0.5) within group (order by t.total_ms) as total_p50,
      percentile_cont(0.95) within group (order by t.total_ms) as total_p95,
      avg(t.tokens_in)::float8 as tokens_in,
      avg(t.tokens_out)::float8 as tokens_out,
      avg(t.cost_usd)::float8 as cost_avg,
      coalesce(sum(t.cost_usd), 0)::float8 as cost_total
    from answer_traces t
    left join feedback f on f.message_id = t.message_id
    where ${inRange(sql`t.created_at`, range)}`,
  );
  const r = row ?? {};
  const answers = num(r.answers) ?? 0;
  const noAnswer = num(r.no_answer) ?? 0;
  const knowledge = num(r.knowledge) ?? 0;
  const golden = num(r.golden) ?? 0;
  const toolUse = num(r.tool_use) ?? 0;
  const up = num(r.up) ?? 0;
  const down = num(r.down) ?? 0;
  return {
    answers,
    noAnswer,
    noAnswerRate: ratio(noAnswer, answers),
    knowledgeAnswers: knowledge,
    golden,
    goldenHitRate: ratio(golden, knowledge),
    toolUse,
    toolUseRate: ratio(toolUse, answers),
    feedbackUp: up,
    feedbackDown: down,
    positiveFeedbackRate: ratio(up, up + down),
    ttftMs: { p50: num(r.ttft_p50), p95: num(r.ttft_p95) },
    totalMs: { p50: num(r.total_p50), p95: num(r.total_p95) },
    tokensInPerAnswer: num(r.tokens_in),
    tokensOutPerAnswer: num(r.tokens_out),
    costPerAnswerUsd: num(r.cost_avg),
    costTotalUsd: num(r.cost_total) ?? 0,
  };
}

export type ConversationSummary = {
  conversations: number;
  resolved: number;
  resolutionRate: number | null;
  /** Conversations not resolved: no accepted answer, a thumbs-down or a hand-off. */
  unverified: number;
  handedOff: number;
  handoffRate: number | null;
};

/** Conversations with a reply in the range: resolved, handed off. One pass (grouped by conversation). */
export async function conversationSummary(db: Db, range: InsightsRange): Promise<ConversationSummary> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${signalsCte(range)}, c as (
      select conversation_id,
        coalesce(bool_or(outcome in (${list(ANSWERED_OUTCOMES)}) and (rating = 'up' or thanked or not asked_again)), false)
          and not coalesce(bool_or(outcome in (${list(ANSWERED_OUTCOMES)}) and asked_again and rating is distinct from 'up' and not thanked), false) as accepted,
        coalesce(bool_or(rating = 'down'), false) as thumbed_down
      from signals
      group by conversation_id
    ), h as (
      select distinct conversation_id from handoffs
    )
    select
      count(*)::int as conversations,
      count(h.conversation_id)::int as handed_off,
      count(*) filter (where c.accepted and not c.thumbed_down and h.conversation_id is null)::int as resolved
    from c left join h on h.conversation_id = c.conversation_id`,
  );
  const conversations = num(row?.conversations) ?? 0;
  const resolved = num(row?.resolved) ?? 0;
  const handedOff = num(row?.handed_off) ?? 0;
  return {
    conversations,
    resolved,
    resolutionRate: ratio(resolved, conversations),
    unverified: conversations - resolved,
    handedOff,
    handoffRate: ratio(handedOff, conversations),
  };
}

export type CountBy = { key: string; count: number };

/** Hand-offs of the range's conversations, by reason, most frequent first. */
export async function handoffsByReason(db: Db, range: InsightsRange): Promise<CountBy[]> {
  const rows = await queryRows<{ reason: string; n: number }>(
    db,
    sql`select h.reason, count(*)::int as n
    from handoffs h
    where h.conversation_id in (select t.conversation_id from answer_traces t where ${inRange(sql`t.created_at`, range)})
    group by h.reason
    order by n desc, h.reason`,
  );
  return rows.map((r) => ({ key: r.reason, count: Number(r.n) }));
}

/** Replies by language (the language the answer was given in), most frequent first. */
export async function answerLanguages(db: Db, range: InsightsRange): Promise<CountBy[]> {
  const rows = await queryRows<{ lang: string; n: number }>(
    db,
    sql`select t.lang, count(*)::int as n from answer_traces t where ${inRange(sql`t.created_at`, range)} group by t.lang order by n desc, t.lang`,
  );
  return rows.map((r) => ({ key: r.lang, count: Number(r.n) }));
}

export type ApprovalSummary = { proposed: number; approved: number; declined: number; expired: number; pending: number; approvalRate: number | null };

/** Approval cards created in the range. Approved = the customer said yes (whatever the execution then did). */
export async function approvalSummary(db: Db, range: InsightsRange): Promise<ApprovalSummary> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      count(*)::int as proposed,
      count(*) filter (where status in ('executing', 'executed', 'refused', 'failed'))::int as approved,
      count(*) filter (where status = 'declined')::int as declined,
      count(*) filter (where status = 'expired')::int as expired,
      count(*) filter (where status = 'pending')::int as pending
    from approvals
    where ${inRange(sql`created_at`, range)}`,
  );
  const approved = num(row?.approved) ?? 0;
  const declined = num(row?.declined) ?? 0;
  return {
    proposed: num(row?.proposed) ?? 0,
    approved,
    declined,
    expired: num(row?.expired) ?? 0,
    pending: num(row?.pending) ?? 0,
    approvalRate: ratio(approved, approved + declined),
  };
}

export type DailyPoint = {
  day: string;
  answers: number;
  conversations: number;
  noAnswer: number;
  golden: number;
  feedbackUp: number;
  feedbackDown: number;
  noAnswerRate: number | null;
  positiveFeedbackRate: number | null;
  totalP95Ms: number | null;
};

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** One point per UTC day of the range (days without replies included, as zeros), in one pass. */
export async function dailySeries(db: Db, range: InsightsRange): Promise<DailyPoint[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      to_char(date_trunc('day', t.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
      count(*)::int as answers,
      count(distinct t.conversation_id)::int as conversations,
      count(*) filter (where t.outcome = 'no_answer')::int as no_answer,
      count(*) filter (where t.outcome = 'golden')::int as golden,
      count(*) filter (where f.rating = 'up')::int as up,
      count(*) filter (where f.rating = 'down')::int as down,
      percentile_cont(0.95) within group (order by t.total_ms) as total_p95
    from answer_traces t
    left join feedback f on f.message_id = t.message_id
    where ${inRange(sql`t.created_at`, range)}
    group by 1
    order by 1`,
  );
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const points: DailyPoint[] = [];
  for (let d = new Date(Date.UTC(range.from.getUTCFullYear(), range.from.getUTCMonth(), range.from.getUTCDate())); d < range.to; d = new Date(d.getTime() + 86_400_000)) {
    const day = isoDay(d);
    const r = byDay.get(day);
    const answers = num(r?.answers) ?? 0;
    const noAnswer = num(r?.no_answer) ?? 0;
    const up = num(r?.up) ?? 0;
    const down = num(r?.down) ?? 0;
    points.push({
      day,
      answers,
      conversations: num(r?.conversations) ?? 0,
      noAnswer,
      golden: num(r?.golden) ?? 0,
      feedbackUp: up,
      feedbackDown: down,
      noAnswerRate: ratio(noAnswer, answers),
      positiveFeedbackRate: ratio(up, up + down),
      totalP95Ms: num(r?.total_p95),
    });
  }
  return points;
}

export type UnansweredQuestion = { text: string; normalized: string; count: number; lang: string; lastAskedAt: Date };

/**
 * The questions the assistant could not answer, grouped by their normalised text: the condensed
 * (standalone) question where there is one, else the question, lower-cased with punctuation and
 * runs of spaces collapsed. Most asked first; the example is the latest wording.
 */
export async function topUnansweredQuestions(db: Db, range: InsightsRange, { limit = 20 }: { limit?: number } = {}): Promise<UnansweredQuestion[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      q.normalized,
      count(*)::int as n,
      (array_agg(q.text order by q.created_at desc))[1] as text,
      mode() within group (order by q.lang) as lang,
      max(q.created_at) as last_at
    from (
      select
        btrim(regexp_replace(lower(coalesce(nullif(btrim(t.condensed_query), ''), t.question)), '[[:punct:][:space:]]+', ' ', 'g')) as normalized,
        coalesce(nullif(btrim(t.condensed_query), ''), t.question) as text,
        t.lang,
        t.created_at
      from answer_traces t
      where ${inRange(sql`t.created_at`, range)} and t.outcome = 'no_answer'
    ) q
    where q.normalized <> ''
    group by q.normalized
    order by n desc, last_at desc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    text: String(r.text),
    normalized: String(r.normalized),
    count: Number(r.n),
    lang: String(r.lang),
    lastAskedAt: r.last_at instanceof Date ? r.last_at : new Date(String(r.last_at)),
  }));
}

export type ContentGap = {
  /** The article the questions were about (cited, else the best retrieved); null: none found. */
  documentId: string | null;
  title: string | null;
  slug: string | null;
  count: number;
  noAnswer: number;
  downvoted: number;
  askedAgain: number;
  /** Up to three of the questions, as asked (or condensed). */
  examples: string[];
  /** Titles of the articles the failed answers cited. */
  cited: string[];
};

const FAILED = sql`(outcome = 'no_answer' or (outcome in (${list(ANSWERED_OUTCOMES)}) and (rating = 'down' or (asked_again and rating is distinct from 'up' and not thanked))))`;

/** The content gaps: failed questions grouped by the article they were about, most first. */
export async function contentGaps(db: Db, range: InsightsRange, { limit = 20 }: { limit?: number } = {}): Promise<ContentGap[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${signalsCte(range)}, failed as (
      select s.*, coalesce(s.citations->0->>'documentId', s.retrieved->0->>'documentId') as topic
      from signals s
      where ${FAILED}
    ), cited as (
      select f.topic, array_agg(distinct x->>'title') as titles
      from failed f, jsonb_array_elements(f.citations) x
      group by f.topic
    )
    select f.topic, d.title, d.slug, count(*)::int as n,
      count(*) filter (where f.outcome = 'no_answer')::int as no_answer,
      count(*) filter (where f.rating = 'down')::int as downvoted,
      count(*) filter (where f.outcome <> 'no_answer' and f.rating is distinct from 'down')::int as asked_again,
      (array_agg(distinct f.text))[1:3] as examples,
      max(f.created_at) as last_at,
      (select c.titles from cited c where c.topic is not distinct from f.topic) as cited
    from failed f
    left join documents d on d.id = f.topic
    group by f.topic, d.title, d.slug
    order by n desc, last_at desc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    documentId: r.topic === null || r.topic === undefined ? null : String(r.topic),
    title: r.title === null || r.title === undefined ? null : String(r.title),
    slug: r.slug === null || r.slug === undefined ? null : String(r.slug),
    count: Number(r.n),
    noAnswer: Number(r.no_answer),
    downvoted: Number(r.downvoted),
    askedAgain: Number(r.asked_again),
    examples: Array.isArray(r.examples) ? r.examples.map(String) : [],
    cited: Array.isArray(r.cited) ? r.cited.filter((t) => t !== null).map(String) : [],
  }));
}

export type ArticleQuality = { documentId: string; title: string | null; slug: string | null; cited: number; downvoted: number; askedAgain: number };

/** Per cited article: answers citing it, of those down-voted, of those followed by the question asked again. */
export async function articleQuality(db: Db, range: InsightsRange, { limit = 20 }: { limit?: number } = {}): Promise<ArticleQuality[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${signalsCte(range)}, cited as (
      -- Each answer counts once per article, however many of its passages it cited.
      select s.id, d.doc, s.rating, s.asked_again, s.thanked
      from signals s
      cross join lateral (select distinct x->>'documentId' as doc from jsonb_array_elements(s.citations) x) d
      where s.outcome in (${list(ANSWERED_OUTCOMES)}) and jsonb_array_length(s.citations) > 0 and d.doc is not null
    )
    select c.doc, d.title, d.slug, count(*)::int as cited,
      count(*) filter (where c.rating = 'down')::int as downvoted,
      count(*) filter (where c.asked_again and c.rating is distinct from 'up' and not c.thanked)::int as asked_again
    from cited c
    left join documents d on d.id = c.doc
    group by c.doc, d.title, d.slug
    order by cited desc, c.doc
    limit ${limit}`,
  );
  return rows.map((r) => ({
    documentId: String(r.doc),
    title: r.title === null || r.title === undefined ? null : String(r.title),
    slug: r.slug === null || r.slug === undefined ? null : String(r.slug),
    cited: Number(r.cited),
    downvoted: Number(r.downvoted),
    askedAgain: Number(r.asked_again),
  }));
}

export type Insights = {
  range: InsightsRange;
  answers: AnswerSummary;
  conversations: ConversationSummary;
  handoffsByReason: CountBy[];
  languages: CountBy[];
  approvals: ApprovalSummary;
  daily: DailyPoint[];
  unanswered: UnansweredQuestion[];
  gaps: ContentGap[];
  articles: ArticleQuality[];
};

/** Everything the dashboard shows. The groups are independent queries (parallel on PostgreSQL). */
export async function loadInsights(db: Db, range: InsightsRange): Promise<Insights> {
  const [answers, conversations, handoffs, languages, approvals, daily, unanswered, gaps, articles] = await Promise.all([
    answerSummary(db, range),
    conversationSummary(db, range),
    handoffsByReason(db, range),
    answerLanguages(db, range),
    approvalSummary(db, range),
    dailySeries(db, range),
    topUnansweredQuestions(db, range),
    contentGaps(db, range),
    articleQuality(db, range),
  ]);
  return { range, answers, conversations, handoffsByReason: handoffs, languages, approvals, daily, unanswered, gaps, articles };
}
