import { sql, type SQL } from 'drizzle-orm';

/**
 * What the customer did after each reply in a time range — the evidence that an answer helped or
 * did not, since few customers press a thumb: `rating`, their thumbs-up or -down on the reply;
 * `asked_again` and `thanked`, from what their next message was (answer_traces.followed_by, set
 * by the chat when that message arrives: lib/chat/follow-up-signal.ts).
 *
 * A SQL fragment: `with signals as (…)` for the insights queries to select from.
 */
export function signalsCte({ from, to }: { from: Date; to: Date }): SQL {
  return sql`signals as (
    select t.id, t.conversation_id, t.created_at, t.outcome, t.route, t.lang, t.question, t.citations, t.retrieved,
      coalesce(nullif(btrim(t.condensed_query), ''), t.question) as text,
      f.rating,
      coalesce(t.followed_by = 'asked_again', false) as asked_again,
      coalesce(t.followed_by = 'thanked', false) as thanked
    from answer_traces t
    left join feedback f on f.message_id = t.message_id
    where t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
  )`;
}
