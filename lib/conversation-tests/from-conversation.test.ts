import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { seedDemoCustomers } from '@/lib/actions/seed';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { saveFeedback } from '@/lib/db/queries/feedback';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { testBackends } from '@/lib/db/test-databases';
import { DIALOG_NOW } from '@/lib/eval/dialog-run';
import { dialogOwner, runTurn, usersByEmail } from '@/lib/eval/dialogs';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { parseStoredCase } from './case';
import { runTestCase } from './run';
import { makeTestFromConversation } from './service';

/**
 * "Make a test" from real conversations: the turns are copied, the checks proposed from what
 * happened (citations, language, the tool and its approval card), and a down-voted answer gets
 * checks that ask for a different one — so that test fails until the answer changes.
 */

const config = parseConfig({});

describe.each(testBackends())('making a test from a conversation on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  let expertId: string;

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    await seedDemoCustomers(database.db, { now: DIALOG_NOW });
    expertId = await usersByEmail(database.db, { expertEmail: 'expert@alpenwave.example' }).expert();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A real conversation: the messages through the real chat turn, stored as customers' are. */
  async function converse(customer: string | null, messages: string[]) {
    const r = { db: database.db, config, now: DIALOG_NOW, identities: usersByEmail(database.db, { expertEmail: 'expert@alpenwave.example' }) };
    const owner = await dialogOwner(r, customer);
    const conversationId = randomUUID();
    const seen = [];
    for (const text of messages) seen.push(await runTurn(r, { conversationId, owner, signedIn: customer !== null, text }));
    return { conversationId, seen };
  }

  it('copies the turns with checks from what happened, and the test passes as made', async () => {
    const { conversationId, seen } = await converse('anna.meier@example.ch', ['How do I restart my Box 5 with the power button?', 'please upgrade my internet to Wave Home 1000']);
    expect(seen[0]!.cited.length).toBeGreaterThan(0);
    const made = await makeTestFromConversation(database.db, { conversationId, userId: expertId });
    if (!made.ok) throw new Error(made.reason);
    const parsed = parseStoredCase(made.test);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(made.test.sourceConversationId).toBe(conversationId);
    expect(parsed.test).toMatchObject({
      customer: 'anna.meier@example.ch',
      lang: 'en',
      group: 'from-conversations',
      turns: [
        { user: 'How do I restart my Box 5 with the power button?', expect: { outcome: [seen[0]!.outcome], cites: seen[0]!.cited, lang: 'en' } },
        { user: 'please upgrade my internet to Wave Home 1000', expect: { outcome: ['approval'], tool: { name: 'change_plan', args: { planId: 'wave-home-1000' } }, approval: true } },
      ],
    });
    expect((await runTestCase(database.db, { config, test: parsed.test })).status).toBe('passed');
  });

  it('turns a down-voted answer into a failing test, and says so', async () => {
    const { conversationId, seen } = await converse(null, ['How do I restart my Box 5 with the power button?']);
    const [message] = await database.db.query.answerTraces.findMany({ where: (t, { eq }) => eq(t.conversationId, conversationId) });
    await saveFeedback(database.db, { messageId: message!.messageId, rating: 'down', comment: null });
    const made = await makeTestFromConversation(database.db, { conversationId, userId: expertId });
    if (!made.ok) throw new Error(made.reason);
    expect(made.notes).toEqual([expect.stringContaining('Turn 1 was down-voted by the customer')]);
    const parsed = parseStoredCase(made.test);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.test.turns[0]).toEqual({ user: 'How do I restart my Box 5 with the power button?', expect: { lang: 'en', notCites: seen[0]!.cited } });
    // Names stay unique: the first test from this title (above) has it, this one "(2)", the next "(3)".
    expect(made.test.name).toBe('How do I restart my Box 5 with the power button? (2)');
    const again = await makeTestFromConversation(database.db, { conversationId, userId: expertId });
    expect(again.ok && again.test.name).toBe('How do I restart my Box 5 with the power button? (3)');
    expect((await runTestCase(database.db, { config, test: parsed.test })).status).toBe('failed');
  });

  it('refuses a conversation that does not exist', async () => {
    expect(await makeTestFromConversation(database.db, { conversationId: randomUUID(), userId: expertId })).toEqual({ ok: false, reason: 'not_found' });
  });
});
