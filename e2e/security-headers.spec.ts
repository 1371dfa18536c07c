import { expect, test, type APIResponse, type BrowserContext, type Page } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/**
 * Security headers on the built app: every response carries them, the CSP is enforced, and the
 * product still works in Chromium under it (no violation reported while using the chat, search,
 * the console's charts and dark mode). Images in answers are never loaded; health tells
 * strangers only the verdict.
 */

const METRICS_TOKEN = 'e2e-metrics-token-0123456789'; // set for the e2e server in playwright.config.ts
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Watch = { violations: string[]; remote: string[]; blockedByCsp: string[] };

/**
 * Records every CSP violation (console messages and securitypolicyviolation events), every
 * request the page tries to send elsewhere than the app's origin, and which of those the
 * browser blocked for the CSP, for all pages of the context.
 */
async function watch(context: BrowserContext, baseURL: string): Promise<Watch> {
  const seen: Watch = { violations: [], remote: [], blockedByCsp: [] };
  await context.exposeBinding('__lanternCspViolation', (_source, text: string) => void seen.violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __lanternCspViolation: (text: string) => void }).__lanternCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.violations.push(message.text());
  });
  const origin = new URL(baseURL).origin;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) seen.remote.push(request.url());
  });
  context.on('requestfailed', (request) => {
    // Chromium's blocked reason for a request the CSP stopped (a DNS failure would say net::ERR_NAME_NOT_RESOLVED).
    if (request.failure()?.errorText === 'csp') seen.blockedByCsp.push(request.url());
  });
  return seen;
}

/** The CSP as directive → sources. */
function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    csp!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

function expectSecurityHeaders(response: APIResponse | { headers(): Record<string, string> }, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  // Plain http here: no HSTS.
  expect(headers['strict-transport-security'], what).toBeUndefined();
  const csp = directives(headers['content-security-policy']);
  const scripts = csp.get('script-src')!;
  expect(scripts.filter((s) => s.startsWith("'nonce-")), what).toHaveLength(1);
  expect(scripts, what).toContain("'strict-dynamic'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  return scripts.find((s) => s.startsWith("'nonce-"))!.slice("'nonce-".length, -1);
}

/** API responses: data, never documents (lib/http/route.ts sets these). */
function expectApiSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['strict-transport-security'], what).toBeUndefined();
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
}

async function chooseDarkMode(page: Page) {
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // After a reload only next-themes' inline script (nonce'd) sets the class before hydration.
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
}

test('pages, APIs, redirects and the console carry the security headers, with a fresh nonce on every page', async ({ request, browser }) => {
  const home = await request.get('/');
  const nonce = expectSecurityHeaders(home, 'page /');
  // Every script Next.js wrote into the page carries this response's nonce.
  const scriptTags = (await home.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
  expect(expectSecurityHeaders(await request.get('/'), 'page / again')).not.toBe(nonce);

  expectApiSecurityHeaders(await request.get('/api/search?q=roaming'), 'API /api/search');
  expectApiSecurityHeaders(await request.post('/api/chat', { data: {} }), 'API error 400');
  expectSecurityHeaders(await request.get('/admin', { maxRedirects: 0 }), 'console redirect to sign-in');
  expectApiSecurityHeaders(await request.get('/api/admin/users'), 'console API 401');
  expectSecurityHeaders(await request.get('/no-such-page'), '404 page');

  // Static files: nosniff from next.config.ts.
  const script = /<script\s[^>]*?src="([^"]+)"/.exec(await home.text())![1]!;
  expect((await request.get(script)).headers()['x-content-type-options']).toBe('nosniff');

  // Behind a TLS-terminating proxy: HSTS and upgrade-insecure-requests.
  const https = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
  expect(https.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(directives(https.headers()['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);

  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  await expectOnConsole(page, 'Alex Admin');
  const insights = await page.goto('/admin/insights');
  expectSecurityHeaders(insights!, 'console page');
  await context.close();
});

test('the CSP is enforced: an injected inline handler does not run, a remote image is not fetched, both are reported', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const seen = await watch(context, baseURL!);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button id="injected" onclick="window.__pwned = true">x</button><img id="pixel" src="https://evil.example/pixel.png" alt="">',
    );
  });
  await page.locator('#injected').click();
  await expect.poll(() => seen.violations.join('\n')).toMatch(/script-src-attr/);
  await expect.poll(() => seen.violations.join('\n')).toMatch(/img-src blocked https:\/\/evil\.example\/pixel\.png/);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // The browser tried, and the CSP stopped it before it left (not a DNS failure).
  await expect.poll(() => seen.blockedByCsp).toEqual(['https://evil.example/pixel.png']);
  expect(seen.remote).toEqual(['https://evil.example/pixel.png']);
  await context.close();
});

test('the help site works under the CSP: chat, search and dark mode, with no violation', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const seen = await watch(context, baseURL!);
  const page = await context.newPage();

  await page.goto('/chat');
  const answer = await ask(page, 'Can I get my bills in large print?');
  await expect(answer).toHaveAttribute('data-outcome', 'answered');
  await expect(answer.getByTestId('chat-citation').first()).toBeVisible();

  await page.goto('/');
  await page.getByRole('searchbox').fill('roaming in Europe');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await chooseDarkMode(page);

  expect(seen.violations).toEqual([]);
  expect(seen.remote).toEqual([]);
  await context.close();
});

test('the console works under the CSP: overview, insights charts and dark mode, with no violation', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const seen = await watch(context, baseURL!);
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  await expectOnConsole(page, 'Alex Admin');
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chart-volume').locator('.recharts-line').first()).toBeVisible();
  await page.goto('/admin/evals');
  await expect(page.getByTestId('eval-chart-retrieval')).toBeAttached();
  await chooseDarkMode(page);
  await page.goto('/admin/insights');
  await expect(page.getByTestId('chart-volume').locator('.recharts-line').first()).toBeVisible();

  expect(seen.violations).toEqual([]);
  expect(seen.remote).toEqual([]);
  await context.close();
});

test('an image in an answer is shown as its alt text and never loaded', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const seen = await watch(context, baseURL!);
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  await expectOnConsole(page, 'Alex Admin');

  // A golden answer is the chat's verbatim text: the way an answer with images reaches a customer.
  const id = `e2e-image-${stamp}`;
  const question = `Where is the lantern ${stamp} picture?`;
  await page.goto('/admin/golden/new');
  await page.getByLabel('Id').fill(id);
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Question').fill(question);
  await page.getByLabel('Answer').fill(
    `Here it is: ![tracking pixel ${stamp}](https://evil.example/t.png?who=${stamp}) and <img src="https://evil.example/raw.png"> too.`,
  );
  await page.getByLabel('Source articles').fill('payment-methods-en');
  await page.getByTestId('golden-save').click();
  await expect(page).toHaveURL(new RegExp(`/admin/golden/${id}\\?saved=created$`));

  try {
    await page.goto('/chat');
    const answer = await ask(page, question);
    await expect(answer).toHaveAttribute('data-outcome', 'golden');
    await expect(answer).toContainText(`tracking pixel ${stamp}`);
    await expect(answer.locator('img')).toHaveCount(0);
    await expect(page.locator('img[src*="evil.example"]')).toHaveCount(0);
    // Reloaded from storage, the same.
    await page.reload();
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]').last()).toContainText(`tracking pixel ${stamp}`);
    await expect(page.locator('img[src*="evil.example"]')).toHaveCount(0);
    expect(seen.remote).toEqual([]);
    expect(seen.violations).toEqual([]);
  } finally {
    await page.goto(`/admin/golden/${id}`);
    await page.getByTestId('golden-delete-open').click();
    await page.getByTestId('golden-delete-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/admin/golden\\?deleted=${id}$`));
    await context.close();
  }
});

test('anonymous health answers the verdict only; the metrics token gets the details', async ({ request }) => {
  const internals = /pglite|postgres|local|model|database|migrations|reasons|instance|uptime|:\d+:/i;

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', ready: true });
  const ready = await request.get('/api/health/ready');
  expect(await ready.json()).toEqual({ status: 'ready' });
  const live = await request.get('/api/health/live');
  expect(await live.json()).toEqual({ status: 'alive' });
  for (const response of [health, ready, live]) expect(await response.text()).not.toMatch(internals);

  // A wrong token is a stranger.
  const wrong = await request.get('/api/health', { headers: { authorization: 'Bearer not-the-token-at-all-000' } });
  expect(await wrong.json()).toEqual({ status: 'ok', ready: true });

  const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
  const detailed = await (await request.get('/api/health', { headers: auth })).json();
  expect(detailed).toMatchObject({ status: 'ok', ready: true, reasons: [], database: { kind: 'pglite', reachable: true, migrations: { pending: 0 } }, model: { provider: 'local' } });
  expect(await (await request.get('/api/health/ready', { headers: auth })).json()).toEqual({ status: 'ready', reasons: [] });
  expect(await (await request.get('/api/health/live', { headers: auth })).json()).toMatchObject({ status: 'alive', instance: expect.stringMatching(/:\d+:/), uptimeSeconds: expect.any(Number) });
});

test('staff who may read insights get the health details with their session', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.analyst);
  await expectOnConsole(page, 'Marco Bianchi');
  const detailed = await (await page.request.get('/api/health')).json();
  expect(detailed).toMatchObject({ status: 'ok', database: { kind: 'pglite' }, model: { provider: 'local' } });
  await context.close();

  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await signIn(customerPage, DEMO.customer);
  await expect(customerPage.getByRole('button', { name: /Account: Anna Meier/ })).toBeVisible();
  expect(await (await customerPage.request.get('/api/health')).json()).toEqual({ status: 'ok', ready: true });
  await customer.close();
});
