import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPreview } from '@/lib/domain/account-tools';
import { TEST_NOW, openDemoDatabase, warmPool, type DemoDatabase } from '@/lib/actions/repository/testing';
import { testBackends } from '../test-databases';
import { claimApproval, createApproval, findApproval, finishApproval, listConversationApprovals } from './approvals';
import { openConversation } from './conversations';

const preview: ActionPreview = { title: 'Restart your Alpenwave Box 5', changes: [{ label: 'Box 5', before: 'Online', after: 'Restarts now' }], notes: [] };
const now = TEST_NOW;
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe.each(testBackends())('approvals on $name', ({ open }) => {
  let demo: DemoDatabase;
  let conversationId: string;
  beforeAll(async () => {
    demo = await openDemoDatabase(open);
    conversationId = randomUUID();
    const opened = await openConversation(demo.database.db, { id: conversationId, owner: { kind: 'user', userId: demo.ids.anna.userId }, title: 'Modem', lang: 'de' });
    expect(opened.ok).toBe(true);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  async function propose(overrides: { expiresAt?: Date; toolCallId?: string } = {}) {
    const { approval } = await createApproval(demo.database.db, {
      conversationId,
      userId: demo.ids.anna.userId,
      customerId: demo.ids.anna.customerId,
      toolName: 'restart_modem',
      toolCallId: overrides.toolCallId ?? `call_${randomUUID()}`,
      input: {},
      preview,
      requestText: 'Bitte starte mein Modem neu',
      expiresAt: overrides.expiresAt ?? minutes(15),
      now,
    });
    return approval;
  }

  it('stores a proposal once per tool call', async () => {
    const toolCallId = `call_${randomUUID()}`;
    const first = await propose({ toolCallId });
    expect(first).toMatchObject({ status: 'pending', toolName: 'restart_modem', preview, requestText: 'Bitte starte mein Modem neu', decidedAt: null, result: null });
    const again = await createApproval(demo.database.db, {
      conversationId,
      userId: demo.ids.anna.userId,
      customerId: demo.ids.anna.customerId,
      toolName: 'restart_modem',
      toolCallId,
      input: {},
      preview,
      requestText: 'again',
      expiresAt: minutes(15),
    });
    expect(again).toEqual({ approval: first, created: false });
    expect(await findApproval(demo.database.db, { id: first.id })).toEqual(first);
    expect(await findApproval(demo.database.db, { id: 'nope' })).toBeNull();
    expect((await listConversationApprovals(demo.database.db, { conversationId })).map((a) => a.id)).toContain(first.id);
  });

  it('approves once: a second click gets the current state, not a second execution', async () => {
    const approval = await propose();
    const first = await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'approve', now });
    expect(first).toMatchObject({ claimed: true, approval: { status: 'executing', decidedAt: now } });
    const second = await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'approve', now });
    expect(second).toMatchObject({ claimed: false, approval: { status: 'executing' } });
    const finished = await finishApproval(demo.database.db, { id: approval.id, status: 'executed', result: { ok: true } });
    expect(finished).toMatchObject({ status: 'executed', result: { ok: true } });
    // Finishing twice, or declining afterwards, changes nothing.
    expect(await finishApproval(demo.database.db, { id: approval.id, status: 'failed', result: null })).toBeNull();
    expect(await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'decline', now })).toMatchObject({
      claimed: false,
      approval: { status: 'executed' },
    });
  });

  it('declines', async () => {
    const approval = await propose();
    expect(await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'decline', now })).toMatchObject({
      claimed: true,
      approval: { status: 'declined' },
    });
    expect(await finishApproval(demo.database.db, { id: approval.id, status: 'executed', result: null })).toBeNull();
  });

  it("never lets another user claim someone's approval, nor reveals it", async () => {
    const approval = await propose();
    for (const userId of [demo.ids.luca.userId, randomUUID(), 'not-a-uuid']) {
      expect(await claimApproval(demo.database.db, { id: approval.id, userId, decision: 'approve', now })).toEqual({ claimed: false, approval: null });
    }
    expect(await claimApproval(demo.database.db, { id: randomUUID(), userId: demo.ids.anna.userId, decision: 'approve', now })).toEqual({ claimed: false, approval: null });
    expect((await findApproval(demo.database.db, { id: approval.id }))?.status).toBe('pending');
  });

  it('expires a pending approval once its time is up', async () => {
    const approval = await propose({ expiresAt: minutes(5) });
    const late = await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'approve', now: minutes(5) });
    expect(late).toMatchObject({ claimed: false, approval: { status: 'expired', decidedAt: minutes(5) } });
    expect(await claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'approve', now })).toMatchObject({
      claimed: false,
      approval: { status: 'expired' },
    });
  });

  it('lets exactly one of two concurrent claims win', async () => {
    await warmPool(demo.database);
    for (let round = 0; round < 5; round++) {
      const approval = await propose();
      const claims = await Promise.all([
        claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: 'approve', now }),
        claimApproval(demo.database.db, { id: approval.id, userId: demo.ids.anna.userId, decision: round % 2 ? 'decline' : 'approve', now }),
      ]);
      expect(claims.filter((c) => c.claimed)).toHaveLength(1);
      const loser = claims.find((c) => !c.claimed);
      const winner = claims.find((c) => c.claimed);
      expect(loser?.approval?.status).toBe(winner?.approval?.status);
    }
  });
});
