import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { randomUUID, sendChat } from './support/api';
import { INSTANCE_METRICS_TOKEN, startPreparedInstance, type Instance } from './support/instances';
import { startCluster, testDb, type Cluster } from './support/test-db';

/**
 * PostgreSQL goes away under a running instance and comes back: customers get a clear 503 (not a
 * hang, not a crash), the instance recovers on its own, and nothing stored is lost. The cluster
 * is this spec's own (scripts/test-db), so stopping it disturbs no other test.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });
// PostgreSQL's server binaries are needed; npm test installs them and then sets TEST_DATABASE_URL.
test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (npm test provides it)');

let cluster: Cluster;
let app: Instance;

test.beforeAll(async () => {
  test.setTimeout(180_000); // starting servers, preparing a database
  cluster = startCluster('lantern-faults-pg');
  app = await startPreparedInstance(cluster.url);
});

test.afterAll(async () => {
  await app?.stop('SIGKILL');
  if (cluster) testDb('stop.sh', cluster.dir);
});

test('PostgreSQL stopped mid-conversation: clear 503s, no crash, recovery by itself, nothing lost', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const conversationId = randomUUID();
  const first = await sendChat(api, app.baseUrl, { conversationId, text: 'How do I restart my Box 5?' });
  expect(first).toMatchObject({ status: 200, finished: true });

  testDb('server.sh', cluster.dir, 'stop');
  const started = Date.now();
  const refused = await api.post(`${app.baseUrl}/api/chat`, {
    data: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'And the Box 3?' }] } },
  });
  expect(refused.status()).toBe(503);
  expect(refused.headers()['retry-after']).toBe('5');
  expect((await refused.json()).error).toMatchObject({ code: 'unavailable', message: expect.stringContaining('try again') });
  // Refused at once, not after the load balancer's timeout.
  expect(Date.now() - started).toBeLessThan(10_000);
  const search = await api.get(`${app.baseUrl}/api/search?q=roaming`);
  expect(search.status()).toBe(503);
  expect((await api.get(`${app.baseUrl}/api/health/ready`)).status()).toBe(503);
  // The reasons are for the metrics token; strangers see the status only.
  const asOperator = { headers: { authorization: `Bearer ${INSTANCE_METRICS_TOKEN}` } };
  expect((await (await api.get(`${app.baseUrl}/api/health/ready`, asOperator)).json()).reasons).toEqual(['database unreachable']);
  expect(await (await api.get(`${app.baseUrl}/api/health/ready`)).json()).toEqual({ status: 'not_ready' });
  // Alive (a restart would not help), and the process is still running.
  expect((await api.get(`${app.baseUrl}/api/health/live`)).status()).toBe(200);
  expect(app.process.exitCode).toBeNull();

  testDb('server.sh', cluster.dir, 'start');
  await expect.poll(async () => (await api.get(`${app.baseUrl}/api/health/ready`)).status(), { timeout: 30_000 }).toBe(200);
  const resumed = await sendChat(api, app.baseUrl, { conversationId, text: 'And the Box 3?' });
  expect(resumed).toMatchObject({ status: 200, finished: true });

  // The conversation holds the turn from before the outage and the one after it.
  const detail = (await (await api.get(`${app.baseUrl}/api/chat/conversations/${conversationId}`)).json()) as {
    messages: { role: string; parts: { type: string; text?: string }[] }[];
  };
  const asked = detail.messages.filter((m) => m.role === 'user').map((m) => m.parts.find((p) => p.type === 'text')?.text);
  expect(asked).toEqual(['How do I restart my Box 5?', 'And the Box 3?']);
  expect(detail.messages.filter((m) => m.role === 'assistant')).toHaveLength(2);

  // And in the database itself, the rows are all there.
  const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from messages where conversation_id = ${conversationId}`;
  await sql.end();
  expect(row!.n).toBe(4);
  expect(app.output()).toContain('"msg":"database unavailable"');
  await api.dispose();
});
