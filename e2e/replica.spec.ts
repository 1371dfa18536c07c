import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { signInApi } from './support/api';
import { startInstance, startPreparedInstance, type Instance } from './support/instances';
import { startCluster, testDb } from './support/test-db';

/**
 * DATABASE_READ_URL on a real streaming replica (pg_basebackup -R, scripts/test-db/replica.sh):
 * help-site search reads the replica — with its replay paused, a re-ingest on the primary is not
 * found yet; resumed, it is — while jobs and the chat use the primary.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// PostgreSQL's server binaries are needed; npm test installs them and then sets TEST_DATABASE_URL.
test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (npm test provides it)');

const PROBE_ID = 'replica-probe-en';
const PROBE_WORD = 'quokkaphone';
let primaryDir: string;
let replicaDir: string;
let primaryUrl: string;
let replicaUrl: string;
let contentDir: string;
let app: Instance;

test.beforeAll(async () => {
  test.setTimeout(180_000); // starting servers, preparing a database
  ({ dir: primaryDir, url: primaryUrl } = startCluster('lantern-primary'));
  replicaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-replica-'));
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-replica-content-'));
  fs.cpSync('content/articles', contentDir, { recursive: true });
  const preparer = await startPreparedInstance(primaryUrl, { CONTENT_DIR: contentDir });
  await preparer.stop();
  replicaUrl = testDb('replica.sh', primaryDir, replicaDir);
  // SEED_DEMO=always: the test signs in as a demo expert (never would disable the demo accounts).
  app = await startInstance({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: replicaUrl, CONTENT_DIR: contentDir, SEED_DEMO: 'always', INGEST_ON_START: 'never' });
});

test.afterAll(async () => {
  await app?.stop();
  if (replicaDir) testDb('stop.sh', replicaDir);
  if (primaryDir) testDb('stop.sh', primaryDir);
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

async function searchIds(query: string): Promise<string[]> {
  const response = await fetch(`${app.baseUrl}/api/search?q=${encodeURIComponent(query)}&lang=en`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { documentId: string }[] }).results.map((r) => r.documentId);
}

test('search reads the streaming replica; a re-ingest on the primary reaches it through replication', async ({ playwright }) => {
  const replica = postgres(replicaUrl, { max: 1, onnotice: () => {} });
  const primary = postgres(primaryUrl, { max: 1, onnotice: () => {} });
  try {
    const [standby] = await replica<{ recovery: boolean }[]>`select pg_is_in_recovery() as recovery`;
    expect(standby!.recovery).toBe(true);
    expect((await searchIds('roaming charges abroad')).length).toBeGreaterThan(0);

    // Hold the replica at its current state, then add an article and re-ingest (on the primary).
    await replica`select pg_wal_replay_pause()`;
    fs.writeFileSync(
      path.join(contentDir, 'en', 'replica-probe.md'),
      `---\nid: ${PROBE_ID}\ntitle: The ${PROBE_WORD} accessory\nurl: ${PROBE_ID}\nlang: en\naudience: public\nupdated: 2026-11-01\n---\nThe ${PROBE_WORD} is a handset accessory. Pair the ${PROBE_WORD} with your Box 5 over Bluetooth.\n`,
    );
    const api = await playwright.request.newContext();
    await signInApi(api, app.baseUrl, 'expert@alpenwave.example');
    const started = await api.post(`${app.baseUrl}/api/admin/jobs`, { data: { kind: 'ingest' } });
    expect(started.status()).toBe(202);
    const jobId = ((await started.json()) as { job: { id: string } }).job.id;
    await expect
      .poll(async () => ((await (await api.get(`${app.baseUrl}/api/admin/jobs/${jobId}`)).json()) as { job: { status: string } }).job.status, { timeout: 60_000 })
      .toBe('succeeded');
    const [stored] = await primary<{ n: number }[]>`select count(*)::int as n from documents where id = ${PROBE_ID}`;
    expect(stored!.n).toBe(1);

    // The primary has it; search, served by the paused replica, does not yet.
    expect(await searchIds(`${PROBE_WORD} accessory`)).not.toContain(PROBE_ID);

    await replica`select pg_wal_replay_resume()`;
    await expect.poll(() => searchIds(`${PROBE_WORD} accessory`), { timeout: 30_000 }).toContain(PROBE_ID);
    await api.dispose();
  } finally {
    await replica.end();
    await primary.end();
  }
});
