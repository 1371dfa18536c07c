import fs from 'node:fs';
import { getConfig, type Config } from '@/lib/config';
import { closeDatabases, getDatabase } from '@/lib/db';
import { migrationState } from '@/lib/db/migrate';
import { DataDirInUseError } from '@/lib/db/pglite-owner';
import { reconcileDemoAccounts, type DemoAccountsPolicy } from '@/lib/db/demo-accounts';
import { DEMO_USERS_FILE, loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { demoExposure } from '@/lib/network/demo-exposure';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { seedConversationTests } from '@/lib/conversation-tests/seed';
import { seedDemoCustomers, topUpAppointmentSlots } from '@/lib/actions/seed';
import { consoleJobHandlers } from '@/lib/console/jobs/handlers';
import { startJobWorker } from '@/lib/console/jobs/worker';
import { startWebhookDispatcher } from '@/lib/webhooks/worker';
import { startSourceScheduler } from '@/lib/console/knowledge/source-schedule';
import { installShutdownHandlers } from '@/lib/shutdown';
import { collectGarbage } from '@/lib/runtime/collect-garbage';
import { ConfigError } from '@/lib/config';
import { ingestOnStart } from '@/lib/startup-ingest';
import { warmUpAnswers } from '@/lib/chat/warm-up';
import { connectorRegistry } from '@/lib/actions/connectors/registry-load';
import { errorFields, log } from '@/lib/observability/logger';

/** Whether demo accounts are seeded at start: on the embedded default, or when asked. */
export function shouldSeedDemo(config: Config): boolean {
  return config.seedDemo === 'always' || (config.seedDemo === 'auto' && config.database.kind === 'pglite');
}

/** Demo accounts are enabled where they are seeded, disabled with SEED_DEMO=never, else left alone. */
export function demoAccountsPolicy(config: Config): DemoAccountsPolicy {
  if (shouldSeedDemo(config)) return 'enable';
  return config.seedDemo === 'never' ? 'disable' : 'keep';
}

/** Whether content/ is synced into the index at start: on the embedded default, or when asked. */
export function shouldIngestOnStart(config: Config): boolean {
  return config.content.ingestOnStart === 'always' || (config.content.ingestOnStart === 'auto' && config.database.kind === 'pglite');
}

/**
 * Runs once when the server starts (instrumentation.ts): validates the configuration, opens and
 * migrates the database, seeds demo accounts where that applies. Any problem ends the process
 * with one readable line instead of a server that fails on every request.
 */
export async function startLantern(): Promise<void> {
  try {
    const config = getConfig();
    // Before the database: a broken connectors file, or an MCP server that does not answer, should
    // stop the start at once, naming the file.
    const connectors = (await connectorRegistry(config)).external;
    const database = await getDatabase();
    let seeded = '';
    if (shouldSeedDemo(config)) {
      const result = await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
      if (result.seeded) seeded = `, ${result.users} demo accounts seeded (see README)`;
      const golden = await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
      if (golden) seeded += `, ${golden} golden answers`;
      const tests = await seedConversationTests(database.db);
      if (tests) seeded += `, ${tests} conversation tests`;
      const customers = await seedDemoCustomers(database.db, { now: new Date() });
      if (customers.seeded) seeded += `, ${customers.customers} demo customer accounts`;
      // Keeps four weeks of technician slots ahead on a long-running demo.
      await topUpAppointmentSlots(database.db, { now: new Date() });
    }
    const demoAccounts = await reconcileDemoAccounts(database.db, {
      demo: fs.existsSync(/*turbopackIgnore: true*/ DEMO_USERS_FILE) ? loadDemoUsers() : undefined,
      policy: demoAccountsPolicy(config),
    });
    if (demoAccounts.disabled) seeded += `, ${demoAccounts.disabled} demo accounts disabled (SEED_DEMO=never)`;
    if (demoAccounts.enabled) seeded += `, ${demoAccounts.enabled} demo accounts re-enabled`;
    // Before the (slow) ingest: a refusal should come at once.
    const exposure = demoExposure({ activeDemoAccounts: demoAccounts.active, address: config.listen.address, demoOnNetwork: config.listen.demoOnNetwork });
    if (exposure.kind === 'refused') throw new ConfigError(exposure.message);
    if (exposure.kind === 'loopback') log().info({ demoAccounts: demoAccounts.active, listen: config.listen.address }, exposure.message);
    else if (exposure.kind !== 'none') log().warn({ demoAccounts: demoAccounts.active, listen: config.listen.address ?? 'unknown' }, exposure.message);
    const ingested = shouldIngestOnStart(config) ? await ingestOnStart(database.db, config) : '';
    // The first customers after a start should not pay the answer path's one-off costs.
    const warmed = await warmUpAnswers(database.db, config);
    if ('error' in warmed) log().warn({ error: warmed.error }, 'Warming up the answer path failed; the first answers will be slower');
    // Console jobs: resume those a stopped instance left (on the embedded database, every active
    // job is such a one: this process is the only owner), and keep sweeping for dead instances'.
    startJobWorker(database.db, {
      handlers: consoleJobHandlers(database.db, config),
      staleAfterMs: config.jobs.staleAfterMs,
      firstStaleAfterMs: config.database.kind === 'pglite' ? 0 : undefined,
      maintenance: { retention: config.retention },
    });
    // Hand-off events to the helpdesk, when HANDOFF_WEBHOOK_URL is set.
    startWebhookDispatcher(database.db, config);
    // Website sources crawled on a schedule (each due crawl started by one instance).
    startSourceScheduler(database.db, config);
    installShutdownHandlers({ graceMs: config.shutdownGraceMs, closeDatabase: closeDatabases });
    // The embedded database's initdb and a bulk ingest leave large WebAssembly memories behind.
    if (database.kind === 'pglite') collectGarbage();
    const migrations = await migrationState(database);
    if (connectors.length > 0) seeded += `, ${connectors.length} action connectors (${connectors.map((c) => c.name).join(', ')})`;
    const where = config.database.kind === 'pglite' ? `embedded PGlite at ${config.database.dataDir}` : 'PostgreSQL';
    log().info(
      { database: config.database.kind, migrations: `${migrations.applied}/${migrations.expected}`, modelProvider: config.model.provider, answerWarmUpMs: 'ms' in warmed ? Math.round(warmed.ms) : null },
      `Lantern ready: ${where}, ${migrations.applied}/${migrations.expected} migrations, model provider ${config.model.provider}${seeded}${ingested}`,
    );
  } catch (error) {
    // One line that says what to fix; pino writes stdout synchronously, so it is out before exit.
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      log().fatal(`Lantern cannot start. ${error.message}`);
    } else {
      log().fatal(errorFields(error), `Lantern cannot start: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  }
}
