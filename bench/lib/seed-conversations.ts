import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/**
 * Seeds `count` synthetic chat conversations for console benchmarks, in set-based SQL (seconds
 * for 100k on PostgreSQL): each has a customer question and an answer with a trace, spread over
 * the last 90 days in four languages, with realistic shares of thumbs (25 %), thumbs down (6 %),
 * hand-offs (5 %, a third still open), no-answers (10 %), golden hits (8 %) and expert reviews (2 %).
 * Ids are derived from the row number, so the tables link up without a round trip.
 */
export async function seedConversations(db: Db, { count }: { count: number }): Promise<void> {
  const n = sql.raw(String(Math.trunc(count)));
  await db.execute(sql`
    insert into conversations (id, owner_anon_key, title, lang, created_at, updated_at)
    select md5('c' || i)::uuid, md5('anon' || (i % 20000)), 'Question number ' || i || ' about ' || (array['roaming', 'my invoice', 'the Box 5', 'Wi-Fi', 'TV replay'])[1 + i % 5],
           (array['en', 'de', 'fr', 'it'])[1 + i % 4], ts, ts
    from (select i, now() - ((i % 90) || ' days')::interval - ((i % 1440) || ' minutes')::interval as ts from generate_series(1, ${n}) i) s`);
  await db.execute(sql`
    insert into messages (id, conversation_id, client_id, role, content, lang, created_at)
    select md5('u' || i)::uuid, md5('c' || i)::uuid, 'm' || i, 'user', c.title, c.lang, c.created_at
    from generate_series(1, ${n}) i join conversations c on c.id = md5('c' || i)::uuid`);
  await db.execute(sql`
    insert into messages (id, conversation_id, role, content, lang, outcome, handoff_offered, reply_to, created_at)
    select md5('a' || i)::uuid, md5('c' || i)::uuid, 'assistant', 'An answer [1].', c.lang,
           case when i % 10 = 0 then 'no_answer' when i % 12 = 1 then 'golden' else 'answered' end, i % 10 = 0, md5('u' || i)::uuid,
           c.created_at + interval '2 seconds'
    from generate_series(1, ${n}) i join conversations c on c.id = md5('c' || i)::uuid`);
  await db.execute(sql`
    insert into answer_traces (message_id, conversation_id, question, lang, route, outcome, golden_id, golden_score, retrieved, citations, model, tokens_in, tokens_out, cost_usd, ttft_ms, total_ms, created_at)
    select m.id, m.conversation_id, c.title, c.lang, 'knowledge', m.outcome,
           case when m.outcome = 'golden' then 'golden-en-002' end, case when m.outcome = 'golden' then 0.93 end,
           '[{"chunkId": 1, "documentId": "internet-slow-en", "score": 0.8, "passed": true}]'::jsonb, '[]'::jsonb,
           'local:lantern-extractive-v1', 900 + (i % 400), 120 + (i % 80), 0, 20 + (i % 60), 30 + (i % 90), m.created_at
    from generate_series(1, ${n}) i join messages m on m.id = md5('a' || i)::uuid join conversations c on c.id = m.conversation_id`);
  await db.execute(sql`
    insert into feedback (message_id, rating, comment, created_at, updated_at)
    select md5('a' || i)::uuid, case when i % 16 = 0 then 'down' else 'up' end, case when i % 16 = 0 then 'Not what I asked' end, now(), now()
    from generate_series(1, ${n}) i where i % 4 = 0`);
  await db.execute(sql`
    insert into handoffs (conversation_id, reason, status, created_at, closed_at, outcome)
    select md5('c' || i)::uuid, (array['customer_request', 'missing_knowledge', 'policy', 'tool_failure', 'other'])[1 + (i / 20) % 5],
           case when i % 60 = 0 then 'open' else 'closed' end, c.created_at + interval '1 minute',
           case when i % 60 = 0 then null else c.created_at + interval '30 minutes' end, case when i % 60 = 0 then null else 'resolved' end
    from generate_series(1, ${n}) i join conversations c on c.id = md5('c' || i)::uuid where i % 20 = 0`);
  await db.execute(sql`
    insert into answer_reviews (message_id, verdict, comment, reviewed_at)
    select md5('a' || i)::uuid, case when i % 100 = 0 then 'flagged' else 'endorsed' end, null, now()
    from generate_series(1, ${n}) i where i % 50 = 0`);
  await db.execute(sql`analyze`);
}
