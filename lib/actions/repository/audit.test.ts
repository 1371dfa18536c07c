import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { listAuditEntries, runAudited } from './audit';
import { ok } from './outcome';
import { TEST_NOW, openDemoDatabase, type DemoDatabase } from './testing';

describe.each(testBackends())('audited writes on $name', ({ open }) => {
  let demo: DemoDatabase;
  beforeAll(async () => {
    demo = await openDemoDatabase(open);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  it('rolls a failed write back and records it as failed, re-throwing the error', async () => {
    const customerId = demo.ids.james.customerId;
    const approvalId = randomUUID();
    const attempt = runAudited(
      demo.database.db,
      { customerId, now: TEST_NOW, actorUserId: demo.ids.james.userId, approvalId, action: 'update_contact_details', input: { phone: 'x' } },
      async (tx) => {
        await tx.update(customers).set({ phone: '+41 00 000 00 00' }).where(eq(customers.id, customerId));
        throw new Error('billing system unavailable');
      },
    );
    await expect(attempt).rejects.toThrow('billing system unavailable');
    const [row] = await demo.database.db.select().from(customers).where(eq(customers.id, customerId));
    expect(row?.phone).toBe('+41 79 224 61 05');
    const entries = await listAuditEntries(demo.database.db, { customerId });
    expect(entries).toEqual([
      expect.objectContaining({ action: 'update_contact_details', outcome: 'failed', reason: 'billing system unavailable', approvalId, at: TEST_NOW, before: null, after: null }),
    ]);
  });

  it('lists a customer’s entries newest first, optionally for one action', async () => {
    const customerId = demo.ids.claire.customerId;
    const scope = { customerId, actorUserId: null, approvalId: null, input: {} };
    await runAudited(demo.database.db, { ...scope, now: new Date('2026-11-20T10:00:00Z'), action: 'restart_modem' }, async () => ({ outcome: ok(1), before: null, after: 1 }));
    await runAudited(demo.database.db, { ...scope, now: new Date('2026-11-21T10:00:00Z'), action: 'run_line_diagnostic' }, async () => ({ outcome: ok(2), before: null, after: 2 }));
    const all = await listAuditEntries(demo.database.db, { customerId });
    expect(all.map((e) => e.action)).toEqual(['run_line_diagnostic', 'restart_modem']);
    const restarts = await listAuditEntries(demo.database.db, { customerId, action: 'restart_modem' });
    expect(restarts).toHaveLength(1);
  });
});
