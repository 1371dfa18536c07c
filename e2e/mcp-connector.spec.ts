import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_HEADER } from '../lib/actions/connectors/identity';
import { notHoldableText, parcelsServerConfig, startParcelsMcp, type ParcelsMcp } from '../lib/actions/connectors/test-parcels-mcp';
import { askNext, DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * MCP tools as a customer uses them: an app started with a connectors file
 * (LANTERN_CONNECTORS_FILE) naming the test parcels MCP server this spec runs on loopback, with
 * its track_parcel configured as a read and its hold_parcel as a write, on the built-in model.
 * Anna asks where a parcel is (answered at once from the server), asks to hold it (an approval
 * card; double-clicked: one call to the server), and is told, as a refusal with the server's
 * sentence, when the server says the parcel is already held. The server checks each call's
 * signature and acts for the customer of its Lantern-Customer header only.
 */
test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-mcp-connector-secret-0123456789-abcd';
/** Anna's customer number (content/seed/customers.json): who the MCP server must see. */
const ANNA = 'AW-10482736';

let mcp: ParcelsMcp;
let app: Instance;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mcp = await startParcelsMcp({ secret: SECRET });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-mcp-'));
  const file = path.join(dir, 'connectors.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers: [parcelsServerConfig(mcp.url, { track_parcel: 'read', hold_parcel: 'write' })] }));
  // The app asks the server for its tools when it starts: the server runs first.
  app = await startInstance(
    { DATA_DIR: path.join(dir, 'data'), SEED_DEMO: 'auto', LOG_LEVEL: 'warn', LANTERN_CONNECTORS_FILE: file, LANTERN_CONNECTORS_SECRET: SECRET },
    { readyTimeoutMs: 150_000 },
  );
});

test.beforeEach(() => {
  mcp.reset();
  mcp.parcels.set('P-1', { id: 'P-1', customerId: ANNA, status: 'in transit', eta: '2026-11-25' });
});

test.afterAll(async () => {
  await app?.stop();
  await mcp?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});


async function customerChat(page: Page) {
  await signIn(page, DEMO.customer, undefined, '/login?callbackUrl=/chat');
  await page.waitForURL((url) => url.pathname === '/chat');
}

const toolCalls = (name: string) => mcp.calls.filter((c) => c.name === name);

test('a read tool of the MCP server answers in the chat at once, for the signed-in customer', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: `http://localhost:${app.port}` })).newPage();
  await customerChat(page);
  const answer = await askNext(page, 'Can you track parcel P-1 for me?');
  await expect(answer).toHaveAttribute('data-outcome', 'account');
  await expect(answer).toContainText('in transit');
  await expect(answer.getByTestId('chat-approval')).toHaveCount(0);
  expect(toolCalls('track_parcel')).toHaveLength(1);
  expect(toolCalls('track_parcel')[0]).toMatchObject({ args: { parcelId: 'P-1' }, headers: { [CUSTOMER_HEADER.toLowerCase()]: ANNA } });
});

test('a write tool asks for approval first: card → double-click approve → one call; again → the server’s refusal', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: `http://localhost:${app.port}` })).newPage();
  await customerChat(page);
  const proposal = await askNext(page, 'Could you hold parcel P-1 for me?');
  await expect(proposal).toHaveAttribute('data-outcome', 'approval');
  const card = proposal.getByTestId('chat-approval');
  await expect(card).toContainText('Hold parcel');
  await expect(card).toContainText('P-1');
  expect(mcp.calls).toEqual([]);

  await card.getByTestId('chat-approve').dblclick();
  await expect(card.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'executed');
  expect(toolCalls('hold_parcel')).toHaveLength(1);
  const [call] = toolCalls('hold_parcel');
  expect(call!.headers[CUSTOMER_HEADER.toLowerCase()]).toBe(ANNA);
  expect(call!.headers['idempotency-key']).toBe(await card.getAttribute('data-approval-id'));
  expect(mcp.parcels.get('P-1')?.status).toBe('held');

  const again = await askNext(page, 'Could you hold parcel P-1 for me?');
  const second = again.getByTestId('chat-approval');
  await second.getByTestId('chat-approve').click();
  await expect(second.getByTestId('chat-approval-status')).toHaveAttribute('data-status', 'refused');
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText(notHoldableText('P-1', 'held'));
  expect(toolCalls('hold_parcel')).toHaveLength(2);
});
