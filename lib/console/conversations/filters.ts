import { z } from 'zod';
import type { ConversationCursor, ConversationListFilters } from '@/lib/db/queries/console-conversations';

/**
 * The conversation list's state lives in the URL (shareable, back button works). This module
 * turns search params into typed filters and back. Anything malformed is dropped rather than
 * answered with an error page: a hand-edited URL still shows a list.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f-]{36})$/i;

/** The list's filters as the URL carries them: days instead of instants, plus the page cursor. */
export type ConversationListParams = Omit<ConversationListFilters, 'since' | 'until'> & {
  from?: string;
  to?: string;
  after?: ConversationCursor;
  before?: ConversationCursor;
};

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const flag = z
  .enum(['1', 'true', 'on', 'yes'])
  .transform(() => true)
  .optional()
  .catch(undefined);

const paramsSchema = z.object({
  from: optional(z.string().regex(DAY).refine(isRealDay)),
  to: optional(z.string().regex(DAY).refine(isRealDay)),
  lang: optional(z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2})?$/)),
  feedback: optional(z.enum(['up', 'down', 'none'])),
  endorsement: optional(z.enum(['customer', 'expert', 'none'])),
  handoff: optional(z.enum(['yes', 'no'])),
  no_answer: flag,
  golden: flag,
  tools: flag,
  q: optional(z.string().trim().min(1).max(200)),
  after: optional(z.string().transform(parseCursor)),
  before: optional(z.string().transform(parseCursor)),
});

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

function parseCursor(value: string): ConversationCursor | undefined {
  const match = CURSOR.exec(value);
  if (!match || !UUID.test(match[2]!)) return undefined;
  return { at: match[1]!, id: match[2]!.toLowerCase() };
}

export function formatCursor(cursor: ConversationCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

type RawParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function parseConversationListParams(raw: RawParams): ConversationListParams {
  const flat = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v) || undefined]));
  const p = paramsSchema.parse(flat);
  return {
    from: p.from,
    to: p.to,
    lang: p.lang,
    feedback: p.feedback,
    endorsement: p.endorsement,
    handoff: p.handoff,
    noAnswer: p.no_answer,
    golden: p.golden,
    tools: p.tools,
    q: p.q,
    after: p.after,
    before: p.after ? undefined : p.before,
  };
}

/** The query's filters: days are whole UTC days, `to` included. */
export function toListFilters(params: ConversationListParams): ConversationListFilters {
  const [from, to] = params.from && params.to && params.from > params.to ? [params.to, params.from] : [params.from, params.to];
  return {
    since: from ? new Date(`${from}T00:00:00Z`) : undefined,
    until: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
    lang: params.lang,
    feedback: params.feedback,
    endorsement: params.endorsement,
    handoff: params.handoff,
    noAnswer: params.noAnswer,
    golden: params.golden,
    tools: params.tools,
    q: params.q,
  };
}

/** Search params for these filters (cursor left out unless given): for links and pagination. */
export function conversationListHref(params: ConversationListParams, page?: { after?: ConversationCursor; before?: ConversationCursor }): string {
  const search = new URLSearchParams();
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  if (params.lang) search.set('lang', params.lang);
  if (params.feedback) search.set('feedback', params.feedback);
  if (params.endorsement) search.set('endorsement', params.endorsement);
  if (params.handoff) search.set('handoff', params.handoff);
  if (params.noAnswer) search.set('no_answer', '1');
  if (params.golden) search.set('golden', '1');
  if (params.tools) search.set('tools', '1');
  if (params.q) search.set('q', params.q);
  if (page?.after) search.set('after', formatCursor(page.after));
  else if (page?.before) search.set('before', formatCursor(page.before));
  const query = search.toString();
  return query ? `/admin/conversations?${query}` : '/admin/conversations';
}

export function hasActiveFilters(params: ConversationListParams): boolean {
  return Boolean(
    params.from || params.to || params.lang || params.feedback || params.endorsement || params.handoff || params.noAnswer || params.golden || params.tools || params.q,
  );
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
