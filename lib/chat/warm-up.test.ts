import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { warmUpAnswers } from './warm-up';

describe.each(testBackends())('warming up the answer path on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const stored = async () =>
    (await queryRows<{ n: number }>(database.db, sql`select (select count(*) from conversations) + (select count(*) from messages) + (select count(*) from answer_traces) as n`))[0]!.n;

  it('answers its four questions in every language with the built-in model, and stores nothing', async () => {
    const before = await stored();
    const warmed = await warmUpAnswers(database.db, { ...getConfig(), model: { ...getConfig().model, provider: 'local' } } as ReturnType<typeof getConfig>);
    expect(warmed).toMatchObject({ answers: 16 });
    expect(await stored()).toBe(before);
  });

  it('does nothing with an LLM configured (it would spend tokens)', async () => {
    const warmed = await warmUpAnswers(database.db, { ...getConfig(), model: { ...getConfig().model, provider: 'openai' } } as ReturnType<typeof getConfig>);
    expect(warmed).toEqual({ ms: 0, answers: 0 });
  });
});
