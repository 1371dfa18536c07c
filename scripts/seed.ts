/**
 * npm run db:seed [-- --force]
 * Seeds the demo accounts (content/seed/users.json) and, into an empty table, the demo golden
 * answers (content/seed/golden-answers.jsonl). Refuses a database that already has users
 * unless --force, which resets the demo accounts only (a password reset: their sessions end).
 */
import { parseArgs } from 'node:util';
import { getConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { seedConversationTests } from '@/lib/conversation-tests/seed';
import { seedDemoCustomers } from '@/lib/actions/seed';
import { runCli } from './cli';

const USAGE = `Usage: npm run db:seed [-- --force]

Seeds the demo accounts and, into empty tables, the demo golden answers and conversation test
suite, and the demo customer system. Refuses a database that already has users unless --force,
which resets the demo accounts only.`;

runCli(async () => {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  const config = getConfig();
  // The server disables demo accounts at every start under SEED_DEMO=never: seeding them would be undone.
  if (config.seedDemo === 'never') throw new Error('SEED_DEMO=never disables demo accounts at start; unset it (or set SEED_DEMO=always) to seed them.');
  const database = await openConfiguredDatabase(config);
  try {
    const result = await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: values.force ?? false });
    if (!result.seeded) throw new Error('The database already has users; nothing was seeded. Use --force to reset the demo accounts.');
    const golden = await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
    const customers = await seedDemoCustomers(database.db, { now: new Date() });
    const tests = await seedConversationTests(database.db);
    console.log(
      `Seeded ${result.users} demo accounts${golden ? `, ${golden} golden answers` : ''}${customers.seeded ? `, ${customers.customers} customer accounts` : ''}${tests ? `, ${tests} conversation tests` : ''}.`,
    );
  } finally {
    await database.close();
  }
}, { usage: USAGE });
