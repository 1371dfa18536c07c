import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readUIMessageStream } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { saveFeedback } from '@/lib/db/queries/feedback';
import { findResumableConversation } from '@/lib/db/queries/conversations';
import { claimHandoff, closeHandoff, requestHandoff } from '@/lib/db/queries/handoffs';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { loadConversationDetail } from './conversation-detail';
import type { ChatUIMessage } from '@/lib/domain/chat';
import { anonKeyOf } from './anon-key';
import { STAGES } from '@/lib/observability/stage-times';
import { startChatTurn } from './turn';

const config = parseConfig({});
const alice = { kind: 'anon' as const, anonKey: anonKeyOf('a'.repeat(43)) };
const mallory = { kind: 'anon' as const, anonKey: anonKeyOf('m'.repeat(43)) };

function request(conversationId: string, text: string, id: string = randomUUID()) {
  return { conversationId, message: { id, role: 'user' as const, parts: [{ type: 'text' as const, text }] } };
}

async function lastMessage(stream: ReadableStream<never> | ReadableStream<unknown>): Promise<ChatUIMessage> {
  let last: ChatUIMessage | undefined;
  for await (const message of readUIMessageStream<ChatUIMessage>({ stream: stream as never })) last = message;
  if (!last) throw new Error('no message streamed');
  return last;
}

describe.each(testBackends())('chat turns on $name', ({ open }) => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const turn = (owner: typeof alice, conversationId: string, text: string, id?: string) =>
    startChatTurn({ db: database.db, config, owner, signedIn: false, request: request(conversationId, text, id) });

  it('streams the answer with its metadata and stores the messages and a full trace', async () => {
    const id = randomUUID();
    const started = await turn(alice, id, 'How do I restart the Box 5 with the power button?');
    if (!started.ok) throw new Error('turn refused');
    const message = await lastMessage(started.stream);
    expect(message.role).toBe('assistant');
    expect(message.metadata).toMatchObject({ conversationId: id, outcome: 'answered', lang: 'en' });
    expect(message.metadata!.citations![0]!.documentId).toBe('restart-box5-en');
    const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    expect(text).toContain('[1]');

    const [trace] = await queryRows<Record<string, unknown>>(database.db, sql`select * from answer_traces where message_id = ${message.metadata!.messageId!}`);
    expect(trace).toMatchObject({ conversation_id: id, lang: 'en', route: 'knowledge', outcome: 'answered', model: 'local:lantern-extractive-v1' });
    expect((trace!.retrieved as unknown[]).length).toBeGreaterThan(0);
    expect(Number(trace!.ttft_ms)).toBeGreaterThanOrEqual(0);
    expect(Number(trace!.total_ms)).toBeGreaterThanOrEqual(Number(trace!.ttft_ms));
    // Where its time went, stage by stage: each stage's own time, together no more than the turn's.
    const stages = (trace!.details as { stagesMs: Record<string, number> }).stagesMs;
    expect(Object.keys(stages)).toEqual(expect.arrayContaining([...STAGES]));
    expect(Object.values(stages).every((ms) => ms >= 0)).toBe(true);
    expect(Object.values(stages).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(Number(trace!.total_ms) + 1);

    const detail = await loadConversationDetail(database.db, { id, owner: alice });
    expect(detail!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(detail!.messages[1]!.metadata!.citations).toEqual(message.metadata!.citations);
  });

  it('sends the citations before the text that cites them, so links work while streaming', async () => {
    const started = await turn(alice, randomUUID(), 'How do I restart the Box 5 with the power button?');
    if (!started.ok) throw new Error('turn refused');
    const chunks: { type: string; delta?: string; messageMetadata?: { citations?: unknown[] } }[] = [];
    const reader = started.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as (typeof chunks)[number]);
    }
    const firstCitingText = chunks.findIndex((c) => c.type === 'text-delta' && /\[\d+\]/.test(c.delta ?? ''));
    const firstCitations = chunks.findIndex((c) => c.type === 'message-metadata' && (c.messageMetadata?.citations?.length ?? 0) > 0);
    expect(firstCitingText).toBeGreaterThan(0);
    expect(firstCitations).toBeGreaterThan(0);
    expect(firstCitations).toBeLessThan(firstCitingText);
  });

  it('keeps other people out of a conversation', async () => {
    const id = randomUUID();
    const mine = await turn(alice, id, 'How much does roaming cost?');
    if (mine.ok) await lastMessage(mine.stream);
    const theirs = await turn(mallory, id, 'What did they ask?');
    expect(theirs).toMatchObject({ ok: false, status: 404 });
    expect(await loadConversationDetail(database.db, { id, owner: mallory })).toBeNull();
    const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from messages where conversation_id = ${id}`)) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('hands a conversation started anonymously to the user who signs in on the same browser, and to nobody else', async () => {
    const [user] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, name, password_hash, role) values (${`u${randomUUID().slice(0, 8)}@example.com`}, 'U', 'x', 'customer') returning id`,
    );
    const id = randomUUID();
    const first = await turn(alice, id, 'How much does roaming cost?');
    if (first.ok) await lastMessage(first.stream);
    const stranger = { kind: 'user' as const, userId: user!.id };
    expect(await loadConversationDetail(database.db, { id, owner: stranger })).toBeNull();
    const signedIn = { kind: 'user' as const, userId: user!.id, anonKey: alice.anonKey };
    const detail = await loadConversationDetail(database.db, { id, owner: signedIn });
    expect(detail!.messages).toHaveLength(2);
    // Now it is the user's: the anonymous session alone no longer opens it.
    expect(await loadConversationDetail(database.db, { id, owner: alice })).toBeNull();
    expect(await loadConversationDetail(database.db, { id, owner: stranger })).not.toBeNull();
  });

  it('treats a repeated message id as a retry: one question, the old answer superseded', async () => {
    const id = randomUUID();
    const messageId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const started = await turn(alice, id, 'How much does roaming cost per day?', messageId);
      if (started.ok) await lastMessage(started.stream);
    }
    const detail = await loadConversationDetail(database.db, { id, owner: alice });
    expect(detail!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const rows = await queryRows<{ superseded: boolean }>(database.db, sql`select superseded from messages where conversation_id = ${id} and role = 'assistant' order by seq`);
    expect(rows.map((r) => r.superseded)).toEqual([true, false]);
  });

  it('stores one rating per answer and one open hand-off per conversation, both visible after reload', async () => {
    const id = randomUUID();
    const started = await turn(alice, id, 'Do you sell leather phone cases for the Box 5?');
    if (!started.ok) throw new Error('turn refused');
    const message = await lastMessage(started.stream);
    expect(message.metadata).toMatchObject({ outcome: 'no_answer', handoffOffered: true });
    const messageId = message.metadata!.messageId!;
    await saveFeedback(database.db, { messageId, rating: 'up', comment: null });
    await saveFeedback(database.db, { messageId, rating: 'down', comment: 'Not helpful' });
    const first = await requestHandoff(database.db, { conversationId: id, reason: 'missing_knowledge', note: null });
    const second = await requestHandoff(database.db, { conversationId: id, reason: 'customer_request', note: 'again' });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, handoff: { id: first.handoff.id, reason: 'missing_knowledge', status: 'open' } });
    const detail = await loadConversationDetail(database.db, { id, owner: alice });
    expect(detail!.messages[1]!.metadata!.feedback).toEqual({ rating: 'down', comment: 'Not helpful' });
    expect(detail!.handoff).toMatchObject({ id: first.handoff.id, reason: 'missing_knowledge', status: 'open' });
  });

  it('does not answer while a person holds the conversation: the message goes to them, the customer gets an acknowledgement', async () => {
    const [expert] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, name, password_hash, role) values (${`e${randomUUID().slice(0, 8)}@example.com`}, 'Erika Expert', 'x', 'expert') returning id`,
    );
    const id = randomUUID();
    const first = await turn(alice, id, 'How much does roaming cost?');
    if (first.ok) await lastMessage(first.stream);
    const { handoff } = await requestHandoff(database.db, { conversationId: id, reason: 'customer_request', note: null });

    // Open, not yet claimed: the bot still helps.
    const waiting = await turn(alice, id, 'How do I restart the Box 5 with the power button?');
    if (!waiting.ok) throw new Error('turn refused');
    expect((await lastMessage(waiting.stream)).metadata!.outcome).toBe('answered');

    await claimHandoff(database.db, { id: handoff.id, userId: expert!.id });
    const held = await turn(alice, id, 'How do I restart the Box 5 with the power button?');
    if (!held.ok) throw new Error('turn refused');
    const ack = await lastMessage(held.stream);
    expect(ack.metadata).toMatchObject({ outcome: 'relayed', citations: [] });
    expect(ack.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')).toMatch(/passed to Erika/);
    const traces = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from answer_traces where message_id = ${ack.metadata!.messageId!}`);
    expect(traces[0]!.n).toBe(0);
    const detail = await loadConversationDetail(database.db, { id, owner: alice });
    expect(detail!.messages.at(-2)).toMatchObject({ role: 'user' });

    expect(await closeHandoff(database.db, { id: handoff.id, userId: expert!.id, outcome: 'resolved' })).toMatchObject({ ok: true });
    const after = await turn(alice, id, 'How do I restart the Box 5 with the power button?');
    if (!after.ok) throw new Error('turn refused');
    expect((await lastMessage(after.stream)).metadata!.outcome).toBe('answered');
  });

  it('finds the conversation a new tab of the same browser should resume: a held one first, else the latest recent one', async () => {
    const visitor = { kind: 'anon' as const, anonKey: anonKeyOf(randomUUID().replace(/-/g, '').padEnd(43, 'x')) };
    const stranger = { kind: 'anon' as const, anonKey: anonKeyOf(randomUUID().replace(/-/g, '').padEnd(43, 'y')) };
    const hourAgo = new Date(Date.now() - 3_600_000);
    expect(await findResumableConversation(database.db, { owner: visitor, since: hourAgo })).toBeNull();

    const older = randomUUID();
    const first = await turn(visitor, older, 'How much does roaming cost?');
    if (first.ok) await lastMessage(first.stream);
    const newer = randomUUID();
    const second = await turn(visitor, newer, 'How do I restart the Box 5 with the power button?');
    if (second.ok) await lastMessage(second.stream);
    expect(await findResumableConversation(database.db, { owner: visitor, since: hourAgo })).toBe(newer);
    expect(await findResumableConversation(database.db, { owner: stranger, since: hourAgo })).toBeNull();

    // The older one waits for a person: that is the one to show, with the reply address kept.
    await requestHandoff(database.db, { conversationId: older, reason: 'customer_request', note: null, contactEmail: 'me@example.com' });
    expect(await findResumableConversation(database.db, { owner: visitor, since: hourAgo })).toBe(older);
    const [stored] = await queryRows<{ contact_email: string | null }>(database.db, sql`select contact_email from handoffs where conversation_id = ${older}`);
    expect(stored!.contact_email).toBe('me@example.com');
    // Long ago and nobody handling it: a new tab starts afresh.
    await database.db.execute(sql`update handoffs set status = 'closed' where conversation_id = ${older}`);
    expect(await findResumableConversation(database.db, { owner: visitor, since: new Date(Date.now() + 60_000) })).toBeNull();
  });
});
