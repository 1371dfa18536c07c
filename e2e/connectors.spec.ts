import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CANCEL_MESSAGES, cancelOrderConfig, orderStatusConfig } from '../lib/actions/connectors/test-connectors';
import { startOrdersApi, type OrdersApi } from '../lib/actions/connectors/test-orders-api';
import { askNext, DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * Action connectors as a customer uses them: an app started with a connectors file
 * (LANTERN_CONNECTORS_FILE) pointing at the test orders API this spec runs on loopback, on the
 * built-in model. Anna asks for an order's status (read at once), cancels an order on an approval
 * card (double-clicked: one request to the API), and is told, as a refusal, when the API says the
 * order is already cancelled. The API checks each request's signature and sees Anna's customer number.
 */
test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-connector-secret-0123456789-abcdefgh';
/** Anna's customer number (content/seed/customers.json): who the orders API must see. */
const ANNA = 'AW-10482736';

let api: OrdersApi;
let app: Instance;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  api = await startOrdersApi({ secret: SECRET });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-connectors-'));
  const file = path.join(dir, 'connectors.json');
  fs.writeFileSync(file, JSON.stringify({ connectors: [orderStatusConfig(api.origin), cancelOrderConfig(api.origin)] }));
  app = await startInstance(
    { DATA_DIR: path.join(dir, 'data'), SEED_DEMO: 'auto', LOG_LEVEL: 'warn', LANTERN_CONNECTORS_FILE: file, LANTERN_CONNECTORS_SECRET: SECRET },
    { readyTimeoutMs: 150_000 },
  );
});

test.beforeEach(() => {
  api.reset();
  api.orders.set('A-1', { id: 'A-1', customerId: ANNA, status: 'processing', eta: '2026-12-09' });
  api.orders.set('A-7', { id: 'A-7', customerId: ANNA, status: 'shipped', eta: '2026-12-05' });
});

test.afterAll(async () => {
  await app?.stop();
  await api?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});


async function customerChat(page: Page) {
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
}

test('an order status comes from the company’s API, for the signed-in customer', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: `http://localhost:${app.port}` })).newPage();
  await customerChat(page);
  const answer = await askNext(page, "What's the status of order A-7?");
  await expect(answer).toHaveAttribute('data-outcome', 'account');
  await expect(answer).toContainText('shipped');
  expect(api.requests).toHaveLength(1);
  expect(api.requests[0]).toMatchObject({ method: 'GET', target: '/orders/A-7', customerId: ANNA, signature: { ok: true } });
});

test('cancel an order: approval card → double-click approve → one request; again → the API’s refusal', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: `http://localhost:${app.port}` })).newPage();
  await customerChat(page);
  const proposal = await askNext(page, 'Please cancel my order A-1');
  await expect(proposal).toHaveAttribute('data-outcome', 'approval');
  const card = proposal.getByTestId('chat-approval');
  await expect(card).toContainText('Cancel order A-1');
  expect(api.requests).toEqual([]);
  await card.getByTestId('chat-approve').dblclick();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'executed');
  expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(api.requests[0]).toMatchObject({ target: '/orders/A-1/cancel', customerId: ANNA, signature: { ok: true }, status: 200 });
  expect(api.orders.get('A-1')?.status).toBe('cancelled');

  const again = await askNext(page, 'Please cancel my order A-1');
  const second = again.getByTestId('chat-approval');
  await second.getByTestId('chat-approve').click();
  await expect(second.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'refused');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText(CANCEL_MESSAGES.en);
});
