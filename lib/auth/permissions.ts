import type { Role } from '@/lib/domain/roles';

/** Everything the server checks. Roles are just named sets of these. */
export const PERMISSIONS = [
  'console:access', // open /admin at all
  'golden:read',
  'golden:write',
  'conversations:read',
  'conversations:review',
  'handoffs:work',
  'knowledge:read',
  'knowledge:ingest',
  'evals:read',
  'evals:run',
  'tests:read', // the conversation test suite and its runs
  'tests:write', // edit cases, run the suite
  'insights:read',
  'users:manage',
  'settings:write',
  'account:self', // act on one's own customer account in the chat
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EXPERT: Permission[] = [
  'console:access',
  'golden:read',
  'golden:write',
  'conversations:read',
  'conversations:review',
  'handoffs:work',
  'knowledge:read',
  'knowledge:ingest',
  'evals:read',
  'evals:run',
  'tests:read',
  'tests:write',
  'insights:read',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  customer: ['account:self'],
  analyst: ['console:access', 'insights:read', 'evals:read', 'tests:read', 'conversations:read', 'golden:read', 'knowledge:read'],
  expert: EXPERT,
  admin: PERMISSIONS.filter((p) => p !== 'account:self'),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
