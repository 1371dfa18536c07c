import { expect, test } from '@playwright/test';

test('the home page switches language and remembers it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How can we help?');
  for (const [code, name, heading] of [
    ['de', 'Deutsch', 'Wie können wir helfen?'],
    ['fr', 'Français', 'Comment pouvons-nous vous aider ?'],
    ['it', 'Italiano', 'Come possiamo aiutarLa?'],
  ] as const) {
    await page.getByRole('button', { name: /^(Language|Sprache|Langue|Lingua):/ }).click();
    await page.getByRole('menuitemradio', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come possiamo aiutarLa?');
});

test('the browser language is the default', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-CH' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comment pouvons-nous vous aider ?');
  await context.close();
});

test('dark mode can be chosen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('health reports the embedded database, migrations and model provider to the metrics token', async ({ request }) => {
  // Anonymous callers get the verdict only (security-headers.spec.ts); the token set in playwright.config.ts gets details.
  const response = await request.get('/api/health', { headers: { authorization: 'Bearer e2e-metrics-token-0123456789' } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.database.kind).toBe('pglite');
  expect(body.database.migrations.pending).toBe(0);
  expect(body.database.migrations.applied).toBeGreaterThanOrEqual(2);
  expect(body.model.provider).toBe('local');
});

test('unknown pages get a friendly 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('pages name an icon the browser can fetch', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('the home page works on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing overflows sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
