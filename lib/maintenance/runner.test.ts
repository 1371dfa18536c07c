import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/client';

const retention = vi.hoisted(() => vi.fn(async () => ({ anonymousConversations: 0, traces: 0, rateLimits: 0 })));
const stuck = vi.hoisted(() => vi.fn(async () => ({ executed: 0, refused: 0, failed: 0 })));
vi.mock('./retention', () => ({ runRetention: retention }));
vi.mock('./stuck-approvals', () => ({ resolveStuckApprovalsNow: stuck }));

const { createMaintenance, RETENTION_EVERY_MS, RETENTION_FIRST_AFTER_MS, STUCK_APPROVALS_EVERY_MS } = await import('./runner');

/** The maintenance runner's pacing, driven by explicit clock values (no timers). */
describe('maintenance runner', () => {
  const start = new Date('2026-11-23T10:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);
  const settings = { retention: { anonymousConversationDays: 90, traceDays: 731 } };

  beforeEach(() => {
    retention.mockClear();
    stuck.mockClear();
  });

  it('checks stuck approvals at once and then once a minute; retention shortly after start, then hourly', async () => {
    const maintenance = createMaintenance({} as Db, settings, start);
    await maintenance.tick(at(0));
    await maintenance.tick(at(5_000));
    expect(stuck).toHaveBeenCalledTimes(1);
    expect(retention).not.toHaveBeenCalled();
    await maintenance.tick(at(STUCK_APPROVALS_EVERY_MS));
    expect(stuck).toHaveBeenCalledTimes(2);
    await maintenance.tick(at(RETENTION_FIRST_AFTER_MS));
    expect(retention).toHaveBeenCalledTimes(1);
    expect(retention).toHaveBeenLastCalledWith({}, { settings: settings.retention, now: at(RETENTION_FIRST_AFTER_MS) });
    await maintenance.tick(at(RETENTION_FIRST_AFTER_MS + RETENTION_EVERY_MS - 1));
    expect(retention).toHaveBeenCalledTimes(1);
    await maintenance.tick(at(RETENTION_FIRST_AFTER_MS + RETENTION_EVERY_MS));
    expect(retention).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a task fails', async () => {
    stuck.mockRejectedValueOnce(new Error('database down'));
    const maintenance = createMaintenance({} as Db, settings, start);
    await expect(maintenance.tick(at(0))).resolves.toBeUndefined();
    await maintenance.tick(at(STUCK_APPROVALS_EVERY_MS));
    expect(stuck).toHaveBeenCalledTimes(2);
  });
});
