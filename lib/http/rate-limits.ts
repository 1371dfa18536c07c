import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { hitLimits } from '@/lib/db/queries/rate-limits';

/**
 * Request limits of the public surface, per minute. Every request is counted under its client
 * address, and (where there is one) under the visitor or user who sent it. An address may do
 * `addressFactor` times what one visitor may, since an office or a mobile carrier puts many
 * people behind one address. A request without a visitor cookie counts against one shared
 * "new visitor" budget per address, so dropping the cookie buys no fresh allowance.
 */
export type LimitName = 'chat' | 'handoff' | 'feedback' | 'approval' | 'search' | 'widget';

const PER_MINUTE: Record<LimitName, (config: Config) => number> = {
  chat: (config) => config.chat.rateLimitPerMinute,
  // A person asks for a human once or twice, and rates a handful of answers.
  handoff: () => 5,
  feedback: () => 30,
  approval: () => 20,
  search: (config) => config.rateLimits.searchPerMinute,
  // Widget sessions per address (each open of the widget asks once; a new visitor token is issued here).
  widget: (config) => config.chat.rateLimitPerMinute * config.rateLimits.addressFactor,
};

/** Who a request is counted against. `visitor` is a user id or an anonymous key; `newVisitor`: no cookie came with it. */
export type LimitSubject = { address: string; visitor?: string; newVisitor?: boolean };

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export function limitHits(name: LimitName, subject: LimitSubject, config: Config): { key: string; max: number }[] {
  const perMinute = PER_MINUTE[name](config);
  // Search has no visitor: the address's budget is the search budget itself.
  if (!subject.visitor) return [{ key: `${name}:addr:${subject.address}`, max: perMinute }];
  return [
    { key: subject.newVisitor ? `${name}:new:${subject.address}` : `${name}:visitor:${subject.visitor}`, max: perMinute },
    { key: `${name}:addr:${subject.address}`, max: perMinute * config.rateLimits.addressFactor },
  ];
}

/** Counts the request (atomically, in one statement) and says whether it is within every budget. */
export async function takeRateLimit(db: Db, { name, subject, config }: { name: LimitName; subject: LimitSubject; config: Config }): Promise<LimitVerdict> {
  const hits = limitHits(name, subject, config);
  const states = await hitLimits(db, { hits: hits.map(({ key }) => ({ key, windowSeconds: 60 })) });
  const over = states.filter((state, i) => state.count > hits[i]!.max);
  if (over.length === 0) return { ok: true };
  const until = Math.max(...over.map((state) => state.resetAt.getTime()));
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)) };
}
