import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/domain/roles';

/**
 * The console's server actions check the permission themselves, whatever the page rendered.
 * Here the signed-in user's role is set per test; the database must not even be opened when the
 * role lacks the permission.
 */
const session = vi.hoisted(() => ({ role: 'analyst' as Role | null }));
const getDatabase = vi.hoisted(() =>
  vi.fn(async () => {
    throw new Error('the database must not be touched');
  }),
);

vi.mock('@/lib/auth/guard', async () => {
  const { can } = await import('@/lib/auth/permissions');
  return {
    // The guard's verdict for the test's role; the action guard (lib/auth/guarded-action.ts) is real.
    checkAccess: vi.fn(async (permission: Parameters<typeof can>[1]) => {
      if (!session.role) return { ok: false, reason: 'unauthenticated' };
      const user = { id: randomUUID(), email: 'x@example.com', name: 'X', role: session.role, createdAt: new Date(), lastLoginAt: null };
      return can(session.role, permission) ? { ok: true, user } : { ok: false, reason: 'forbidden', user };
    }),
  };
});
vi.mock('@/lib/db', () => ({ getDatabase }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const { promoteToGoldenAction, reviewAnswerAction } = await import('./actions');
const { claimHandoffAction, closeHandoffAction, replyHandoffAction } = await import('@/lib/console/handoffs/actions');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const idle = { status: 'idle' } as const;
const messageId = randomUUID();
const handoffId = randomUUID();
const ACTIONS = [
  ['review', () => reviewAnswerAction(idle, form({ messageId, verdict: 'endorsed' }))],
  ['promote', () => promoteToGoldenAction(idle, form({ messageId, question: 'q', answer: 'a', lang: 'en' }))],
  ['claim', () => claimHandoffAction(idle, form({ handoffId }))],
  ['reply', () => replyHandoffAction(idle, form({ handoffId, content: 'hello' }))],
  ['close', () => closeHandoffAction(idle, form({ handoffId, outcome: 'resolved' }))],
] as const;

describe('console server actions refuse on the server', () => {
  beforeEach(() => {
    getDatabase.mockClear();
  });

  for (const [name, run] of ACTIONS) {
    it(`${name}: an analyst (read-only) is refused before anything is read or written`, async () => {
      session.role = 'analyst';
      expect(await run()).toEqual({ status: 'error', message: 'You do not have permission to do that.' });
      expect(getDatabase).not.toHaveBeenCalled();
    });

    it(`${name}: a customer and an anonymous caller are refused too`, async () => {
      session.role = 'customer';
      expect(await run()).toMatchObject({ status: 'error' });
      session.role = null;
      expect(await run()).toEqual({ status: 'error', message: 'Sign in first.' });
      expect(getDatabase).not.toHaveBeenCalled();
    });

    it(`${name}: an expert gets through the check (to the database)`, async () => {
      session.role = 'expert';
      await expect(run()).rejects.toThrow('the database must not be touched');
      expect(getDatabase).toHaveBeenCalled();
    });
  }

  it('validates input before touching the database', async () => {
    session.role = 'expert';
    expect(await reviewAnswerAction(idle, form({ messageId: 'nope', verdict: 'endorsed' }))).toMatchObject({ status: 'error' });
    expect(await closeHandoffAction(idle, form({ handoffId, outcome: 'other' }))).toMatchObject({ status: 'error', message: expect.stringContaining('note is required') });
    expect(await replyHandoffAction(idle, form({ handoffId, content: '   ' }))).toMatchObject({ status: 'error', message: 'the reply is empty' });
    expect(getDatabase).not.toHaveBeenCalled();
  });
});
