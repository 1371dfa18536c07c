import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ask, DEMO, expectOnConsole, signIn } from './helpers';

/** The read-only analyst: dashboards and evaluations yes, starting jobs no (no buttons, and the server refuses). */

const chat = (text: string) => ({ conversationId: randomUUID(), message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } });

test('an analyst sees the insights with real figures, exports CSV, reads evaluations and cannot start jobs', async ({ page, request }) => {
  test.setTimeout(90_000);
  // Some traffic first: a visitor asks a question the help center answers.
  const answered = await request.post('/api/chat', { data: chat('How do I restart my Box 5?') });
  expect(answered.status()).toBe(200);
  expect(await answered.text()).toMatch(/"outcome":"(answered|golden)"/);
  // …and one it cannot answer.
  const unanswered = await request.post('/api/chat', { data: chat('do you have a student discount') });
  expect(await unanswered.text()).toContain('"outcome":"no_answer"');

  await signIn(page, DEMO.analyst);
  await expectOnConsole(page, 'Marco Bianchi');
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  const conversations = Number((await page.getByTestId('kpi-conversations').innerText()).replace(/,/g, ''));
  expect(conversations).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('kpi-resolution')).toHaveText(/^\d+\.\d %$/);
  await expect(page.getByTestId('kpi-no-answer')).toHaveText(/^\d+\.\d %$/);
  await expect(page.getByTestId('kpi-total')).toHaveText(/ms|s/);
  await expect(page.getByTestId('chart-volume')).toHaveAttribute('data-points', '30');
  await expect(page.getByTestId('chart-volume').locator('.recharts-line').first()).toBeVisible();
  await expect(page.getByTestId('chart-languages')).toContainText('English');
  await expect(page.getByTestId('unanswered')).toContainText('do you have a student discount');

  // A range in the URL; an empty range renders zeros, not errors.
  await page.goto('/admin/insights?from=2001-01-01&to=2001-01-07');
  await expect(page.getByTestId('kpi-conversations')).toHaveText('0');
  await expect(page.getByTestId('kpi-resolution')).toHaveText('—');
  await expect(page.getByTestId('chart-volume')).toHaveAttribute('data-points', '7');

  const csv = await page.request.get('/admin/insights/export?kind=summary');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="lantern-insights-summary-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"/);
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toBe('metric,value');
  expect(Number(/\r\nconversations,(\d+)\r\n/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  const daily = await page.request.get('/admin/insights/export?kind=daily&from=2001-01-01&to=2001-01-03');
  expect((await daily.text()).trim().split('\r\n')).toHaveLength(4);

  // Evaluations: readable, no run buttons.
  await page.goto('/admin/evals');
  await expect(page.getByRole('heading', { name: 'Evaluations', level: 1 })).toBeVisible();
  await expect(page.getByTestId('eval-chart-retrieval')).toBeAttached();
  await expect(page.getByText('Your role can read evaluations but not run them.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Run .* evaluation/ })).toHaveCount(0);

  // Knowledge: readable, no re-ingest.
  await page.goto('/admin/knowledge');
  await expect(page.getByTestId('sources-table')).toContainText('content/articles');
  await expect(page.getByRole('button', { name: 'Re-ingest now' })).toHaveCount(0);

  // And the server refuses the jobs themselves.
  const evalJob = await page.request.post('/api/admin/jobs', { data: { kind: 'eval', eval: 'retrieval' } });
  expect(evalJob.status()).toBe(403);
  expect(await evalJob.json()).toEqual({ error: { code: 'forbidden', message: 'Your role does not allow evals:run.' } });
  const ingestJob = await page.request.post('/api/admin/jobs', { data: { kind: 'ingest' } });
  expect(ingestJob.status()).toBe(403);
  expect((await ingestJob.json()).error.message).toContain('knowledge:ingest');
  // Watching jobs is allowed.
  expect((await page.request.get('/api/admin/jobs?kind=eval')).status()).toBe(200);
});

test('anonymous callers and customers cannot start jobs or export', async ({ page, request }) => {
  expect((await request.post('/api/admin/jobs', { data: { kind: 'ingest' } })).status()).toBe(401);
  await signIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/$/);
  const asCustomer = await page.request.post('/api/admin/jobs', { data: { kind: 'ingest' } });
  expect(asCustomer.status()).toBe(403);
  expect((await page.request.get('/admin/insights/export', { maxRedirects: 0 })).status()).toBe(307);
});

test('insights: a conversation where the customer asked again is not resolved; content gaps list the asked-again and down-voted questions; CSV carries them', async ({ browser }) => {
  test.setTimeout(90_000);
  const summary = async (page: import('@playwright/test').Page) => {
    const text = await (await page.request.get('/admin/insights/export?kind=summary')).text();
    const value = (name: string) => Number(new RegExp(`\\r\\n${name},(\\d+)\\r\\n`).exec(text)?.[1]);
    return { conversations: value('conversations'), resolved: value('resolved_conversations'), unverified: value('unverified_conversations') };
  };
  const analyst = await browser.newPage();
  await signIn(analyst, DEMO.analyst);
  await expectOnConsole(analyst, 'Marco Bianchi');
  const before = await summary(analyst);

  // A customer asks, gets an answer, and asks the same again in other words.
  const customer = await browser.newPage();
  await customer.goto('/chat');
  await expect(await ask(customer, 'How do I set up voicemail on my phone?')).toHaveAttribute('data-outcome', /answered|golden/);
  await ask(customer, 'how do I set up the voicemail please');
  // Another customer down-votes an answer.
  const other = await browser.newPage();
  await other.goto('/chat');
  const answer = await ask(other, 'How do I block anonymous calls on my landline?');
  await answer.getByTestId('chat-feedback-down').click();
  await answer.getByTestId('chat-feedback-submit').click();
  await expect(answer.getByTestId('chat-feedback')).toHaveAttribute('data-state', 'sent');

  const after = await summary(analyst);
  expect(after.conversations - before.conversations).toBe(2);
  // Neither conversation is resolved: one asked again, one down-voted.
  expect(after.resolved).toBe(before.resolved);
  expect(after.unverified - before.unverified).toBe(2);

  await analyst.goto('/admin/insights');
  const gaps = analyst.getByTestId('content-gaps');
  await expect(gaps).toContainText('How do I set up voicemail on my phone?');
  await expect(gaps).toContainText('How do I block anonymous calls on my landline?');
  await expect(analyst.getByTestId('article-quality')).toBeVisible();

  const csv = await (await analyst.request.get('/admin/insights/export?kind=gaps')).text();
  expect(csv.split('\r\n')[0]).toBe('document_id,title,failed_questions,not_answered,downvoted,asked_again,examples,cited');
  expect(csv).toContain('How do I set up voicemail on my phone?');
  const articles = await (await analyst.request.get('/admin/insights/export?kind=articles')).text();
  expect(articles.split('\r\n')[0]).toBe('document_id,title,cited,downvoted,asked_again');
});
