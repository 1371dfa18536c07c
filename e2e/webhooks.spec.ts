import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { verifySignature } from '../lib/webhooks/signature';
import { ask, DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * Hand-off webhooks end to end: a helpdesk stand-in (started here) receives the four events of a
 * hand-off a customer asked for in the chat and an expert claimed, answered and closed in the
 * console, each signed; it fails the first two requests, so the first event arrives on the third
 * try, and the console's delivery log shows every attempt. The helpdesk then answers through the
 * reply API and the customer's chat shows it.
 */
test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-webhook-secret-0123456789-abcdefg';
const API_TOKEN = 'e2e-handoff-api-token-0123456789-abcd';
const stamp = Date.now();

type Received = { type: string; signature: string; body: string };
const received: Received[] = [];
let failures = 2;
let receiver: http.Server;
let app: Instance;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ type: String(request.headers['lantern-event']), signature: String(request.headers['lantern-signature']), body });
      const fail = failures > 0;
      if (fail) failures -= 1;
      response.writeHead(fail ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-webhooks-'));
  app = await startInstance(
    { DATA_DIR: dataDir, SEED_DEMO: 'auto', LOG_LEVEL: 'warn', HANDOFF_WEBHOOK_URL: url, HANDOFF_WEBHOOK_SECRET: SECRET, WEBHOOK_RETRY_BASE_SECONDS: '0.5', HANDOFF_API_TOKEN: API_TOKEN },
    { readyTimeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const base = () => `http://localhost:${app.port}`;
const delivered = () => received.filter((_, i) => i >= 2);

async function staffPage(page: Page, email: string) {
  await signIn(page, email);
  await page.waitForURL(/\/admin$/);
}

test('the helpdesk gets opened, claimed, replied and closed, signed; the log shows every attempt; its reply reaches the chat', async ({ browser }) => {
  test.setTimeout(150_000);
  const customerContext = await browser.newContext({ baseURL: base() });
  const customer = await customerContext.newPage();
  await customer.goto('/chat');
  await ask(customer, 'How do I restart my Box 5?');
  await customer.getByTestId('chat-handoff-open').click();
  await customer.getByTestId('chat-handoff-reason-customer_request').click();
  await customer.getByTestId('chat-handoff-note').fill(`Ticket ${stamp}`);
  await customer.getByTestId('chat-handoff-submit').click();
  await expect(customer.getByTestId('chat-handoff-status')).toHaveAttribute('data-status', 'open');

  // Sofia claims it, answers and closes it in the console.
  const expertContext = await browser.newContext({ baseURL: base() });
  const expert = await expertContext.newPage();
  await staffPage(expert, DEMO.expert);
  await expert.goto('/admin/handoffs');
  await expert.getByTestId('handoff-row').filter({ hasText: `Ticket ${stamp}` }).getByTestId('handoff-claim').click();
  await expect(expert.getByTestId('handoff-status').first()).toHaveAttribute('data-status', 'claimed');
  const handoffId = expert.url().split('/').at(-1)!;

  // While it is open, the helpdesk can answer through the API (and a wrong token cannot).
  const refused = await customer.request.post(`/api/handoffs/${handoffId}/reply`, { headers: { authorization: 'Bearer wrong-token' }, data: { text: 'x' } });
  expect(refused.status()).toBe(401);
  const fromHelpdesk = `Helpdesk here (${stamp}): we are on it.`;
  const posted = await customer.request.post(`/api/handoffs/${handoffId}/reply`, { headers: { authorization: `Bearer ${API_TOKEN}` }, data: { text: fromHelpdesk } });
  expect(posted.status()).toBe(201);
  await expect(customer.locator('[data-testid="chat-message"][data-outcome="agent"]').last()).toContainText(fromHelpdesk, { timeout: 25_000 });

  await expert.getByTestId('handoff-reply-input').fill(`Sofia here (${stamp}).`);
  await expert.getByTestId('handoff-reply-submit').click();
  await expect(expert.getByTestId('handoff-reply-status')).toContainText('Sent');
  await expert.getByTestId('handoff-close-outcome-resolved').check();
  await expert.getByTestId('handoff-close-submit').click();
  await expect(expert.getByTestId('handoff-outcome')).toContainText('Resolved');

  // The receiver: two refusals, then the four events in order, each signed with the secret.
  await expect.poll(() => delivered().map((r) => r.type), { timeout: 30_000 }).toEqual(['handoff.opened', 'handoff.claimed', 'handoff.replied', 'handoff.closed']);
  expect(received.slice(0, 2).map((r) => r.type)).toEqual(['handoff.opened', 'handoff.opened']);
  for (const r of received) expect(verifySignature(SECRET, r.body, r.signature)).toBe(true);
  const closed = JSON.parse(delivered()[3]!.body) as { handoff: { id: string; status: string }; conversation: { transcript: { role: string; text: string }[] } };
  expect(closed.handoff).toMatchObject({ id: handoffId, status: 'closed' });
  expect(closed.conversation.transcript.map((m) => m.text)).toEqual(expect.arrayContaining(['How do I restart my Box 5?', fromHelpdesk, `Sofia here (${stamp}).`]));

  // The admin's delivery log: the opened event with its three attempts, the others with one.
  const adminContext = await browser.newContext({ baseURL: base() });
  const admin = await adminContext.newPage();
  await staffPage(admin, DEMO.admin);
  await admin.getByRole('link', { name: 'Webhooks' }).click();
  const opened = admin.locator('[data-testid="webhook-delivery"][data-type="handoff.opened"]');
  await expect(opened).toHaveAttribute('data-status', 'delivered');
  await expect(opened.getByTestId('webhook-attempt')).toHaveCount(3);
  await expect(opened.getByTestId('webhook-attempt').nth(0)).toContainText('HTTP 503');
  await expect(opened.getByTestId('webhook-attempt').nth(2)).toContainText('HTTP 200');
  for (const type of ['handoff.claimed', 'handoff.replied', 'handoff.closed']) {
    await expect(admin.locator(`[data-testid="webhook-delivery"][data-type="${type}"] [data-testid="webhook-attempt"]`)).toHaveCount(1);
  }
  await expect(admin.getByTestId('webhook-destination')).not.toContainText(SECRET);

  // A closed hand-off takes no more replies.
  const late = await customer.request.post(`/api/handoffs/${handoffId}/reply`, { headers: { authorization: `Bearer ${API_TOKEN}` }, data: { text: 'late' } });
  expect(late.status()).toBe(409);
  await Promise.all([customerContext.close(), expertContext.close(), adminContext.close()]);
});
