import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, type DeviceRow } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { executeLineDiagnostic, executeRestartModem, measureLine, previewLineDiagnostic, previewRestartModem } from './devices';
import { TEST_NOW, auditRows, snapshotCustomerSystem, useDemoDatabase, value } from './testing';

const now = TEST_NOW;


describe('line measurements', () => {
  const device: DeviceRow = {
    id: '00000000-0000-4000-8000-000000000001',
    customerId: '00000000-0000-4000-8000-000000000002',
    model: 'Box 5',
    serial: 'AW5-TEST-00001',
    firmware: '5.4.2',
    status: 'online',
    lastSeenAt: now,
    lastRestartAt: null,
  };

  it('are deterministic per device', () => {
    const a = measureLine({ device, technology: 'fibre', planSpeedsMbps: { downMbps: 1000, upMbps: 500 }, now });
    const b = measureLine({ device, technology: 'fibre', planSpeedsMbps: { downMbps: 1000, upMbps: 500 }, now });
    expect(a).toEqual(b);
    expect(a.sync).toMatchObject({ status: 'up', downstreamMbps: 1000, upstreamMbps: 500 });
  });

  it('find some weak lines among many devices, and none on an offline device', () => {
    const verdicts = Array.from({ length: 200 }, (_, i) =>
      measureLine({ device: { ...device, serial: `AW5-TEST-${i}` }, technology: i % 2 ? 'fibre' : 'copper', planSpeedsMbps: { downMbps: 100, upMbps: 20 }, now }).verdict,
    );
    expect(verdicts).toContain('ok');
    expect(verdicts).toContain('degraded');
    expect(verdicts.filter((v) => v === 'degraded').length).toBeLessThan(60);
    const offline = measureLine({ device: { ...device, status: 'offline' }, technology: 'copper', planSpeedsMbps: null, now });
    expect(offline).toMatchObject({ verdict: 'no_signal', sync: { status: 'down', downstreamMbps: null }, errors: null });
  });

  it('sync a copper line a little below the plan speed', () => {
    const copper = measureLine({ device, technology: 'copper', planSpeedsMbps: { downMbps: 100, upMbps: 20 }, now });
    expect(copper.signal.kind).toBe('copper');
    expect(copper.sync.downstreamMbps).toBeGreaterThanOrEqual(92);
    expect(copper.sync.downstreamMbps).toBeLessThanOrEqual(100);
  });
});

describe.each(testBackends())('modem actions on $name', ({ open }) => {
  const demo = useDemoDatabase(open);
  const actor = () => ({ actorUserId: demo.ids.anna.userId, approvalId: randomUUID() });
  async function deviceOf(customerId: string) {
    const [row] = await demo.database.db.select().from(devices).where(eq(devices.customerId, customerId));
    return row;
  }

  it('previews a restart without changing anything', async () => {
    const before = await snapshotCustomerSystem(demo.database);
    const preview = value(await previewRestartModem(demo.database.db, { customerId: demo.ids.anna.customerId, now }));
    expect(preview.title).toBe('Restart your Alpenwave Box 5');
    expect(preview.changes[0]?.after).toContain('about 3 minutes');
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
  });

  it('restarts an online Box: only last_restart_at changes, with one audit row', async () => {
    const before = await deviceOf(demo.ids.anna.customerId);
    const result = value(await executeRestartModem(demo.database.db, { customerId: demo.ids.anna.customerId, now, ...actor() }));
    expect(result).toMatchObject({ model: 'Box 5', backOnlineInMinutes: 3, restartedAt: '2026-11-23T10:00:00+01:00' });
    expect(await deviceOf(demo.ids.anna.customerId)).toEqual({ ...before, lastRestartAt: now });
    expect(await auditRows(demo.database, demo.ids.anna.customerId)).toEqual([
      expect.objectContaining({
        action: 'restart_modem',
        outcome: 'executed',
        before: { deviceId: before?.id, lastRestartAt: before?.lastRestartAt?.toISOString() },
        after: { deviceId: before?.id, lastRestartAt: now.toISOString() },
      }),
    ]);
  });

  it('refuses to restart an offline Box', async () => {
    const before = await snapshotCustomerSystem(demo.database);
    const preview = await previewRestartModem(demo.database.db, { customerId: demo.ids.luca.customerId, now });
    expect(preview).toMatchObject({ ok: false, reason: 'device_offline', alternatives: ['run_line_diagnostic', 'request_callback'] });
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
    expect(await executeRestartModem(demo.database.db, { customerId: demo.ids.luca.customerId, now, ...actor() })).toMatchObject({ ok: false, reason: 'device_offline' });
    expect(await auditRows(demo.database, demo.ids.luca.customerId)).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'device_offline' })]);
    expect((await deviceOf(demo.ids.luca.customerId))?.lastRestartAt).toBeNull();
  });

  it('refuses to restart or test without a Box', async () => {
    await demo.database.db.delete(devices).where(eq(devices.customerId, demo.ids.james.customerId));
    expect(await previewRestartModem(demo.database.db, { customerId: demo.ids.james.customerId, now })).toMatchObject({ ok: false, reason: 'no_device' });
    expect(await executeRestartModem(demo.database.db, { customerId: demo.ids.james.customerId, now, ...actor() })).toMatchObject({ ok: false, reason: 'no_device' });
    expect(await previewLineDiagnostic(demo.database.db, { customerId: demo.ids.james.customerId, now })).toMatchObject({ ok: false, reason: 'no_device' });
    expect(await executeLineDiagnostic(demo.database.db, { customerId: demo.ids.james.customerId, now, ...actor() })).toMatchObject({ ok: false, reason: 'no_device' });
  });

  it('runs a line test: the same device gives the same result, audited each time, nothing else changes', async () => {
    const db = demo.database.db;
    const preview = value(await previewLineDiagnostic(db, { customerId: demo.ids.claire.customerId, now }));
    expect(preview.changes[0]?.after).toContain('Fibre line of your Box 5');
    const before = await snapshotCustomerSystem(demo.database);
    const first = value(await executeLineDiagnostic(db, { customerId: demo.ids.claire.customerId, now, ...actor() }));
    const second = value(await executeLineDiagnostic(db, { customerId: demo.ids.claire.customerId, now, ...actor() }));
    expect(second).toEqual(first);
    expect(first).toMatchObject({ technology: 'fibre', verdict: 'ok', sync: { status: 'up', downstreamMbps: 1000, planDownstreamMbps: 1000 } });
    const audit = await auditRows(demo.database, demo.ids.claire.customerId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'run_line_diagnostic', outcome: 'executed', before: null, after: { verdict: 'ok' } });
    // Apart from the audit rows, nothing changed.
    const strip = (s: string) => s.split('\n').filter((line) => !line.startsWith('audit_log:')).join('\n');
    expect(strip(await snapshotCustomerSystem(demo.database))).toBe(strip(before));
  });

  it("tests an offline Box's line: no signal, copper, advice to check cables or get a technician", async () => {
    const result = value(await executeLineDiagnostic(demo.database.db, { customerId: demo.ids.luca.customerId, now, ...actor() }));
    expect(result).toMatchObject({ technology: 'copper', verdict: 'no_signal', sync: { status: 'down', planDownstreamMbps: 100, planUpstreamMbps: 20 } });
    expect(result.advice.join(' ')).toContain('technician');
  });
});
