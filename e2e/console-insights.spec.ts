import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, expectOnConsole, signIn } from './helpers';

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
