import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * The embeddable widget on other sites: two host sites served by this test on 127.0.0.1 (a
 * different site from Lantern's localhost, so the browser treats the frame as third-party),
 * one on the WIDGET_SITES allow-list with an identity secret, one not. Lantern runs as its own
 * instance with request logging on, so the logs can be searched for the identity tokens.
 */
test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-widget-identity-secret-0123456789';
const ANNA = 'AW-10482736';

type HostSite = { origin: string; identity: string | null; lang: string; openOnLoad: boolean; close(): Promise<void> };

/** A host site: two pages with the widget's snippet; `identity` is what its backend would sign in. */
async function startHostSite(lantern: () => string): Promise<HostSite> {
  const site: HostSite = { origin: '', identity: null, lang: 'en', openOnLoad: false, close: async () => {} };
  const server = http.createServer((request, response) => {
    const page = request.url === '/page-2' ? 'Second page' : 'Welcome';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="${site.lang}"><head><title>Host ${page}</title>
<style>button, iframe, div { background: rgb(255, 0, 0) !important; font-size: 40px !important; }</style></head>
<body><h1>${page}</h1><a href="/page-2">Next page</a>
<script src="${lantern()}/widget.js" async data-color="#0a7d4f"${site.openOnLoad ? ' data-open="true" data-position="left"' : ''}${site.identity ? ` data-identity="${site.identity}"` : ''}></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise((resolve) => server.close(() => resolve()));
  return site;
}

function sign(claims: Record<string, unknown>, secret = SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let app: Instance;
let dataDir: string;
let allowed: HostSite;
let other: HostSite;
const lanternOrigin = () => `http://localhost:${app.port}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  allowed = await startHostSite(lanternOrigin);
  other = await startHostSite(lanternOrigin);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-widget-'));
  app = await startInstance({ DATA_DIR: dataDir, SEED_DEMO: 'auto', LOG_LEVEL: 'info', WIDGET_SITES: `${allowed.origin}=${SECRET}` }, { readyTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  await app?.stop();
  await allowed?.close();
  await other?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  allowed.identity = null;
  allowed.lang = 'en';
  allowed.openOnLoad = false;
});

async function openWidget(page: Page, url: string): Promise<FrameLocator> {
  await page.goto(url);
  const launcher = page.getByTestId('lantern-launcher');
  await expect(launcher).toBeVisible();
  await launcher.click();
  return page.frameLocator('iframe[title="Help chat"], iframe[title="Hilfe-Chat"]');
}

async function ask(chat: FrameLocator, question: string) {
  await chat.getByTestId('chat-input').fill(question);
  await chat.getByTestId('chat-send').click();
  const answer = chat.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-streaming', 'false', { timeout: 20_000 });
  return answer;
}

test('on an allowed site: the launcher appears, the frame answers with citations, and the conversation follows to the next page', async ({ page }) => {
  const chat = await openWidget(page, `${allowed.origin}/`);
  await expect(chat.getByTestId('embed-chat')).toHaveAttribute('data-identity', 'none');
  const answer = await ask(chat, 'How do I change the Wi-Fi password on my Box 5?');
  await expect(answer).toHaveAttribute('data-outcome', /^(answered|golden)$/);
  const citation = answer.locator('a[href^="/articles/"]').first();
  await expect(citation).toBeVisible();
  // Links open the help center in a new tab; the host page stays.
  await expect(citation).toHaveAttribute('target', '_blank');

  // The host page's own styles do not reach the launcher (shadow root) and nothing set its cookies.
  const launcherColor = await page.getByTestId('lantern-launcher').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(launcherColor).toBe('rgb(10, 125, 79)');
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await page.context().cookies(allowed.origin)).toEqual([]);

  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page.getByRole('heading', { name: 'Second page' })).toBeVisible();
  const again = await openWidget(page, `${allowed.origin}/page-2`);
  await expect(again.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText('How do I change the Wi-Fi password on my Box 5?');
});

test("the frame follows the host page's language", async ({ page }) => {
  allowed.lang = 'de-CH';
  const chat = await openWidget(page, `${allowed.origin}/`);
  await expect(page.getByTestId('lantern-launcher')).toHaveAttribute('aria-label', 'Chat schliessen');
  await expect(chat.locator('html')).toHaveAttribute('lang', 'de');
  await expect(chat.getByTestId('chat-input')).toHaveAttribute('placeholder', /Frage/);
});

test('data-open opens the chat on load, on the side data-position names', async ({ page }) => {
  allowed.openOnLoad = true;
  await page.goto(`${allowed.origin}/`);
  const chat = page.frameLocator('iframe[title="Help chat"]');
  await expect(chat.getByTestId('chat-input')).toBeVisible();
  const launcher = page.getByTestId('lantern-launcher');
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const box = (await launcher.boundingBox())!;
  expect(box.x).toBeLessThan(100);
  // Closing from inside the frame closes the panel on the host page.
  await chat.getByRole('button', { name: 'Close the chat' }).click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
});

test('a site not on the allow-list cannot frame the chat', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
  });
  const chat = await openWidget(page, `${other.origin}/`);
  await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(blocked[0]).toContain('has been blocked');
  expect(blocked[0]).toContain(allowed.origin);
  expect(blocked[0]).not.toContain(other.origin);
  await expect(chat.getByTestId('embed-chat')).toHaveCount(0);
  // The same frame on the allowed site does load.
  const allowedChat = await openWidget(page, `${allowed.origin}/`);
  await expect(allowedChat.getByTestId('embed-chat')).toBeVisible();
});

test("a signed identity from the host site: the customer's own account answers", async ({ page }) => {
  allowed.identity = await sign({ sub: ANNA, iat: inSeconds(0), exp: inSeconds(600) });
  const chat = await openWidget(page, `${allowed.origin}/`);
  await expect(chat.getByTestId('embed-identity')).toHaveText('Signed in as Anna Meier');
  const answer = await ask(chat, 'Why is my bill so high?');
  await expect(answer).toHaveAttribute('data-outcome', 'account');
  // The roaming lines seeded on Anna's latest invoice.
  await expect(answer).toContainText('18.00');
});

test('tampered, unsigned, foreign and expired identities are anonymous; an expired one says so', async ({ page }) => {
  const good = await sign({ sub: ANNA, exp: inSeconds(600) });
  const [header, , signature] = good.split('.');
  const otherCustomer = Buffer.from(JSON.stringify({ sub: 'AW-10593817', exp: inSeconds(600) })).toString('base64url');
  const cases = {
    tampered: `${header}.${otherCustomer}.${signature}`,
    unsigned: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${otherCustomer}.`,
    'signed with another secret': await sign({ sub: ANNA, exp: inSeconds(600) }, 'not-the-site-secret-0123456789-abcdef'),
  };
  for (const [label, token] of Object.entries(cases)) {
    await test.step(label, async () => {
      allowed.identity = token;
      const chat = await openWidget(page, `${allowed.origin}/`);
      await expect(chat.getByTestId('embed-chat')).toHaveAttribute('data-identity', 'invalid');
      await expect(chat.getByTestId('embed-identity')).toHaveCount(0);
      const answer = await ask(chat, 'Why is my bill so high?');
      await expect(answer).not.toHaveAttribute('data-outcome', 'account');
      await expect(answer).not.toContainText('18.00');
    });
  }

  allowed.identity = await sign({ sub: ANNA, exp: inSeconds(-60) });
  const chat = await openWidget(page, `${allowed.origin}/`);
  await expect(chat.getByTestId('embed-identity')).toContainText('Your sign-in has expired');
  await expect(chat.getByTestId('embed-chat')).toHaveAttribute('data-identity', 'expired');
  // Anonymous: no account data; and the chat stays usable.
  const bill = await ask(chat, 'Why is my bill so high?');
  await expect(bill).not.toHaveAttribute('data-outcome', 'account');
  await expect(bill).not.toContainText('18.00');
  const answer = await ask(chat, 'How do I restart my Box 5?');
  await expect(answer).toHaveAttribute('data-outcome', /^(answered|golden)$/);

  // No identity token ever reaches the logs (request logging is on in this instance).
  const tokens = [good, ...Object.values(cases), allowed.identity];
  const output = app.output();
  expect(output).toContain('/api/chat');
  for (const token of tokens) expect(output).not.toContain(token.split('.')[2] || token.split('.')[1]);
});

test('the console shows admins the snippet and the allowed sites; experts cannot open it', async ({ browser }) => {
  const base = `http://localhost:${app.port}`;
  const admin = await browser.newPage({ baseURL: base });
  await signIn(admin, DEMO.admin);
  await admin.waitForURL(/\/admin$/);
  await admin.getByRole('link', { name: 'Widget' }).click();
  await expect(admin.getByTestId('widget-snippet')).toContainText(`<script src="${base}/widget.js" async`);
  await expect(admin.getByTestId('widget-sites')).toContainText(allowed.origin);
  await expect(admin.getByTestId('widget-sites')).toContainText('Verifies customers');
  await expect(admin.locator('body')).not.toContainText(SECRET);
  await admin.close();

  const expert = await browser.newPage({ baseURL: base });
  await signIn(expert, DEMO.expert);
  await expert.waitForURL(/\/admin$/);
  await expect(expert.getByRole('link', { name: 'Widget' })).toHaveCount(0);
  const response = await expert.goto('/admin/widget');
  expect(response?.status()).toBe(403);
  await expert.close();
});
