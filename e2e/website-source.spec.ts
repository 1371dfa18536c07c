import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestSite, type TestSite } from '../lib/rag/ingest/website/test-site';
import { ask, DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * A company's help website as a knowledge source: an expert adds it in the console, crawls it
 * with live progress, and the chat answers from its pages with a link to the page on that site;
 * its next crawl, run by the schedule, takes in what changed on the site.
 * Its own instance: the site's pages must not reach the other specs' index; it looks for due
 * crawls every second (SOURCE_SCHEDULE_POLL_SECONDS) so the scheduled one comes quickly.
 */

let site: TestSite;
let app: Instance;
let dataDir: string;
const PAGE = '/help/en/article-1';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startTestSite({ pages: 30 });
  site.changePage(PAGE, 'The Zephyr kiosk at the main station closes at 17:00 on Sundays.');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-website-'));
  app = await startInstance({ DATA_DIR: dataDir, SEED_DEMO: 'auto', LOG_LEVEL: 'warn', SOURCE_SCHEDULE_POLL_SECONDS: '1' }, { readyTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  await app?.stop();
  await site?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an expert adds a website and crawls it; the chat cites its page where it lives; the scheduled crawl takes in what changed', async ({ browser }) => {
  test.setTimeout(240_000);
  const base = `http://localhost:${app.port}`;
  const expertContext = await browser.newContext({ baseURL: base });
  const expert = await expertContext.newPage();
  await signIn(expert, DEMO.expert);
  await expert.waitForURL(/\/admin$/);
  await expert.goto('/admin/knowledge');

  const card = expert.getByTestId('website-sources');
  await expect(card).toContainText('No website is a source yet.');
  // A bad address is refused with the reason.
  await card.getByLabel('Name', { exact: true }).fill('Partner help');
  await card.getByLabel('Address', { exact: true }).fill(site.url('/sitemap.xml'));
  await card.getByLabel('The address is').selectOption('sitemap');
  await card.getByLabel('Never these paths (optional)').fill('help/de');
  await card.getByRole('button', { name: 'Add website' }).click();
  await expect(card.getByTestId('website-source-error')).toContainText('must start with "/"');
  // Nothing typed is lost: only the pattern needs fixing.
  await expect(card.getByLabel('Address', { exact: true })).toHaveValue(site.url('/sitemap.xml'));
  await expect(card.getByLabel('The address is')).toHaveValue('sitemap');
  await card.getByLabel('Never these paths (optional)').fill('');
  await card.getByRole('button', { name: 'Add website' }).click();
  const row = card.getByTestId('website-sources-table').locator('tr', { hasText: 'Partner help' });
  await expect(row).toContainText(site.url('/sitemap.xml'));

  await row.getByRole('button', { name: 'Crawl now' }).click();
  await expect(card.getByTestId('website-job')).toContainText('Succeeded', { timeout: 60_000 });
  // 30 pages in two languages; the sitemap's 31st, disallowed by robots.txt, is left out.
  await expect(row.getByTestId('website-source-documents')).toHaveText('30');
  // robots.txt disallows the private page the sitemap lists: it was never requested.
  expect(site.requestsFor(site.privatePath)).toEqual([]);
  // The jobs table names what each job covered.
  await expect(expert.getByTestId('ingest-jobs')).toContainText('Partner help');

  const visitor = await (await browser.newContext({ baseURL: base })).newPage();
  await visitor.goto('/chat');
  const answer = await ask(visitor, 'When does the Zephyr kiosk close on Sundays?');
  await expect(answer).toContainText('17:00');
  const citation = answer.getByTestId('chat-citation').first();
  await expect(citation).toHaveAttribute('href', site.url(PAGE));
  await expect(citation).toHaveAttribute('target', '_blank');

  // The site changes one page and drops another. The expert schedules the crawl (every hour, the
  // next one now): the schedule runs it, updates one page, prunes one, and leaves the other 28 as
  // they were (answered 304).
  site.changePage(PAGE, 'The Zephyr kiosk at the main station now closes at 18:30 on Sundays.');
  site.removePage('/help/de/artikel-2');
  const before = site.pageRequests().length;
  const schedule = row.getByTestId('website-schedule');
  await schedule.locator('summary').click();
  await schedule.getByLabel('Crawl again').selectOption('hourly');
  const now = new Date(Date.now() - 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await schedule.getByLabel(/^Next crawl/).fill(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`);
  await schedule.getByRole('button', { name: 'Save the schedule of Partner help' }).click();
  await expect(schedule.getByRole('status')).toContainText('the next crawl is scheduled');
  const scheduled = expert.getByTestId('ingest-jobs').locator('tr', { hasText: 'Schedule' });
  await expect(async () => {
    await expert.reload();
    await expect(scheduled).toContainText('Succeeded', { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(scheduled).toContainText('1 updated, 28 unchanged, 1 removed');
  await expect(row.getByTestId('website-source-documents')).toHaveText('29');
  await expect(row).toContainText('Every hour');
  expect(site.pageRequests().slice(before).filter((r) => r.status === 304)).toHaveLength(28);
  await visitor.getByTestId('chat-new').click();
  const updated = await ask(visitor, 'When does the Zephyr kiosk close on Sundays?');
  await expect(updated).toContainText('18:30');

  // Removing the source takes its pages out of the index.
  expert.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove Partner help' }).click();
  await expect(card).toContainText('Removed, with its 29 pages.');
  await expect(card).toContainText('No website is a source yet.');
});
