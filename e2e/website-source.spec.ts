import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestSite, type TestSite } from '../lib/rag/ingest/website/test-site';
import { ask, DEMO, signIn } from './helpers';
import { startInstance, type Instance } from './support/instances';

/**
 * A company's help website as a knowledge source: an expert adds it in the console, crawls it
 * with live progress, and the chat answers from its pages with a link to the page on that site.
 * Its own instance: the site's pages must not reach the other specs' index.
 */

let site: TestSite;
let app: Instance;
let dataDir: string;
const PAGE = '/help/en/article-1';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startTestSite({ pages: 6 });
  site.changePage(PAGE, 'The Zephyr kiosk at the main station closes at 17:00 on Sundays.');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-e2e-website-'));
  app = await startInstance({ DATA_DIR: dataDir, SEED_DEMO: 'auto', LOG_LEVEL: 'warn' }, { readyTimeoutMs: 150_000 });
});

test.afterAll(async () => {
  await app?.stop();
  await site?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an expert adds a website and crawls it; the chat cites its page where it lives', async ({ browser }) => {
  test.setTimeout(150_000);
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
  await expect(row.getByTestId('website-source-documents')).toHaveText('6');
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

  // The site changes one page and drops another: the next crawl updates one, prunes one, and
  // leaves the other four as they were (answered 304).
  site.changePage(PAGE, 'The Zephyr kiosk at the main station now closes at 18:30 on Sundays.');
  site.removePage('/help/de/artikel-2');
  const before = site.pageRequests().length;
  await row.getByRole('button', { name: 'Crawl now' }).click();
  await expect(card.getByTestId('website-job')).toContainText('1 updated, 4 unchanged, 1 removed', { timeout: 60_000 });
  await expect(row.getByTestId('website-source-documents')).toHaveText('5');
  expect(site.pageRequests().slice(before).filter((r) => r.status === 304)).toHaveLength(4);
  await visitor.getByTestId('chat-new').click();
  const updated = await ask(visitor, 'When does the Zephyr kiosk close on Sundays?');
  await expect(updated).toContainText('18:30');

  // Removing the source takes its pages out of the index.
  expert.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove Partner help' }).click();
  await expect(card).toContainText('Removed, with its 5 pages.');
  await expect(card).toContainText('No website is a source yet.');
});
