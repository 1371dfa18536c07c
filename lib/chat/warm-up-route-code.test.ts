import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';

const state: { database?: Database } = {};
vi.mock('@/lib/db', () => ({ getDatabase: vi.fn(async () => state.database) }));

describe.each(testBackends())('warming up the routes’ copy of the answer path on $name', ({ open }) => {
  beforeAll(async () => {
    state.database = await open();
  });
  afterAll(async () => {
    await state.database?.close();
  });

  it('runs once per module copy, answers with the built-in model and stores nothing', async () => {
    vi.resetModules();
    const { warmUpRouteCode } = await import('./warm-up');
    const db = state.database!.db;
    const stored = async () =>
      (await queryRows<{ n: number }>(db, sql`select (select count(*) from conversations) + (select count(*) from messages) + (select count(*) from answer_traces) as n`))[0]!.n;
    const before = await stored();
    const first = warmUpRouteCode();
    expect(warmUpRouteCode()).toBe(first);
    await expect(first).resolves.toMatchObject({ answers: 16 });
    expect(await stored()).toBe(before);
    // Another copy of the module (another Next module graph) warms its own code.
    vi.resetModules();
    const copy = await import('./warm-up');
    const second = copy.warmUpRouteCode();
    expect(second).not.toBe(first);
    await second;
  });
});
