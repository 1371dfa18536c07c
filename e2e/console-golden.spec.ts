import fs from 'node:fs';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { ask, DEMO, signIn } from './helpers';

/**
 * The golden-answer console (/admin/golden) on the built app. Ids and questions carry a unique
 * stamp so reruns on a shared database do not collide; the threshold is restored at the end.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ mode: 'serial' });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** Fills the new-answer form (the page must be open). */
async function fillNewGolden(page: Page, g: { id: string; question: string; answer: string; sources: string; tags?: string }) {
  await page.getByLabel('Id').fill(g.id);
  await page.getByLabel('Language').selectOption('en');
  await page.getByLabel('Question').fill(g.question);
  await page.getByLabel('Answer').fill(g.answer);
  await page.getByLabel('Source articles').fill(g.sources);
  await page.getByLabel('Tags').fill(g.tags ?? '');
}

test('an expert creates a golden answer, the chat answers it verbatim, and edits and deletion are recorded', async ({ browser }) => {
  const page = await signedIn(browser, DEMO.expert);
  const id = `e2e-golden-${stamp}`;
  const question = `What colour does the lantern ${stamp} glow in the dark?`;
  const answer = `The lantern ${stamp} glows amber, all night long.`;

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Golden answers' }).click();
  await expect(page.getByRole('heading', { name: 'Golden answers', level: 1 })).toBeVisible();
  await page.getByTestId('golden-new').click();
  await expect(page).toHaveURL(/\/admin\/golden\/new$/);

  // Server-side validation: a bad id and an unknown article, nothing saved.
  await fillNewGolden(page, { id: 'Not a slug!', question, answer, sources: 'payment-methods-en' });
  await page.getByTestId('golden-save').click();
  await expect(page.getByTestId('golden-form-error')).toHaveAttribute('data-code', 'invalid');
  await expect(page.getByLabel('Id')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Id')).toBeFocused();
  await expect(page.getByText('Use lower-case letters and digits')).toBeVisible();
  await page.getByLabel('Id').fill(id);
  await page.getByLabel('Source articles').fill(`payment-methods-en, no-such-article-${stamp}`);
  await page.getByTestId('golden-save').click();
  await expect(page.getByTestId('golden-form-error')).toHaveAttribute('data-code', 'missing_sources');
  await expect(page.getByTestId('golden-form-error')).toContainText(`no-such-article-${stamp}`);
  // The typed values survived the failed saves.
  await expect(page.getByLabel('Question')).toHaveValue(question);
  await page.getByLabel('Source articles').fill('payment-methods-en');
  await page.getByLabel('Tags').fill('e2e, lantern');
  await page.getByTestId('golden-save').click();

  await expect(page).toHaveURL(new RegExp(`/admin/golden/${id}\\?saved=created$`));
  await expect(page.getByTestId('golden-saved')).toBeVisible();
  await expect(page.getByTestId('golden-title')).toHaveText(question);
  const history = page.getByTestId('golden-history');
  await expect(history.getByTestId('golden-version')).toHaveCount(1);
  await expect(history.getByTestId('golden-version').first()).toHaveAttribute('data-action', 'create');
  await expect(history).toContainText('Sofia Keller');
  await expect(page.getByRole('link', { name: /payment/i }).first()).toHaveAttribute('href', /^\/articles\//);

  // The list finds it by a word of its answer, with its article link.
  await page.goto(`/admin/golden?q=${encodeURIComponent(`amber ${stamp}`)}`);
  const row = page.locator(`[data-testid="golden-row"][data-id="${id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('golden-row')).toHaveCount(1);
  await expect(row.getByTestId('golden-source').first()).toHaveAttribute('data-broken', 'false');

  // The chat, in the same browser: the expert's text, verbatim.
  await page.goto('/chat');
  const reply = await ask(page, question);
  await expect(reply).toHaveAttribute('data-outcome', 'golden');
  await expect(reply).toContainText(answer);

  // Edit: a new version with before and after.
  await page.goto(`/admin/golden/${id}`);
  const edited = `The lantern ${stamp} glows green now.`;
  await page.getByLabel('Answer').fill(edited);
  await page.getByLabel('Key facts').fill(`glows green | grün\n${stamp}`);
  await page.getByTestId('golden-save').click();
  await expect(page).toHaveURL(/\?saved=updated$/);
  // The key facts are stored (one per line, alternatives by |) and recorded in the history.
  await expect(page.getByLabel('Key facts')).toHaveValue(`glows green | grün\n${stamp}`);
  await expect(history.getByTestId('golden-version').first()).toContainText('Key facts');
  await expect(history.getByTestId('golden-version')).toHaveCount(2);
  await expect(history.getByTestId('golden-version').first()).toHaveAttribute('data-action', 'update');
  await expect(history.getByTestId('golden-version').first()).toContainText(answer);
  await expect(history.getByTestId('golden-version').first()).toContainText(edited);

  await page.goto('/chat');
  await expect(await ask(page, question)).toContainText(edited);

  // Delete (keyboard: the dialog takes focus, Esc cancels, then confirm).
  await page.goto(`/admin/golden/${id}`);
  await page.getByTestId('golden-delete-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByTestId('golden-delete-open').click();
  await page.getByTestId('golden-delete-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/admin/golden\\?deleted=${id}$`));
  await expect(page.getByTestId('golden-deleted')).toBeVisible();
  await page.goto(`/admin/golden/${id}`);
  await expect(page.getByTestId('golden-gone')).toBeVisible();
  await expect(page.getByTestId('golden-version').first()).toHaveAttribute('data-action', 'delete');
  await page.context().close();
});

test('an invalid JSONL import writes nothing and lists the bad lines; a valid one imports and exports again', async ({ browser }) => {
  const page = await signedIn(browser, DEMO.expert);
  const good = (n: number) =>
    JSON.stringify({ id: `e2e-import-${stamp}-${n}`, lang: 'en', question: `Is import ${stamp} number ${n} working?`, answer: `Yes, import ${stamp} works (${n}).`, source_ids: ['payment-methods-en'], tags: ['e2e'] });
  const bad = [good(1), '{"id": "broken json', JSON.stringify({ id: `e2e-import-${stamp}-3`, lang: 'en', question: 'No answer here?', source_ids: [] }), good(4)].join('\n');

  await page.goto('/admin/golden');
  await page.getByTestId('golden-import').click();
  await expect(page.getByRole('heading', { name: 'Import golden answers' })).toBeVisible();
  await page.getByLabel('JSONL file').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(bad) });
  await page.getByTestId('golden-import-submit').click();
  const rejected = page.getByTestId('golden-import-rejected');
  await expect(rejected).toBeVisible();
  await expect(rejected).toContainText('Nothing was imported');
  const lines = page.getByTestId('golden-import-errors').locator('li');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveAttribute('data-line', '2');
  await expect(lines.nth(0)).toContainText('not valid JSON');
  await expect(lines.nth(1)).toHaveAttribute('data-line', '3');
  await expect(lines.nth(1)).toContainText('answer');

  // Nothing was written, not even the valid lines.
  await page.goto(`/admin/golden?q=${encodeURIComponent(`e2e-import-${stamp}`)}`);
  await expect(page.getByTestId('golden-empty')).toBeVisible();

  await page.goto('/admin/golden/import');
  await page.getByLabel('JSONL file').setInputFiles({ name: 'good.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from([good(1), good(2)].join('\n')) });
  await page.getByTestId('golden-import-submit').click();
  await expect(page.getByTestId('golden-import-done')).toContainText('2 created, 0 updated, 0 unchanged');

  await page.goto(`/admin/golden?q=${encodeURIComponent(`e2e-import-${stamp}`)}`);
  await expect(page.getByTestId('golden-row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByTestId('golden-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^golden-answers-.*\.jsonl$/);
  const exported = fs.readFileSync((await file.path())!, 'utf8');
  const rows = exported.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(rows.map((r) => r.id)).toEqual([`e2e-import-${stamp}-1`, `e2e-import-${stamp}-2`]);
  expect(Object.keys(rows[0]!)).toEqual(['id', 'lang', 'question', 'answer', 'source_ids', 'tags', 'facts']);
  await page.context().close();
});

test('the threshold can be set to 0 (every question gets the best golden answer) and back', async ({ browser }) => {
  const page = await signedIn(browser, DEMO.expert);
  await page.goto('/admin/golden');
  const card = page.getByTestId('golden-threshold');
  const before = (await card.getByTestId('golden-threshold-value').textContent())!.trim();
  const wasDefault = (await card.getByTestId('golden-threshold-origin').textContent())!.includes('Default');
  const tryIt = page.getByTestId('golden-try');
  const unrelated = 'Do you sell garden furniture for balconies?';

  await tryIt.getByLabel('Question').fill(unrelated);
  await tryIt.getByLabel('Language').selectOption('en');
  await tryIt.getByTestId('golden-try-submit').click();
  await expect(tryIt.getByTestId('golden-try-result')).not.toHaveAttribute('data-use', 'verbatim');

  try {
    await card.getByLabel('New threshold').fill('0');
    await card.getByTestId('golden-threshold-save').click();
    await expect(card.getByTestId('golden-threshold-saved')).toContainText('0.00');
    await expect(card.getByTestId('golden-threshold-value')).toHaveText('0.00');
    await expect(card.getByTestId('golden-threshold-origin')).toContainText('Set by');

    // 0 is respected: the best golden answer is used verbatim, and that is what the chat says.
    await tryIt.getByTestId('golden-try-submit').click();
    const result = tryIt.getByTestId('golden-try-result');
    await expect(result).toHaveAttribute('data-use', 'verbatim');
    await expect(result).toHaveAttribute('data-outcome', 'golden');
    await expect(tryIt.getByTestId('golden-try-match').first()).toBeVisible();

    // An invalid value is explained and changes nothing.
    await card.getByLabel('New threshold').fill('1.5');
    await card.getByTestId('golden-threshold-save').click();
    await expect(card.getByText('The threshold must be between 0.00 and 1.00.')).toBeVisible();
    await expect(card.getByLabel('New threshold')).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByTestId('golden-threshold-value')).toHaveText('0.00');
  } finally {
    if (wasDefault) {
      await card.getByRole('button', { name: /Use default/ }).click();
      await expect(card.getByTestId('golden-threshold-origin')).toContainText('Default');
    } else {
      await card.getByLabel('New threshold').fill(before);
      await card.getByTestId('golden-threshold-save').click();
    }
    await expect(card.getByTestId('golden-threshold-value')).toHaveText(before);
  }
  await page.context().close();
});

/** Captures (and stops) the next server-action POST the page sends, to replay it as someone else. */
async function captureActionPost(page: Page, path: string, act: () => Promise<void>): Promise<Request> {
  let captured: Request | undefined;
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['next-action']) {
      captured = route.request();
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await act();
  await expect.poll(() => captured !== undefined).toBe(true);
  await page.unroute(`**${path}`);
  return captured!;
}

async function replay(page: Page, request: Request) {
  const headers = Object.fromEntries(Object.entries(request.headers()).filter(([k]) => !['cookie', 'host', 'content-length'].includes(k.toLowerCase())));
  return page.request.fetch(request.url(), { method: 'POST', headers, data: request.postDataBuffer() ?? undefined });
}

test('an analyst sees the list but no edit controls, and the server refuses their forged writes', async ({ browser }) => {
  const expert = await signedIn(browser, DEMO.expert);
  const analyst = await signedIn(browser, DEMO.analyst);
  const forgedId = `e2e-forged-${stamp}`;

  // Read-only list: answers, filters, export and Try it, but nothing that writes.
  await analyst.goto('/admin/golden');
  await expect(analyst.getByTestId('golden-row').first()).toBeVisible();
  await expect(analyst.getByTestId('golden-export')).toBeVisible();
  await expect(analyst.getByTestId('golden-try')).toBeVisible();
  await expect(analyst.getByTestId('golden-new')).toHaveCount(0);
  await expect(analyst.getByTestId('golden-import')).toHaveCount(0);
  await expect(analyst.getByTestId('golden-edit')).toHaveCount(0);
  await expect(analyst.getByTestId('golden-threshold-save')).toHaveCount(0);
  await expect(analyst.getByLabel('New threshold')).toHaveCount(0);
  const threshold = (await analyst.getByTestId('golden-threshold-value').textContent())!.trim();

  await analyst.getByTestId('golden-row').first().getByRole('link').first().click();
  await expect(analyst.getByTestId('golden-readonly')).toBeVisible();
  await expect(analyst.getByTestId('golden-form-edit')).toHaveCount(0);
  await expect(analyst.getByTestId('golden-delete-open')).toHaveCount(0);
  await expect(analyst.getByTestId('golden-history')).toBeVisible();

  for (const path of ['/admin/golden/new', '/admin/golden/import']) {
    const response = await analyst.goto(path);
    expect(response?.status()).toBe(403);
    await expect(analyst.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  }
  const exported = await analyst.request.get('/admin/golden/export');
  expect(exported.status()).toBe(200);

  // The expert's own create and threshold posts, captured before they reach the server…
  await expert.goto('/admin/golden/new');
  await fillNewGolden(expert, { id: forgedId, question: `Was this forged ${stamp}?`, answer: 'It must not exist.', sources: 'payment-methods-en' });
  const create = await captureActionPost(expert, '/admin/golden/new', () => expert.getByTestId('golden-save').click());
  await expert.goto('/admin/golden');
  await expert.getByTestId('golden-threshold').getByLabel('New threshold').fill('0.37');
  const setThreshold = await captureActionPost(expert, '/admin/golden', () => expert.getByTestId('golden-threshold-save').click());

  // …replayed with the analyst's session: refused by the server, nothing written.
  for (const forged of [create, setThreshold]) {
    const response = await replay(analyst, forged);
    expect(response.status()).toBeLessThan(500);
    expect(await response.text()).toContain('"code":"forbidden"');
  }
  await analyst.goto(`/admin/golden?q=${forgedId}`);
  await expect(analyst.getByTestId('golden-empty')).toBeVisible();
  await expect(analyst.getByTestId('golden-threshold-value')).toHaveText(threshold);
  const page = await analyst.request.get(`/admin/golden/${forgedId}`);
  expect(page.status()).toBe(404);

  // Control: the very same captured post from the expert's own session does create the answer.
  const control = await replay(expert, create);
  expect(await control.text()).not.toContain('"code":"forbidden"');
  await analyst.goto(`/admin/golden?q=${forgedId}`);
  await expect(analyst.locator(`[data-testid="golden-row"][data-id="${forgedId}"]`)).toBeVisible();

  await expert.context().close();
  await analyst.context().close();
});
