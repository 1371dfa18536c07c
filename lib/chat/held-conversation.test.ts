import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readUIMessageStream } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { openConversation, type ConversationOwner } from '@/lib/db/queries/conversations';
import { claimHandoff, closeHandoff, findHolder, requestHandoff } from '@/lib/db/queries/handoffs';
import { loadInsights } from '@/lib/db/queries/insights';
import { createUser } from '@/lib/db/queries/users';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import type { ChatUIMessage } from '@/lib/domain/chat';
import { metrics } from '@/lib/observability/metrics';
import { anonKeyOf } from './anon-key';
import { relayIfHeld } from './held-conversation';
import { startChatTurn } from './turn';

/**
 * A conversation a support expert holds (its hand-off claimed): the bot stays silent and only
 * acknowledges, in the customer's language, naming the expert by first name. An open hand-off
 * (nobody on it yet) and a closed one leave the bot answering.
 */

const config = parseConfig({});

function textOf(message: ChatUIMessage): string {
  return message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

async function lastMessage(stream: ReadableStream<unknown>): Promise<ChatUIMessage> {
  let last: ChatUIMessage | undefined;
  for await (const message of readUIMessageStream<ChatUIMessage>({ stream: stream as never })) last = message;
  if (!last) throw new Error('no message streamed');
  return last;
}

async function relayedAnswers(): Promise<number> {
  const { values } = await metrics().answers.get();
  return values.filter((v) => v.labels.outcome === 'relayed').reduce((sum, v) => sum + v.value, 0);
}

describe.each(testBackends())('held conversations on $name', ({ open }) => {
  let database: Database;
  let erika: string;
  let nameless: string;
  const visitor: ConversationOwner = { kind: 'anon', anonKey: anonKeyOf('h'.repeat(43)) };

  beforeAll(async () => {
    database = await open();
    erika = (await createUser(database.db, { email: 'erika@alpenwave.example', name: 'Erika Muster', passwordHash: 'x', role: 'expert' })).id;
    nameless = (await createUser(database.db, { email: 'nobody@alpenwave.example', name: '  ', passwordHash: 'x', role: 'expert' })).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function conversation(lang: string | null = 'en') {
    const id = randomUUID();
    const opened = await openConversation(database.db, { id, owner: visitor, title: 'Help', lang });
    if (!opened.ok) throw new Error('not opened');
    return id;
  }

  it('holds only while a hand-off is claimed: not before anyone claims it, not after it is closed', async () => {
    const conversationId = await conversation();
    const ask = () => relayIfHeld(database.db, { conversationId, question: 'How do I restart my Box 5?', prior: 'en' });
    expect(await findHolder(database.db, { conversationId })).toBeNull();
    expect(await ask()).toBeNull();

    const { handoff } = await requestHandoff(database.db, { conversationId, reason: 'customer_request', note: null });
    expect(await findHolder(database.db, { conversationId })).toBeNull();
    expect(await ask()).toBeNull();

    expect(await claimHandoff(database.db, { id: handoff.id, userId: erika })).toMatchObject({ ok: true });
    expect(await findHolder(database.db, { conversationId })).toEqual({ name: 'Erika Muster' });
    const relay = await ask();
    expect(relay).toEqual({ lang: 'en', text: 'Your message was passed to Erika from our support team. The reply will appear here.' });
    // First name only: the customer does not get the staff member's full name.
    expect(relay!.text).not.toContain('Muster');

    expect(await closeHandoff(database.db, { id: handoff.id, userId: erika, outcome: 'resolved' })).toMatchObject({ ok: true });
    expect(await findHolder(database.db, { conversationId })).toBeNull();
    expect(await ask()).toBeNull();
  });

  it('another conversation held by someone else does not silence this one', async () => {
    const held = await conversation();
    const free = await conversation();
    const { handoff } = await requestHandoff(database.db, { conversationId: held, reason: 'customer_request', note: null });
    await claimHandoff(database.db, { id: handoff.id, userId: erika });
    expect(await relayIfHeld(database.db, { conversationId: held, question: 'Hello?', prior: 'en' })).not.toBeNull();
    expect(await relayIfHeld(database.db, { conversationId: free, question: 'Hello?', prior: 'en' })).toBeNull();
  });

  it("acknowledges in the customer's language, and names the team when the expert has no usable name", async () => {
    const conversationId = await conversation('en');
    const { handoff } = await requestHandoff(database.db, { conversationId, reason: 'customer_request', note: null });
    await claimHandoff(database.db, { id: handoff.id, userId: erika });
    const relay = (question: string, prior: 'en' | 'de' | 'fr' | 'it' | undefined = 'en') => relayIfHeld(database.db, { conversationId, question, prior });

    expect(await relay('Ich habe die Box schon zweimal neu gestartet, aber das Internet geht immer noch nicht.')).toEqual({
      lang: 'de',
      text: 'Ihre Nachricht wurde an Erika aus unserem Support-Team weitergeleitet. Die Antwort erscheint hier.',
    });
    expect(await relay("J'ai déjà redémarré la box deux fois, mais internet ne fonctionne toujours pas.")).toMatchObject({ lang: 'fr', text: expect.stringMatching(/^Votre message a été transmis à Erika/) });
    expect(await relay('Ho già riavviato il modem due volte, ma internet non funziona ancora.')).toMatchObject({ lang: 'it', text: expect.stringMatching(/^Il Suo messaggio è stato inoltrato a Erika/) });
    // Too short to tell: the conversation's language so far.
    expect(await relay('ok', 'fr')).toMatchObject({ lang: 'fr' });

    const other = await conversation('de');
    const second = await requestHandoff(database.db, { conversationId: other, reason: 'customer_request', note: null });
    await claimHandoff(database.db, { id: second.handoff.id, userId: nameless });
    expect(await relayIfHeld(database.db, { conversationId: other, question: 'Wie lange dauert das noch?', prior: 'de' })).toEqual({
      lang: 'de',
      text: 'Ihre Nachricht wurde an unser Support-Team weitergeleitet. Die Antwort erscheint hier.',
    });
  });

  it('a held turn stores the message for the expert and an acknowledgement: no trace, not an answer in insights or metrics', async () => {
    const from = new Date(Date.now() - 60_000);
    const conversationId = await conversation();
    const { handoff } = await requestHandoff(database.db, { conversationId, reason: 'customer_request', note: null });
    await claimHandoff(database.db, { id: handoff.id, userId: erika });
    const before = await relayedAnswers();

    const question = 'Are you still there? My line is down since this morning.';
    const turn = await startChatTurn({
      db: database.db,
      config,
      owner: visitor,
      signedIn: false,
      request: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] } },
    });
    if (!turn.ok) throw new Error('turn refused');
    const ack = await lastMessage(turn.stream);
    expect(ack.metadata).toMatchObject({ conversationId, outcome: 'relayed', citations: [], handoffOffered: false, lang: 'en' });
    expect(textOf(ack)).toBe('Your message was passed to Erika from our support team. The reply will appear here.');

    const stored = await queryRows<{ id: string; role: string; content: string; outcome: string | null }>(
      database.db,
      sql`select id, role, content, outcome from messages where conversation_id = ${conversationId} order by created_at, role desc`,
    );
    expect(stored.map((m) => [m.role, m.outcome])).toEqual([
      ['user', null],
      ['assistant', 'relayed'],
    ]);
    expect(stored[0]!.content).toBe(question);
    expect(stored[1]!.id).toBe(ack.metadata!.messageId);

    const traces = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from answer_traces where conversation_id = ${conversationId}`);
    expect(traces[0]!.n).toBe(0);
    const insights = await loadInsights(database.db, { from, to: new Date(Date.now() + 60_000) });
    expect(insights.answers.answers).toBe(0);
    expect(insights.conversations).toMatchObject({ conversations: 0, resolved: 0 });
    expect(await relayedAnswers()).toBe(before);
  });
});
