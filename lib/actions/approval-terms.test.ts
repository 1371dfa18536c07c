import { randomUUID } from 'node:crypto';
import { readUIMessageStream } from 'ai';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatUIMessage } from '@/lib/domain/chat';
import type { Locale } from '@/lib/i18n/locales';
import { loadConversationDetail } from '@/lib/chat/conversation-detail';
import { startChatTurn } from '@/lib/chat/turn';
import { parseConfig } from '@/lib/config';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import { decideApproval } from './decide';
import { termsChangedText } from './phrasing';
import { auditRows, snapshotCustomerSystem, TEST_NOW, useDemoDatabase } from './repository/testing';

/**
 * An approval executes the terms its card showed: when the fee, a price or a date changed between
 * the card and the approval, nothing runs; the card is superseded by a new one with the current
 * terms. Unchanged terms run exactly once, as before.
 */

const config = parseConfig({});

const textOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
const cardsOf = (m: ChatUIMessage) => m.parts.flatMap((p) => (p.type === 'data-approval' ? [p.data as ApprovalCard] : []));
const linesOf = (card: ApprovalCard) => card.preview.changes.map((c) => `${c.label}: ${c.before ?? ''} -> ${c.after}`);

describe.each(testBackends())('approval terms on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const db = () => demo.database.db;
  const anna = () => demo.ids.anna;

  async function propose(text: string): Promise<{ card: ApprovalCard; conversationId: string }> {
    const conversationId = randomUUID();
    const turn = await startChatTurn({
      db: db(),
      config,
      owner: { kind: 'user', userId: anna().userId },
      signedIn: true,
      now: TEST_NOW,
      request: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    });
    if (!turn.ok) throw new Error('turn refused');
    let last: ChatUIMessage | undefined;
    for await (const message of readUIMessageStream<ChatUIMessage>({ stream: turn.stream as never })) last = message;
    const [card] = last ? cardsOf(last) : [];
    if (!card) throw new Error(`no approval card for "${text}"`);
    expect(card.status).toBe('pending');
    return { card, conversationId };
  }

  const approve = (approvalId: string, { lang = 'en', now = TEST_NOW }: { lang?: Locale; now?: Date } = {}) =>
    decideApproval(db(), { approvalId, userId: anna().userId, decision: 'approve', lang, now });
  const setInternet = (set: ReturnType<typeof sql>) => db().execute(sql`update subscriptions set ${set} where customer_id = ${anna().customerId} and kind = 'internet'`);
  const approvalsOf = (conversationId: string) =>
    queryRows<{ id: string; status: string; input: unknown; tool_call_id: string; message_id: string | null }>(
      db(),
      sql`select id, status, input, tool_call_id, message_id from approvals where conversation_id = ${conversationId} order by created_at, status desc`,
    );

  it('does not execute a plan change whose fee appeared after the card was shown: the card is superseded by one with the fee', async () => {
    // No minimum term when the card is shown: the downgrade is free.
    await setInternet(sql`min_term_ends_on = null`);
    const { card, conversationId } = await propose('Please change my internet plan to Wave Home 100');
    expect(linesOf(card).join('\n')).not.toMatch(/fee/i);

    // Before the customer approves, the contract gains a minimum term: the downgrade now costs a fee.
    await setInternet(sql`min_term_ends_on = '2028-12-31'`);
    const before = await snapshotCustomerSystem(demo.database);
    const decided = await approve(card.approvalId);

    expect(decided.status).toBe('decided');
    if (decided.status !== 'decided') return;
    expect(decided.card).toMatchObject({ approvalId: card.approvalId, status: 'superseded' });
    const [fresh] = cardsOf(decided.message);
    expect(fresh).toMatchObject({ toolName: 'change_plan', status: 'pending' });
    expect(fresh!.approvalId).not.toBe(card.approvalId);
    expect(linesOf(fresh!)).toContainEqual(expect.stringMatching(/^One-off fee: +-> CHF \d+\.\d{2}$/));
    expect(textOf(decided.message)).toBe(termsChangedText('en'));

    // Nothing ran: no audit row, the customer's plan and everything else as they were.
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    expect(await auditRows(demo.database, anna().customerId)).toEqual([]);

    // Stored: the old approval superseded; the new one pending, same input, in the same conversation, on its own message.
    const stored = await approvalsOf(conversationId);
    expect(stored).toHaveLength(2);
    expect(stored.find((a) => a.id === card.approvalId)?.status).toBe('superseded');
    const replacement = stored.find((a) => a.id === fresh!.approvalId)!;
    expect(replacement).toMatchObject({ status: 'pending', input: { planId: 'wave-home-100' }, message_id: decided.message.id });

    // The old card cannot be approved again; the new one executes once, with the fee.
    expect(await approve(card.approvalId)).toMatchObject({ status: 'already_decided', card: { status: 'superseded' } });
    const second = await approve(fresh!.approvalId);
    expect(second).toMatchObject({ status: 'decided', card: { status: 'executed' } });
    const audit = await auditRows(demo.database, anna().customerId);
    expect(audit.map((r) => [r.action, r.outcome, r.approval_id])).toEqual([['change_plan', 'executed', fresh!.approvalId]]);
    expect(JSON.stringify(audit[0]!.after)).toContain('wave-home-100');

    // After a reload: the superseded card, then the sentence with the new card (now executed).
    const detail = await loadConversationDetail(db(), { id: conversationId, owner: { kind: 'user', userId: anna().userId } });
    const cards = detail!.messages.flatMap((m) => cardsOf(m).map((c) => [c.approvalId, c.status]));
    expect(cards).toEqual([
      [card.approvalId, 'superseded'],
      [fresh!.approvalId, 'executed'],
    ]);
    expect(detail!.messages.some((m) => textOf(m) === termsChangedText('en') && cardsOf(m).length === 1)).toBe(true);
  });

  it('supersedes a card whose price changed, and tells the customer in the conversation’s language', async () => {
    const { card } = await propose('Bitte ändern Sie mein Internet-Abo auf Wave Home 1000');
    await db().execute(sql`update plans set monthly_price_cents = monthly_price_cents + 500 where id = 'wave-home-1000'`);
    const decided = await approve(card.approvalId, { lang: 'de' });
    expect(decided).toMatchObject({ status: 'decided', card: { status: 'superseded' } });
    if (decided.status !== 'decided') return;
    expect(textOf(decided.message)).toBe(termsChangedText('de'));
    const [fresh] = cardsOf(decided.message);
    expect(JSON.stringify(fresh!.preview)).toContain('84.00');
    expect(JSON.stringify(card.preview)).not.toContain('84.00');
    expect(await auditRows(demo.database, anna().customerId)).toEqual([]);
  });

  it('supersedes a card whose "before" is no longer true (another approved change came first)', async () => {
    const { card: stale } = await propose('Please change my phone number to +41 79 111 22 33');
    const { card: other } = await propose('Please change my phone number to +41 79 444 55 66');
    expect(await approve(other.approvalId)).toMatchObject({ status: 'decided', card: { status: 'executed' } });
    const decided = await approve(stale.approvalId);
    expect(decided).toMatchObject({ status: 'decided', card: { status: 'superseded' } });
    if (decided.status !== 'decided') return;
    const [fresh] = cardsOf(decided.message);
    expect(fresh!.preview.changes).toEqual([expect.objectContaining({ before: expect.stringContaining('444 55 66'), after: expect.stringContaining('111 22 33') })]);
    expect((await auditRows(demo.database, anna().customerId)).map((r) => r.approval_id)).toEqual([other.approvalId]);
  });

  it('executes unchanged terms once, even when the decision comes later the same day and in another language', async () => {
    const { card } = await propose('Bitte ändern Sie mein Internet-Abo auf Wave Home 1000');
    const decided = await approve(card.approvalId, { lang: 'fr', now: new Date(TEST_NOW.getTime() + 10 * 60_000) });
    expect(decided).toMatchObject({ status: 'decided', card: { approvalId: card.approvalId, status: 'executed' } });
    const audit = await auditRows(demo.database, anna().customerId);
    expect(audit.map((r) => [r.outcome, r.approval_id])).toEqual([['executed', card.approvalId]]);
    expect(await approve(card.approvalId)).toMatchObject({ status: 'already_decided', card: { status: 'executed' } });
    expect(await auditRows(demo.database, anna().customerId)).toHaveLength(1);
  });

  it('refuses, without executing, a change the customer system would now refuse', async () => {
    const { card } = await propose('Please change my internet plan to Wave Home 1000');
    // Meanwhile the plan was changed this month (e.g. in a shop): a second change is not allowed.
    await setInternet(sql`last_plan_change_on = '2026-11-20'`);
    const before = await snapshotCustomerSystem(demo.database);
    const decided = await approve(card.approvalId);
    expect(decided).toMatchObject({ status: 'decided', card: { status: 'refused' } });
    const audit = await auditRows(demo.database, anna().customerId);
    expect(audit.map((r) => [r.outcome, r.reason, r.approval_id])).toEqual([['refused', 'plan_change_this_month', card.approvalId]]);
    // Only the audit row of the refused attempt was added.
    const withoutAudit = (s: string) => s.split('\n').filter((l) => !l.startsWith('audit_log:')).join('\n');
    expect(withoutAudit(await snapshotCustomerSystem(demo.database))).toBe(withoutAudit(before));
  });
});
