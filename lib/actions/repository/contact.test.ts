import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WRITE_TOOLS } from '@/lib/domain/account-tools';
import { customers, users } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { executeRequestCallback, executeUpdateContactDetails, previewRequestCallback, previewUpdateContactDetails } from './contact';
import { writeActions } from './index';
import { TEST_NOW, auditRows, snapshotCustomerSystem, useDemoDatabase, value } from './testing';

const now = TEST_NOW;


describe.each(testBackends())('contact details and call-backs on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const actor = () => ({ actorUserId: demo.ids.anna.userId, approvalId: randomUUID() });
  async function customerRow() {
    const [row] = await demo.database.db.select().from(customers).where(eq(customers.id, demo.ids.anna.customerId));
    return row;
  }

  it.each([
    ['an invalid email address', { email: 'anna.keller@' }],
    ['an invalid phone number', { phone: '12345' }],
    ['both at once', { email: 'anna.keller@example.ch', phone: '+41 79 123 45 67' }],
    ['neither', {}],
    ['the current email address', { email: 'ANNA.MEIER@example.ch' }],
    ['the current phone number', { phone: '079 482 73 61' }],
  ])('refuses %s with invalid_contact, changing nothing', async (_label, input) => {
    const customerId = demo.ids.anna.customerId;
    const before = await snapshotCustomerSystem(demo.database);
    expect(await previewUpdateContactDetails(demo.database.db, { customerId, now, ...input })).toMatchObject({ ok: false, reason: 'invalid_contact' });
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    expect(await executeUpdateContactDetails(demo.database.db, { customerId, now, ...actor(), ...input })).toMatchObject({ ok: false, reason: 'invalid_contact' });
    expect(await auditRows(demo.database, customerId)).toEqual([expect.objectContaining({ action: 'update_contact_details', outcome: 'refused', reason: 'invalid_contact' })]);
  });

  it('previews and updates the email address: only that field changes, the sign-in email stays', async () => {
    const db = demo.database.db;
    const before = await customerRow();
    const snapshot = await snapshotCustomerSystem(demo.database);
    const preview = value(await previewUpdateContactDetails(db, { customerId: demo.ids.anna.customerId, now, email: 'Anna.Keller@example.ch' }));
    expect(preview.changes).toEqual([{ label: 'Email address', before: 'anna.meier@example.ch', after: 'anna.keller@example.ch' }]);
    expect(await snapshotCustomerSystem(demo.database)).toBe(snapshot);

    const result = value(await executeUpdateContactDetails(db, { customerId: demo.ids.anna.customerId, now, ...actor(), email: 'Anna.Keller@example.ch' }));
    expect(result).toMatchObject({ field: 'email', before: 'anna.meier@example.ch', after: 'anna.keller@example.ch' });
    expect(await customerRow()).toEqual({ ...before, email: 'anna.keller@example.ch' });
    const [login] = await db.select({ email: users.email }).from(users).where(eq(users.id, demo.ids.anna.userId));
    expect(login?.email).toBe('anna.meier@example.ch');
    expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([
      expect.objectContaining({ outcome: 'executed', input: { email: 'Anna.Keller@example.ch' }, before: { email: 'anna.meier@example.ch' }, after: { email: 'anna.keller@example.ch' } }),
    ]);
  });

  it('stores a phone number in international form', async () => {
    const before = await customerRow();
    const result = value(await executeUpdateContactDetails(demo.database.db, { customerId: demo.ids.anna.customerId, now, ...actor(), phone: '078 111 22 33' }));
    expect(result.after).toBe('+41 78 111 22 33');
    expect(await customerRow()).toEqual({ ...before, phone: '+41 78 111 22 33' });
  });

  it('returns what a call-back hand-off needs, audited, without changing customer data', async () => {
    const db = demo.database.db;
    const preview = value(await previewRequestCallback(db, { customerId: demo.ids.luca.customerId, now, topic: '  my   overdue invoice ' }));
    expect(preview.changes).toEqual([
      { label: 'We call you on', before: null, after: '+41 76 593 81 70' },
      { label: 'Topic', before: null, after: 'my overdue invoice' },
    ]);
    expect(preview.notes[0]).toContain('Italian');
    const before = await snapshotCustomerSystem(demo.database);
    const request = value(await executeRequestCallback(db, { customerId: demo.ids.luca.customerId, now, ...actor(), topic: '  my   overdue invoice ' }));
    expect(request).toMatchObject({ handoff: { reason: 'customer_request' }, phone: '+41 76 593 81 70', language: 'it', customerNumber: 'AW-10593817', topic: 'my overdue invoice' });
    expect(request.handoff.note).toContain('AW-10593817');
    expect(request.handoff.note).toContain('my overdue invoice');
    const strip = (s: string) => s.split('\n').filter((line) => !line.startsWith('audit_log:')).join('\n');
    expect(strip(await snapshotCustomerSystem(demo.database))).toBe(strip(before));
    expect(await auditRows(demo.database, demo.ids.luca.customerId)).toEqual([expect.objectContaining({ action: 'request_callback', outcome: 'executed', input: { topic: 'my overdue invoice' } })]);
  });

  it('runs every write tool through the registry with contract-validated input', async () => {
    const db = demo.database.db;
    const customerId = demo.ids.anna.customerId;
    const inputs = {
      change_plan: WRITE_TOOLS.change_plan.parse({ planId: 'wave-home-1000' }),
      reschedule_appointment: WRITE_TOOLS.reschedule_appointment.parse({ startsAt: '2026-12-03T16:00:00+01:00' }),
      restart_modem: WRITE_TOOLS.restart_modem.parse({}),
      run_line_diagnostic: WRITE_TOOLS.run_line_diagnostic.parse({}),
      update_contact_details: WRITE_TOOLS.update_contact_details.parse({ phone: '+41 79 123 45 67' }),
      request_callback: WRITE_TOOLS.request_callback.parse({ topic: 'plans' }),
    };
    const entries = Object.entries(inputs) as [keyof typeof inputs, never][];
    const before = await snapshotCustomerSystem(demo.database);
    for (const [name, input] of entries) {
      const preview = await writeActions[name].preview(db, { customerId, now, input });
      expect(preview.ok, name).toBe(true);
    }
    // Previews change nothing, not even the audit log.
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    for (const [name, input] of entries) {
      const executed = await writeActions[name].execute(db, { customerId, now, input, ...actor() });
      expect(executed.ok, name).toBe(true);
    }
    const audit = await auditRows(demo.database, customerId);
    expect(audit.map((a) => `${a.action}:${a.outcome}`)).toEqual(Object.keys(inputs).map((name) => `${name}:executed`));
  });
});
