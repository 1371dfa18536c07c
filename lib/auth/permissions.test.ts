import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLE_PERMISSIONS } from './permissions';
import { ROLES } from '@/lib/domain/roles';

describe('role permissions', () => {
  it('keeps customers out of the console', () => {
    expect(can('customer', 'console:access')).toBe(false);
    expect(can('customer', 'account:self')).toBe(true);
  });

  it('lets analysts read dashboards but change nothing', () => {
    expect(can('analyst', 'console:access')).toBe(true);
    expect(can('analyst', 'insights:read')).toBe(true);
    for (const write of ['golden:write', 'knowledge:ingest', 'evals:run', 'users:manage', 'handoffs:work'] as const) {
      expect(can('analyst', write)).toBe(false);
    }
  });

  it('lets experts curate but not manage users', () => {
    expect(can('expert', 'golden:write')).toBe(true);
    expect(can('expert', 'knowledge:ingest')).toBe(true);
    expect(can('expert', 'users:manage')).toBe(false);
  });

  it('gives admins every staff permission', () => {
    for (const p of PERMISSIONS.filter((p) => p !== 'account:self')) expect(can('admin', p)).toBe(true);
  });

  it('maps every role to known permissions only', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });
});
