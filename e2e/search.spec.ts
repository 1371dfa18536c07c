import { expect, test } from '@playwright/test';
import { DEMO, expectOnConsole, signIn } from './helpers';

const CASES = [
  { locale: 'en-GB', query: 'how do I restart my box 5', expected: /Restart your Alpenwave Box 5|Box 5/ },
  { locale: 'de-CH', query: 'Rechnung nicht bezahlt Mahnung', expected: /Rechnung|Mahnung/ },
  { locale: 'fr-CH', query: 'combien coûte le roaming en Europe', expected: /roaming/i },
  { locale: 'it-CH', query: 'come cambiare la password del wifi', expected: /password|Wi-Fi/i },
] as const;

for (const { locale, query, expected } of CASES) {
  test(`search works in ${locale}: results, highlights, and the article opens at the passage`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox').fill(query);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeGreaterThan(2);
    const lang = locale.slice(0, 2);
    // The best result is in the visitor's language, with the query's words highlighted.
    await expect(results.first().getByRole('link')).toHaveAttribute('lang', lang);
    await expect(results.first().getByRole('heading')).toHaveText(expected);
    await expect(results.first().locator('mark').first()).toBeVisible();

    const link = results.first().getByRole('link');
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const anchor = href.split('#')[1];
    if (anchor) await expect(page.locator(`[id="${decodeURIComponent(anchor)}"]`)).toBeVisible();
    await context.close();
  });
}

test('search has clear empty and no-result states', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByText('What are you looking for?')).toBeVisible();
  await page.goto('/search?q=zzqx+vvbnm+qqwrty');
  await expect(page.getByText('No articles found')).toBeVisible();
});

test('internal articles stay internal', async ({ page, request }) => {
  const api = await request.get('/api/search?q=goodwill+credit+limits+team+lead+approval&k=40');
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.results.length).toBeGreaterThan(0);
  expect(body.results.every((r: { url: string }) => !r.url.startsWith('/articles/internal-'))).toBe(true);

  const anonymous = await page.goto('/articles/internal-goodwill-credit-policy');
  expect(anonymous?.status()).toBe(404);

  await signIn(page, DEMO.expert);
  await expectOnConsole(page, 'Sofia Keller');
  await page.goto('/articles/internal-goodwill-credit-policy');
  await expect(page.getByText('Internal article')).toBeVisible();
});

test('the search API validates its input', async ({ request }) => {
  for (const url of ['/api/search', '/api/search?q=', `/api/search?q=${'x'.repeat(301)}`, '/api/search?q=a&lang=xx', '/api/search?q=a&k=0']) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(400);
    expect((await response.json()).error.code).toBe('bad_request');
  }
});

test('article markdown is rendered without any script', async ({ page }) => {
  const response = await page.goto('/articles/restart-alpenwave-box-5');
  expect(response?.status()).toBe(200);
  await expect(page.locator('article script')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Also available in' }).getByRole('link', { name: 'Deutsch' })).toBeVisible();
});

test('misspelt searches are corrected and say so', async ({ page }) => {
  await page.goto('/search?q=voicmail+numbr');
  await expect(page.getByTestId('spelling')).toContainText('voicemail');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
});
