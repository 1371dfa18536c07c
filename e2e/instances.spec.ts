import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID, sendChat, signInApi } from './support/api';
import { createTestDatabase, INSTANCE_METRICS_TOKEN, startInstance, startPreparedInstance, type Instance, type TestDatabase } from './support/instances';

/**
 * Two app instances on one PostgreSQL behave as one product: sessions, conversations, approvals,
 * rate limits and job locks live in the database. Then the jobs' failure modes: an instance
 * killed mid-ingest (the other takes the job over) and one stopped gracefully (it hands the job
 * back and finishes its chat streams).
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (npm test provides one)');

let database: TestDatabase;
let contentDir: string;
let a: Instance;
let b: Instance;

function instanceEnv(): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    CONTENT_DIR: contentDir,
    // Quick takeover for the test: a job silent for 3 s belongs to a dead instance.
    JOB_STALE_AFTER_SECONDS: '3',
    // Also the budget of cookie-less first messages from one address, which every test here shares.
    CHAT_RATE_LIMIT_PER_MINUTE: '20',
  };
}

/** Changes every article, so the next ingest re-embeds the whole corpus (a run long enough to interrupt). */
function touchEveryArticle(marker: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.appendFileSync(file, `\n\n<!-- ${marker} -->\n`);
    n++;
  }
  return n;
}

/** Adds renamed copies (new ids and urls) of every original article: a corpus several times larger. */
function addCopies(from: number, to: number): void {
  const originals = fs
    .readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md') && !e.name.includes('.copy'));
  for (let k = from; k <= to; k++) {
    for (const entry of originals) {
      const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      const copy = text.replace(/^id: (.+)$/m, `id: $1-copy${k}`).replace(/^url: (.+)$/m, `url: $1-copy${k}`);
      fs.writeFileSync(path.join(entry.parentPath, entry.name.replace(/\.md$/, `.copy${k}.md`)), copy);
    }
  }
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  return (await response.json()) as T;
}

type JobView = { id: string; status: string; progress: { phase: string; done: number; total: number }; error: string | null };

async function readJob(api: APIRequestContext, instance: Instance, id: string): Promise<JobView> {
  return (await json<{ job: JobView }>(await api.get(`${instance.baseUrl}/api/admin/jobs/${id}`))).job;
}

/** Running and past the start: reading, embedding or writing (nothing is committed before the end). */
function midRun(job: JobView): boolean {
  return job.status === 'running' && ['scan', 'embed', 'write'].includes(job.progress.phase);
}

async function counts() {
  const [row] = await database.admin<{ documents: number; chunks: number; duplicates: number }[]>`
    select (select count(*)::int from documents) as documents,
           (select count(*)::int from chunks) as chunks,
           (select count(*)::int from (select document_id, ordinal from chunks group by 1, 2 having count(*) > 1) d) as duplicates`;
  return row!;
}

test.beforeAll(async () => {
  test.setTimeout(180_000); // starting servers, preparing a database
  database = await createTestDatabase('lantern_instances');
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-instances-content-'));
  fs.cpSync('content/articles', contentDir, { recursive: true });
  // One instance prepares the database (migrations, demo data, index); the second joins it.
  a = await startPreparedInstance(database.url, instanceEnv());
  b = await startInstance(instanceEnv());
});

test.afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await database?.drop();
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

test('a session, a conversation and an approval move freely between the two instances', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  await signInApi(api, a.baseUrl, 'anna.meier@example.ch');
  // Signed in on A, known on B: the session is a token both can read (one AUTH_SECRET).
  expect((await json<{ user: { email: string } }>(await api.get(`${b.baseUrl}/api/auth/session`))).user.email).toBe('anna.meier@example.ch');

  const conversationId = randomUUID();
  const proposal = await sendChat(api, a.baseUrl, { conversationId, text: 'Please restart my modem' });
  expect(proposal.status).toBe(200);
  expect(proposal.approvalIds).toHaveLength(1);
  const approvalId = proposal.approvalIds[0]!;

  // Approved on B, replayed on A: executed exactly once, the replay sees the decided state.
  const approved = await api.post(`${b.baseUrl}/api/chat/approvals/${approvalId}`, { data: { decision: 'approve' } });
  expect(approved.status()).toBe(200);
  const replay = await api.post(`${a.baseUrl}/api/chat/approvals/${approvalId}`, { data: { decision: 'approve' } });
  expect(replay.status()).toBe(409);
  const [approval] = await database.admin<{ status: string }[]>`select status from approvals where id = ${approvalId}`;
  expect(approval!.status).toBe('executed');

  // The conversation continues on B, and A shows all of it.
  const followUp = await sendChat(api, b.baseUrl, { conversationId, text: 'How do I restart my Box 5?' });
  expect(followUp).toMatchObject({ status: 200, finished: true });
  const detail = await json<{ messages: { role: string }[] }>(await api.get(`${a.baseUrl}/api/chat/conversations/${conversationId}`));
  expect(detail.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  expect(detail.messages.filter((m) => m.role === 'assistant').length).toBeGreaterThanOrEqual(2);
  await api.dispose();
});

test('the chat rate limit is one budget across instances', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const conversationId = randomUUID();
  // CHAT_RATE_LIMIT_PER_MINUTE=20: the first message (no cookie yet) counts in the address's
  // new-visitor budget; then ten messages with the cookie on each instance use the visitor's up together.
  for (let i = 0; i < 21; i++) {
    const reply = await sendChat(api, (i % 2 ? b : a).baseUrl, { conversationId, text: `What does roaming cost? (${i})` });
    expect(reply.status, `message ${i + 1}`).toBe(200);
  }
  const refusedOnA = await sendChat(api, a.baseUrl, { conversationId, text: 'One more?' });
  const refusedOnB = await sendChat(api, b.baseUrl, { conversationId, text: 'And here?' });
  expect([refusedOnA.status, refusedOnB.status]).toEqual([429, 429]);
  await api.dispose();
});

test('two re-ingest requests at once on two instances: exactly one runs', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  await signInApi(api, a.baseUrl, 'expert@alpenwave.example');
  const [onA, onB] = await Promise.all([
    api.post(`${a.baseUrl}/api/admin/jobs`, { data: { kind: 'ingest' } }),
    api.post(`${b.baseUrl}/api/admin/jobs`, { data: { kind: 'ingest' } }),
  ]);
  expect([onA.status(), onB.status()].sort()).toEqual([202, 409]);
  const winner = await json<{ job: JobView }>(onA.status() === 202 ? onA : onB);
  const loser = await json<{ error: { code: string }; job: JobView }>(onA.status() === 202 ? onB : onA);
  expect(loser.error.code).toBe('already_running');
  expect(loser.job.id).toBe(winner.job.id);
  // Either instance reports the same job to the end.
  await expect.poll(async () => (await readJob(api, b, winner.job.id)).status, { timeout: 60_000 }).toBe('succeeded');
  expect((await readJob(api, a, winner.job.id)).status).toBe('succeeded');
  const [jobs] = await database.admin<{ n: number }[]>`select count(*)::int as n from jobs where kind = 'ingest'`;
  expect(jobs!.n).toBe(1);
  await api.dispose();
});

test('an instance killed during an ingest: the other takes the job over and the index stays whole', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  await signInApi(api, a.baseUrl, 'expert@alpenwave.example');
  const before = await counts();
  // Every article changed, and twice as many new ones: a run long enough to kill halfway.
  const changed = touchEveryArticle('killed-run');
  addCopies(1, 2);
  expect(changed).toBe(before.documents);
  const files = 3 * changed;

  const started = await api.post(`${a.baseUrl}/api/admin/jobs`, { data: { kind: 'ingest' } });
  expect(started.status()).toBe(202);
  const jobId = (await json<{ job: JobView }>(started)).job.id;
  await expect.poll(async () => midRun(await readJob(api, b, jobId)), { timeout: 30_000, intervals: [50] }).toBe(true);
  await a.stop('SIGKILL');

  // Meanwhile the index is the previous one, whole and searchable.
  expect(await counts()).toEqual(before);
  const search = await json<{ results: unknown[] }>(await api.get(`${b.baseUrl}/api/search?q=roaming`));
  expect(search.results.length).toBeGreaterThan(0);

  // B notices the silence (3 s here), claims the job and runs it to the end.
  await expect.poll(async () => (await readJob(api, b, jobId)).status, { timeout: 60_000 }).toBe('succeeded');
  const [job] = await database.admin<{ attempts: number; owner: string }[]>`select attempts, owner from jobs where id = ${jobId}`;
  expect(job!.attempts).toBe(2);
  // The instance's name is a detail for the metrics token, not for strangers.
  const bInstance = (await json<{ instance: string }>(await api.get(`${b.baseUrl}/api/health/live`, { headers: { authorization: `Bearer ${INSTANCE_METRICS_TOKEN}` } }))).instance;
  expect(job!.owner).toBe(bInstance);
  const after = await counts();
  expect(after).toMatchObject({ documents: files, duplicates: 0 });
  expect(after.chunks).toBeGreaterThan(0);
  const [fresh] = await database.admin<{ n: number }[]>`select count(*)::int as n from documents where body like '%killed-run%'`;
  expect(fresh!.n).toBe(changed * 3);
  // The dead attempt's ingest run is closed, not left running.
  const runs = await database.admin<{ status: string }[]>`select status from ingest_runs order by id desc limit 2`;
  expect(runs.map((r) => r.status)).toEqual(['succeeded', 'interrupted']);
  expect(b.output()).toContain('"msg":"job claimed"');
  await api.dispose();
});

test('a graceful stop finishes the chat answers in flight and hands its running job to the other instance', async ({ playwright }) => {
  a = await startInstance(instanceEnv());
  const api = await playwright.request.newContext();
  await signInApi(api, a.baseUrl, 'expert@alpenwave.example');
  // Three times as many new articles: an ingest that is still running when the signal comes.
  addCopies(3, 5);
  const started = await api.post(`${a.baseUrl}/api/admin/jobs`, { data: { kind: 'ingest' } });
  expect(started.status()).toBe(202);
  const jobId = (await json<{ job: JobView }>(started)).job.id;
  await expect.poll(async () => midRun(await readJob(api, b, jobId)), { timeout: 30_000, intervals: [50] }).toBe(true);

  // Answers in flight when the signal comes: each must end with its finish event.
  const chats = Array.from({ length: 6 }, (_, i) =>
    playwright.request.newContext().then((c) => sendChat(c, a.baseUrl, { conversationId: randomUUID(), text: `How do I set up my Box 5? (${i})` })),
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  const exitCode = a.stop('SIGTERM');
  const replies = await Promise.all(chats);
  for (const reply of replies) expect(reply).toMatchObject({ status: 200, finished: true });
  expect(await exitCode).not.toBeNull();
  const log = a
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; time: string });
  const signalled = log.find((l) => l.msg.startsWith('shutting down'))!.time;
  // Some answers were still being written when the signal came, and they finished.
  expect(log.filter((l) => l.msg === 'chat answer' && l.time > signalled).length).toBeGreaterThan(0);
  expect(log.map((l) => l.msg)).toEqual(expect.arrayContaining(['job released for another instance', 'shut down']));

  // Released (no waiting for a stale heartbeat): B resumes it at its next sweep.
  await expect.poll(async () => (await readJob(api, b, jobId)).status, { timeout: 60_000 }).toBe('succeeded');
  const [job] = await database.admin<{ attempts: number }[]>`select attempts from jobs where id = ${jobId}`;
  expect(job!.attempts).toBe(2);
  expect((await counts()).duplicates).toBe(0);
  await api.dispose();
});

test('with DATABASE_READ_URL, search reads the replica while the chat stays on the primary', async ({ playwright }) => {
  // A stand-in replica: same schema, no articles. Real streaming replication is not set up here;
  // what this checks is which database each path reads.
  const replica = await createTestDatabase('lantern_replica');
  const migrator = await startInstance({ DATABASE_URL: replica.url, SEED_DEMO: 'never', INGEST_ON_START: 'never' });
  await migrator.stop();
  const reader = await startInstance({ ...instanceEnv(), DATABASE_READ_URL: replica.url });
  try {
    const api = await playwright.request.newContext();
    const viaPrimary = await json<{ results: unknown[] }>(await api.get(`${b.baseUrl}/api/search?q=roaming`));
    expect(viaPrimary.results.length).toBeGreaterThan(0);
    const viaReplica = await api.get(`${reader.baseUrl}/api/search?q=roaming`);
    expect(viaReplica.status()).toBe(200);
    expect((await json<{ results: unknown[] }>(viaReplica)).results).toEqual([]);
    // The chat reads and writes the primary: it finds the articles and stores the conversation there.
    const conversationId = randomUUID();
    const reply = await sendChat(api, reader.baseUrl, { conversationId, text: 'How do I restart my Box 5?' });
    expect(reply).toMatchObject({ status: 200, finished: true });
    // Cited articles: the chat's retrieval found them on the primary.
    expect(reply.body).toMatch(/"citations":\[\{"n":1,"documentId":"[a-z0-9-]+"/);
    const [stored] = await database.admin<{ n: number }[]>`select count(*)::int as n from messages where conversation_id = ${conversationId}`;
    expect(stored!.n).toBe(2);
    await api.dispose();
  } finally {
    await reader.stop();
    await replica.drop();
  }
});

test('the app logs JSON lines; request lines carry a request id; no message text or password reaches the log', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  const secretQuestion = `What does roaming cost in Zanzibar-${randomUUID().slice(0, 8)}?`;
  const reply = await sendChat(api, b.baseUrl, { conversationId: randomUUID(), text: secretQuestion });
  expect(reply.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const lines = b
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'));
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(parsed.length).toBeGreaterThan(5);
  const chatLines = parsed.filter((l) => l.route === '/api/chat');
  expect(chatLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['chat answer', 'request']));
  for (const line of chatLines) expect(line.requestId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  expect(b.output()).not.toContain('Zanzibar');
  expect(b.output()).not.toContain('lantern-demo'); // the demo password, sent at every sign-in
  await api.dispose();
});

test('a demoted expert loses internal articles at once, session or not', async ({ playwright }) => {
  const api = await playwright.request.newContext();
  await signInApi(api, b.baseUrl, 'expert@alpenwave.example');
  const article = `${b.baseUrl}/articles/internal-goodwill-credit-policy`;
  expect((await api.get(article)).status()).toBe(200);
  await database.admin`update users set role = 'customer' where email = 'expert@alpenwave.example'`;
  try {
    // Same session token (it still says "expert"): the role is read from the database.
    expect((await api.get(article)).status()).toBe(404);
  } finally {
    await database.admin`update users set role = 'expert' where email = 'expert@alpenwave.example'`;
  }
  await api.dispose();
});
