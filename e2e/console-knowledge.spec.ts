import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectOnConsole, signIn } from './helpers';

/** The demo help center's article files (content/articles, the e2e server's folder): what a full re-ingest reads. */
const ARTICLE_FILES = fs.readdirSync('content/articles', { recursive: true }).filter((f) => String(f).endsWith('.md')).length;

/** Knowledge (re-ingest as a job with live progress) and evaluations (run, chart) as an expert. */

async function signInExpert(page: Page) {
  await signIn(page, DEMO.expert);
  await expectOnConsole(page, 'Sofia Keller');
}

async function jobStatus(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/admin/jobs/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { job: { status: string } }).job.status;
}

test.describe('console: knowledge', () => {
  test('an expert adds a search synonym: a bad line saves nothing, a good rule reaches search at once; an analyst only reads them', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const searchApi = async (q: string) => {
      const response = await page.request.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { results: { title: string }[] }).results;
    };
    // A word no article uses finds nothing.
    expect(await searchApi('zqxjv')).toEqual([]);

    await signInExpert(page);
    await page.goto('/admin/knowledge');
    const card = page.getByTestId('synonyms-card');
    await expect(card.getByTestId('synonyms-origin')).toContainText("From the content folder's synonyms.txt");
    const original = await card.getByLabel('Rules').inputValue();
    expect(original).toContain('router, modem');
    const rulesBefore = Number((await card.getByTestId('synonyms-rules').textContent())!.split(' ')[0]);
    expect(rulesBefore).toBeGreaterThan(3);

    // One unreadable line: nothing is saved, and the line is named.
    await card.getByLabel('Rules').fill(`${original}\nzqxjv => roaming\nlonely`);
    await card.getByRole('button', { name: 'Save synonyms' }).click();
    const lines = original.split('\n').length;
    await expect(card.getByTestId('synonyms-error')).toContainText(`line ${lines + 2}`);
    expect(await searchApi('zqxjv')).toEqual([]);

    await card.getByLabel('Rules').fill(`${original}\nzqxjv => roaming`);
    await card.getByRole('button', { name: 'Save synonyms' }).click();
    await expect(card.getByTestId('synonyms-saved')).toContainText(`Saved: ${rulesBefore + 1} rules in force.`);
    const found = await searchApi('zqxjv');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.title).toMatch(/roaming/i);
    await page.goto('/search?q=zqxjv');
    await expect(page.getByRole('link', { name: /roaming/i }).first()).toBeVisible();
    await page.goto('/admin/knowledge');
    await expect(card.getByTestId('synonyms-origin')).toContainText('Set by Sofia Keller');

    // An analyst reads the rules but gets no form.
    const analystContext = await browser.newContext();
    const analyst = await analystContext.newPage();
    await signIn(analyst, DEMO.analyst);
    await expect(analyst).toHaveURL(/\/admin$/);
    await analyst.goto('/admin/knowledge');
    await expect(analyst.getByTestId('synonyms-text')).toContainText('zqxjv => roaming');
    await expect(analyst.getByRole('button', { name: 'Save synonyms' })).toHaveCount(0);
    await analystContext.close();

    // Back to the shipped rules (the other tests search with them).
    await card.getByLabel('Rules').fill(original);
    await card.getByRole('button', { name: 'Save synonyms' }).click();
    await expect(card.getByTestId('synonyms-saved')).toContainText(`Saved: ${rulesBefore} rules in force.`);
    expect(await searchApi('zqxjv')).toEqual([]);
  });

  test('an expert re-ingests the help center and watches the job reach succeeded', async ({ page }) => {
    test.setTimeout(120_000);
    await signInExpert(page);
    await page.goto('/admin/knowledge');
    await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
    const sources = page.getByTestId('sources-table');
    await expect(sources).toContainText('content/articles');
    await expect(sources).toContainText('en · 96');

    await page.getByRole('button', { name: 'Re-ingest now' }).click();
    const progress = page.getByTestId('job-progress');
    await expect(progress).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Job progress' })).toBeVisible();
    await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
    // The last progress stays on screen: every file of the content folder was read.
    await expect(page.getByTestId('job-progress-count')).toHaveText(`${ARTICLE_FILES} / ${ARTICLE_FILES} files`);
    await expect(page.getByTestId('ingest-summary')).toContainText(`${ARTICLE_FILES} files: 0 added, 0 updated, ${ARTICLE_FILES} unchanged, 0 removed`);
    const jobId = await progress.getAttribute('data-job-id');
    expect(jobId).toBeTruthy();

    // The history shows the job, with who started it; a reload shows the same job.
    await expect(page.locator(`[data-testid="ingest-jobs"] tr[data-job-id="${jobId}"]`)).toContainText('Sofia Keller');
    await expect(page.locator(`[data-testid="ingest-jobs"] tr[data-job-id="${jobId}"]`)).toContainText('Succeeded');
    await page.reload();
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-id', jobId!);
    await expect(page.getByTestId('ingest-runs')).toContainText('succeeded');
  });

  test('an expert re-ingests one folder; a path outside the content folder is refused with its reason', async ({ page }) => {
    test.setTimeout(120_000);
    await signInExpert(page);
    await page.goto('/admin/knowledge');
    await page.getByLabel('Only this folder or file (optional)').fill('../../etc');
    await page.getByRole('button', { name: 'Re-ingest now' }).click();
    await expect(page.getByTestId('job-error')).toContainText(/path/i);

    await page.getByLabel('Only this folder or file (optional)').fill('de');
    await page.getByRole('button', { name: 'Re-ingest now' }).click();
    const progress = page.getByTestId('job-progress');
    await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 90_000 });
    await expect(page.getByTestId('ingest-scope')).toContainText('de');
    // Only the German folder was read, not the whole corpus.
    const count = await page.getByTestId('job-progress-count').textContent();
    const [done] = (count ?? '').split(' / ').map((n) => Number.parseInt(n, 10));
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(ARTICLE_FILES);
  });

  test('a second start while an ingest runs is refused with 409, and the running job carries on', async ({ page }) => {
    test.setTimeout(120_000);
    await signInExpert(page);
    const start = () => page.request.post('/api/admin/jobs', { data: { kind: 'ingest' } });
    const responses = await Promise.all([start(), start()]);
    const statuses = responses.map((r) => r.status()).sort();
    expect(statuses).toEqual([202, 409]);
    const started = responses.find((r) => r.status() === 202)!;
    const refused = responses.find((r) => r.status() === 409)!;
    const { job } = (await started.json()) as { job: { id: string; kind: string; status: string } };
    expect(job).toMatchObject({ kind: 'ingest', status: 'queued' });
    const body = (await refused.json()) as { error: { code: string; message: string }; job: { id: string } };
    expect(body.error.code).toBe('already_running');
    expect(body.error.message).toMatch(/^An ingest is already running/);
    expect(body.job.id).toBe(job.id);

    // The page shows that job (running or, by now, done) and not a second one.
    await page.goto('/admin/knowledge');
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-id', job.id);
    await expect.poll(() => jobStatus(page, job.id), { timeout: 90_000 }).toBe('succeeded');
    await expect(page.getByTestId('job-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 10_000 });

    // Bad requests are told what is wrong.
    const bad = await page.request.post('/api/admin/jobs', { data: { kind: 'reindex' } });
    expect(bad.status()).toBe(400);
    expect((await page.request.get('/api/admin/jobs/not-a-job')).status()).toBe(404);
  });
});

test.describe('console: evaluations', () => {
  test('an expert runs the retrieval evaluation and sees a new point on the chart', async ({ page }) => {
    test.setTimeout(240_000);
    await signInExpert(page);
    await page.goto('/admin/evals');
    await expect(page.getByRole('heading', { name: 'Evaluations', level: 1 })).toBeVisible();
    const chart = page.getByTestId('eval-chart-retrieval');
    await expect(chart).toBeAttached();
    const before = Number(await chart.getAttribute('data-points'));

    await page.getByRole('button', { name: 'Run retrieval evaluation' }).click();
    const progress = page.getByTestId('job-progress');
    await expect(progress).toBeVisible();
    // Live progress while it runs: questions done out of the golden set's 182.
    await expect(page.getByTestId('job-progress-count')).toContainText('/ 182 questions', { timeout: 30_000 });
    await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 200_000 });
    await expect(page.getByText(/Stored as run #\d+\./)).toBeVisible();

    // The page refreshed its data: one more point, drawn.
    await expect(chart).toHaveAttribute('data-points', String(before + 1), { timeout: 15_000 });
    // The overall line has a dot per run.
    await expect(chart.locator('.recharts-line-dots').first().locator('circle')).toHaveCount(before + 1);
    await expect(chart.locator('.recharts-line-dots').first().locator('circle').last()).toBeVisible();
    const runs = page.getByTestId('eval-runs');
    await expect(runs.locator('tr[data-kind="retrieval"]').first()).toContainText('console');
    await expect(runs.locator('tr[data-kind="retrieval"]').first()).toContainText('MRR@10');
    const newest = Number(await runs.locator('tr[data-kind="retrieval"]').first().getAttribute('data-run-id'));

    // A second run (through the API), then the two side by side: retrieval is deterministic, so
    // every question scores the same.
    const second = await page.request.post('/api/admin/jobs', { data: { kind: 'eval', eval: 'retrieval' } });
    expect(second.status()).toBe(202);
    const { job } = (await second.json()) as { job: { id: string } };
    await expect.poll(() => jobStatus(page, job.id), { timeout: 200_000 }).toBe('succeeded');
    const result = (await (await page.request.get(`/api/admin/jobs/${job.id}`)).json()) as { job: { result: { runId: number } } };
    await page.reload();
    await page.getByRole('radio', { name: `Run #${newest} as A` }).check();
    await page.getByRole('radio', { name: `Run #${result.job.result.runId} as B` }).check();
    await page.getByRole('button', { name: 'Compare A with B' }).click();
    await expect(page).toHaveURL(/\/admin\/evals\/compare\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Run #${newest} (A) vs run #${result.job.result.runId} (B): retrieval`);
    await expect(page.getByTestId('compare-same')).toHaveText('182');
    await expect(page.getByTestId('compare-better')).toHaveText('0');
    await expect(page.getByTestId('compare-worse')).toHaveText('0');
    await expect(page.getByTestId('compare-rows').locator('tbody tr')).toHaveCount(182);

    // One run on its own, question by question: what it did not get fully right first.
    await page.goto('/admin/evals');
    await page.getByRole('link', { name: `Run #${newest}, question by question` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Run #${newest}: retrieval`);
    const summary = (await page.getByText(/182 questions, \d+ fully right, \d+ not\./).textContent())!;
    const wrong = Number(/right, (\d+) not\./.exec(summary)![1]);
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThan(182);
    await expect(page.getByTestId('run-rows').locator('tbody tr')).toHaveCount(wrong);
    await expect(page.getByTestId('run-rows').locator('tbody tr[data-right="true"]')).toHaveCount(0);
    await expect(page.getByTestId('run-rows')).toContainText(/rank \d+|not found|should abstain/);
    await page.getByRole('link', { name: 'All (182)' }).click();
    await expect(page.getByTestId('run-rows').locator('tbody tr')).toHaveCount(182);
    await expect(page.getByTestId('run-rows').locator('tbody tr[data-right="true"]')).toHaveCount(182 - wrong);
    await page.goto('/admin/evals/runs/999999');
    await expect(page.getByText('There is no run #999999.')).toBeVisible();
  });
});
