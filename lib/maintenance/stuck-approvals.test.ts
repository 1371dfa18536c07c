import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interruptedText } from '@/lib/actions/phrasing';
import { writeAudit } from '@/lib/actions/repository';
import { TEST_NOW, useDemoDatabase } from '@/lib/actions/repository/testing';
import { claimApproval, createApproval, findApproval } from '@/lib/db/queries/approvals';
import { openConversation } from '@/lib/db/queries/conversations';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { resolveStuckApprovalsNow, STUCK_AFTER_MS } from './stuck-approvals';

/** A server that stops between the claim and the finish leaves an approval 'executing': the sweep resolves it from the audit log. */

const MINUTE = 60_000;

describe.each(testBackends())('stuck approvals on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const db = () => demo.database.db;

  /** An approval claimed (approve) at `claimedAt` whose request then died. */
  async function stuckApproval({ claimedAt, lang = 'de' }: { claimedAt: Date; lang?: string }) {
    const { userId, customerId } = demo.ids.anna;
    const conversationId = randomUUID();
    await openConversation(db(), { id: conversationId, owner: { kind: 'user', userId }, title: 'Restart', lang });
    const { approval } = await createApproval(db(), {
      conversationId,
      userId,
      customerId,
      toolName: 'restart_modem',
      toolCallId: randomUUID(),
      input: {},
      preview: { title: 'Restart your Alpenwave Box 5', changes: [], notes: [] },
      requestText: 'restart my modem',
      expiresAt: new Date(claimedAt.getTime() + 30 * MINUTE),
      now: new Date(claimedAt.getTime() - MINUTE),
    });
    const claim = await claimApproval(db(), { id: approval.id, userId, decision: 'approve', now: claimedAt });
    expect(claim.claimed).toBe(true);
    return { id: approval.id, conversationId };
  }

  const messagesOf = (conversationId: string) =>
    queryRows<{ content: string; lang: string | null; outcome: string | null; handoff_offered: boolean }>(
      db(),
      sql`select content, lang, outcome, handoff_offered from messages where conversation_id = ${conversationId} order by seq`,
    );
  const audit = (approvalId: string, outcome: 'executed' | 'refused') =>
    writeAudit(db(), {
      at: TEST_NOW,
      actorUserId: demo.ids.anna.userId,
      customerId: demo.ids.anna.customerId,
      action: 'restart_modem',
      input: {},
      before: null,
      after: null,
      approvalId,
      outcome,
      reason: outcome === 'refused' ? 'device_offline' : null,
    });

  it('marks executed an approval whose change the audit log holds, and tells nobody anything new', async () => {
    const { id, conversationId } = await stuckApproval({ claimedAt: TEST_NOW });
    await audit(id, 'executed');
    const counts = await resolveStuckApprovalsNow(db(), { now: new Date(TEST_NOW.getTime() + STUCK_AFTER_MS + MINUTE) });
    expect(counts).toEqual({ executed: 1, refused: 0, failed: 0 });
    expect((await findApproval(db(), { id }))?.status).toBe('executed');
    expect(await messagesOf(conversationId)).toEqual([]);
  });

  it('fails an approval with no audit row, with a result saying so and a message in the conversation’s language that offers a person', async () => {
    const { id, conversationId } = await stuckApproval({ claimedAt: TEST_NOW, lang: 'de' });
    const counts = await resolveStuckApprovalsNow(db(), { now: new Date(TEST_NOW.getTime() + STUCK_AFTER_MS + MINUTE) });
    expect(counts).toEqual({ executed: 0, refused: 0, failed: 1 });
    const row = await findApproval(db(), { id });
    expect(row?.status).toBe('failed');
    expect(row?.result).toMatchObject({ resolvedBy: 'sweep', auditOutcome: null, text: expect.stringMatching(/did not complete/i) });
    expect(await messagesOf(conversationId)).toEqual([{ content: interruptedText('de'), lang: 'de', outcome: 'error', handoff_offered: true }]);
  });

  it('maps a refused audit row to refused', async () => {
    const { id } = await stuckApproval({ claimedAt: TEST_NOW });
    await audit(id, 'refused');
    expect(await resolveStuckApprovalsNow(db(), { now: new Date(TEST_NOW.getTime() + STUCK_AFTER_MS + MINUTE) })).toEqual({ executed: 0, refused: 1, failed: 0 });
    expect((await findApproval(db(), { id }))?.status).toBe('refused');
  });

  it('leaves approvals that are executing right now, and everything not executing, alone', async () => {
    const recent = await stuckApproval({ claimedAt: TEST_NOW });
    const { userId, customerId } = demo.ids.anna;
    const { approval: pending } = await createApproval(db(), {
      conversationId: recent.conversationId,
      userId,
      customerId,
      toolName: 'run_line_diagnostic',
      toolCallId: randomUUID(),
      input: {},
      preview: { title: 'Run a line test', changes: [], notes: [] },
      requestText: 'test my line',
      expiresAt: new Date(TEST_NOW.getTime() + 30 * MINUTE),
      now: new Date(TEST_NOW.getTime() - 60 * MINUTE),
    });
    const counts = await resolveStuckApprovalsNow(db(), { now: new Date(TEST_NOW.getTime() + STUCK_AFTER_MS - MINUTE) });
    expect(counts).toEqual({ executed: 0, refused: 0, failed: 0 });
    expect((await findApproval(db(), { id: recent.id }))?.status).toBe('executing');
    expect((await findApproval(db(), { id: pending.id }))?.status).toBe('pending');
  });

  it('resolves each approval once when sweeps run at the same time, and again is a no-op', async () => {
    const stuck = await Promise.all([0, 1, 2].map(() => stuckApproval({ claimedAt: TEST_NOW })));
    const later = new Date(TEST_NOW.getTime() + STUCK_AFTER_MS + MINUTE);
    const runs = await Promise.all([0, 1, 2].map(() => resolveStuckApprovalsNow(db(), { now: later })));
    expect(runs.reduce((sum, r) => sum + r.failed, 0)).toBe(3);
    for (const { conversationId } of stuck) expect(await messagesOf(conversationId)).toHaveLength(1);
    expect(await resolveStuckApprovalsNow(db(), { now: later })).toEqual({ executed: 0, refused: 0, failed: 0 });
  });
});
