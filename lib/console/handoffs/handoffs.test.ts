import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, warmPool, type DemoDatabase } from '@/lib/actions/repository/testing';
import { loadConversationDetail } from '@/lib/chat/conversation-detail';
import type { Db } from '@/lib/db/client';
import { openConversation, type ConversationOwner } from '@/lib/db/queries/conversations';
import { claimHandoff, closeHandoff, findHandoffForConsole, listHandoffQueue, requestHandoff, storeAgentReply } from '@/lib/db/queries/handoffs';
import { storeUserMessage } from '@/lib/db/queries/messages';
import { createUser, findUserByEmail } from '@/lib/db/queries/users';
import { handoffs } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { formatHandoffOutcome, formatWaiting, parseHandoffOutcome } from './outcome';
import { refusalMessage } from './refusal';

describe.each(testBackends())('hand-offs in the console on $name', ({ open }) => {
  let demo: DemoDatabase;
  let db: Db;
  let sofia: string;
  let nico: string;
  const anon: ConversationOwner = { kind: 'anon', anonKey: 'c'.repeat(64) };

  beforeAll(async () => {
    demo = await openDemoDatabase(open);
    db = demo.database.db;
    sofia = (await findUserByEmail(db, { email: 'expert@alpenwave.example' }))!.id;
    nico = (await createUser(db, { email: 'nico@alpenwave.example', name: 'Nico Frei', passwordHash: 'x', role: 'expert' })).id;
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  async function ask(owner: ConversationOwner, question: string, createdAt?: Date) {
    const conversationId = randomUUID();
    const opened = await openConversation(db, { id: conversationId, owner, title: question, lang: 'de' });
    if (!opened.ok) throw new Error('not opened');
    await storeUserMessage(db, { conversationId, clientId: randomUUID(), content: question, lang: 'de' });
    const { handoff } = await requestHandoff(db, { conversationId, reason: 'customer_request', note: 'bitte anrufen' });
    if (createdAt) await db.update(handoffs).set({ createdAt }).where(eq(handoffs.id, handoff.id));
    return { conversationId, handoffId: handoff.id };
  }

  it('lists the queue oldest first, with the customer or "anonymous" and the language', async () => {
    const older = await ask({ kind: 'user', userId: demo.ids.anna.userId }, 'Mein Internet geht nicht', new Date(Date.now() - 3_600_000));
    const newer = await ask(anon, 'Ich will kündigen');
    const queue = await listHandoffQueue(db, { view: 'active' });
    const mine = queue.filter((h) => [older.handoffId, newer.handoffId].includes(h.id));
    expect(mine.map((h) => h.id)).toEqual([older.handoffId, newer.handoffId]);
    expect(mine[0]).toMatchObject({ reason: 'customer_request', note: 'bitte anrufen', status: 'open', customerName: 'Anna Meier', customerEmail: 'anna.meier@example.ch', lang: 'de', title: 'Mein Internet geht nicht' });
    expect(mine[1]).toMatchObject({ customerName: null, customerEmail: null });
  });

  it('searches the queue by question, customer or reason, and pages through it', async () => {
    const stamp = randomUUID().slice(0, 8);
    const first = await ask({ kind: 'user', userId: demo.ids.anna.userId }, `Router ${stamp} kaputt`);
    const second = await ask(anon, `Router ${stamp} blinkt`);
    const byQuestion = await listHandoffQueue(db, { view: 'active', q: `router ${stamp}` });
    expect(byQuestion.map((h) => h.id).sort()).toEqual([first.handoffId, second.handoffId].sort());
    const byCustomer = await listHandoffQueue(db, { view: 'active', q: 'anna.meier' });
    expect(byCustomer.map((h) => h.id)).toContain(first.handoffId);
    expect(byCustomer.map((h) => h.id)).not.toContain(second.handoffId);
    // Two pages of one: different rows, together the two matches.
    const page1 = await listHandoffQueue(db, { view: 'active', q: `router ${stamp}`, limit: 1, offset: 0 });
    const page2 = await listHandoffQueue(db, { view: 'active', q: `router ${stamp}`, limit: 1, offset: 1 });
    expect([...page1, ...page2].map((h) => h.id).sort()).toEqual([first.handoffId, second.handoffId].sort());
    // LIKE wildcards in the search box are plain text.
    expect(await listHandoffQueue(db, { view: 'active', q: '%%%' })).toEqual([]);
  });

  it('a claim race has exactly one winner; the other expert is told who has it', async () => {
    const { handoffId } = await ask(anon, 'Wer ruft mich an?');
    await warmPool(demo.database);
    const [a, b] = await Promise.all([claimHandoff(db, { id: handoffId, userId: sofia }), claimHandoff(db, { id: handoffId, userId: nico })]);
    const results = [a, b];
    const winners = results.filter((r) => r.ok);
    const losers = results.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winnerName = a.ok ? 'Sofia Keller' : 'Nico Frei';
    expect(losers[0]).toEqual({ ok: false, reason: 'claimed_by_other', claimedByName: winnerName });
    expect(refusalMessage(losers[0] as never)).toBe(`Already claimed by ${winnerName}.`);
    const stored = await findHandoffForConsole(db, { id: handoffId });
    expect(stored).toMatchObject({ status: 'claimed', claimedByName: winnerName });
    expect(stored!.claimedAt).toBeInstanceOf(Date);
    // The winner clicking again is fine; nobody can claim a claimed one.
    const winnerId = a.ok ? sofia : nico;
    expect(await claimHandoff(db, { id: handoffId, userId: winnerId })).toMatchObject({ ok: true, already: true });
    expect(await claimHandoff(db, { id: randomUUID(), userId: sofia })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('many experts at once: still one winner', async () => {
    const { handoffId } = await ask(anon, 'Noch eine Frage');
    const experts = [sofia, nico, sofia, nico, sofia, nico];
    const results = await Promise.all(experts.map((userId) => claimHandoff(db, { id: handoffId, userId })));
    const fresh = results.filter((r) => r.ok && !r.already);
    expect(fresh).toHaveLength(1);
  });

  it('the claimer replies: an agent message the customer sees in their chat; others cannot reply', async () => {
    const { handoffId, conversationId } = await ask(anon, 'Kann mich jemand anrufen?');
    expect(await storeAgentReply(db, { handoffId, userId: sofia, content: 'Too early' })).toEqual({ ok: false, reason: 'not_claimed' });
    expect((await claimHandoff(db, { id: handoffId, userId: sofia })).ok).toBe(true);
    expect(await storeAgentReply(db, { handoffId, userId: nico, content: 'Not mine' })).toEqual({ ok: false, reason: 'claimed_by_other', claimedByName: 'Sofia Keller' });
    const reply = await storeAgentReply(db, { handoffId, userId: sofia, content: 'Grüezi, hier ist Sofia. Ich rufe Sie um 14 Uhr an.' });
    expect(reply).toMatchObject({ ok: true, message: { role: 'agent', outcome: 'agent', lang: 'de', conversationId } });

    const detail = await loadConversationDetail(db, { id: conversationId, owner: anon });
    const last = detail!.messages.at(-1)!;
    expect(last.role).toBe('assistant');
    expect(last.metadata?.outcome).toBe('agent');
    expect(last.parts).toContainEqual({ type: 'text', text: 'Grüezi, hier ist Sofia. Ich rufe Sie um 14 Uhr an.' });
    expect(detail!.handoff).toMatchObject({ id: handoffId, status: 'claimed' });
  });

  it('the claimer closes with an outcome; closed ones move to the closed tab and take no replies', async () => {
    const { handoffId, conversationId } = await ask(anon, 'Rückruf bitte');
    expect(await closeHandoff(db, { id: handoffId, userId: sofia, outcome: 'resolved' })).toEqual({ ok: false, reason: 'not_claimed' });
    await claimHandoff(db, { id: handoffId, userId: sofia });
    expect(await closeHandoff(db, { id: handoffId, userId: nico, outcome: 'resolved' })).toMatchObject({ ok: false, reason: 'claimed_by_other' });
    const closed = await closeHandoff(db, { id: handoffId, userId: sofia, outcome: formatHandoffOutcome('other', '  called back,\n fixed ') });
    expect(closed).toMatchObject({ ok: true, handoff: { status: 'closed', outcome: 'other: called back, fixed' } });
    expect(closed.ok && closed.handoff.closedAt).toBeInstanceOf(Date);
    expect(await closeHandoff(db, { id: handoffId, userId: sofia, outcome: 'resolved' })).toEqual({ ok: false, reason: 'closed' });
    expect(await storeAgentReply(db, { handoffId, userId: sofia, content: 'late' })).toEqual({ ok: false, reason: 'closed' });
    expect((await listHandoffQueue(db, { view: 'active' })).some((h) => h.id === handoffId)).toBe(false);
    expect((await listHandoffQueue(db, { view: 'closed' })).find((h) => h.id === handoffId)).toMatchObject({ outcome: 'other: called back, fixed', claimedByName: 'Sofia Keller' });
    expect((await loadConversationDetail(db, { id: conversationId, owner: anon }))!.handoff).toMatchObject({ status: 'closed' });
    // The customer may ask again after a close.
    expect((await requestHandoff(db, { conversationId, reason: 'other', note: null })).created).toBe(true);
  });
});

describe('hand-off outcome and waiting time', () => {
  it('keeps the kind as a prefix and the note after it', () => {
    expect(formatHandoffOutcome('resolved', null)).toBe('resolved');
    expect(formatHandoffOutcome('no_response', '   ')).toBe('no_response');
    expect(parseHandoffOutcome('other: called: twice')).toEqual({ kind: 'other', label: 'Other', note: 'called: twice' });
    expect(parseHandoffOutcome('resolved')).toEqual({ kind: 'resolved', label: 'Resolved', note: null });
    expect(parseHandoffOutcome('legacy text')).toEqual({ kind: null, label: 'legacy text', note: null });
    expect(parseHandoffOutcome(null)).toBeNull();
  });
  it('formats waiting time', () => {
    expect(formatWaiting(20_000)).toBe('under a minute');
    expect(formatWaiting(4 * 60_000)).toBe('4 min');
    expect(formatWaiting(125 * 60_000)).toBe('2 h 05 min');
    expect(formatWaiting((3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h');
  });
});
