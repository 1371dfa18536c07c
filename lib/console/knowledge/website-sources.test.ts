import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import { jobSettled, startJob } from '@/lib/console/jobs/runner';
import type { Database } from '@/lib/db/client';
import { findJob } from '@/lib/db/queries/jobs';
import { queryRows } from '@/lib/db/rows';
import { websiteSources } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { withIngestLease } from '@/lib/rag/ingest/lock';
import { startTestSite, type TestSite } from '@/lib/rag/ingest/website/test-site';
import { startWebsiteIngestJob, type IngestJobResult } from './ingest-job';
import { RETRY_BUSY_MS, startDueSourceCrawls } from './source-schedule';
import { claimDueSource, createWebsiteSource, deleteWebsiteSource, listWebsiteSources, parseFacetRules, rescheduleWebsiteSource, SCHEDULE_INTERVAL_MS, sourceKey } from './website-sources';

const NOW = new Date('2026-11-20T03:00:00Z');
const HOUR = 3_600_000;

describe.each(testBackends())('website sources on $name', ({ open }) => {
  let database: Database;
  let site: TestSite;
  const config = parseConfig({});
  const embedder = createEmbedder({ provider: 'local' });
  const documentsOf = (id: number) =>
    queryRows<{ id: string; audience: string; source_url: string; product: string | null; version: string | null }>(
      database.db,
      sql`select id, audience, source_url, product, version from documents where source = ${sourceKey(id)} order by source_url`,
    );

  beforeAll(async () => {
    database = await open();
    site = await startTestSite({ pages: 4 });
  });
  afterEach(async () => {
    await database.db.delete(websiteSources);
  });
  afterAll(async () => {
    await site?.close();
    await database?.close();
  });

  it('refuses what cannot be crawled with a message naming the field, and a second source of the same name', async () => {
    const db = database.db;
    const base = { name: 'Help site', url: site.url('/sitemap.xml'), mode: 'sitemap' as const };
    expect(await createWebsiteSource(db, { input: { ...base, url: 'ftp://example.com/' }, userId: null })).toEqual({ ok: false, message: 'url: an http:// or https:// address' });
    const badPattern = await createWebsiteSource(db, { input: { ...base, include: '/help/**\nhelp/de' }, userId: null });
    expect(badPattern.ok).toBe(false);
    expect(badPattern.ok === false && badPattern.message).toBe('include: pattern "help/de" must start with "/"');
    expect((await createWebsiteSource(db, { input: base, userId: null })).ok).toBe(true);
    expect(await createWebsiteSource(db, { input: base, userId: null })).toEqual({ ok: false, message: 'A source named "Help site" exists already.' });
  });

  it('reads facet rules line by line, and says which line is wrong', () => {
    expect(parseFacetRules('/help/box5/** product=internet version=box5\n\n/help/tv/** product=tv')).toEqual({
      rules: [
        { pattern: '/help/box5/**', product: 'internet', version: 'box5' },
        { pattern: '/help/tv/**', product: 'tv', version: null },
      ],
      problems: [],
    });
    expect(parseFacetRules('help/** product=x\n/a/** colour=red\n/b/**').problems).toEqual([
      'line 1: pattern "help/**" must start with "/"',
      'line 2: "colour=red" is not product=… or version=… (lower-case letters, digits, . _ -)',
      'line 3: say product=… or version=… after the pattern',
    ]);
  });

  it('crawls a source as a console job, with its audience and facets on every page; deleting it removes its pages', async () => {
    const db = database.db;
    const created = await createWebsiteSource(db, {
      input: { name: 'Staff notes', url: site.url('/sitemap.xml'), mode: 'sitemap', audience: 'internal', exclude: '/help/de/**', facets: '/help/en/article-1 version=box5\n/help/** product=internet' },
      userId: null,
    });
    if (!created.ok) throw new Error(created.message);
    const id = created.source.id;
    const started = await startWebsiteIngestJob(db, { config, userId: null, websiteSourceId: id, embedder });
    if (!started.ok) throw new Error('not started');
    await jobSettled(started.job.id);
    const job = await findJob(db, { id: started.job.id });
    expect(job?.status).toBe('succeeded');
    expect((job?.result as IngestJobResult).source).toBe(sourceKey(id));
    const docs = await documentsOf(id);
    expect(docs.map((d) => d.source_url).sort()).toEqual(site.pages.filter((p) => p.lang === 'en').map((p) => site.url(p.path)).sort());
    expect(docs.every((d) => d.audience === 'internal')).toBe(true);
    // The first rule that matches a page's path sets its facets.
    expect(docs.map((d) => [d.source_url.replace(site.origin, ''), d.product, d.version])).toEqual([
      ['/help/en/article-1', null, 'box5'],
      ['/help/en/article-3', 'internet', null],
    ]);
    expect((await listWebsiteSources(db))[0]).toMatchObject({ id, documents: 2, pages: 2 });

    // While an ingest runs (it holds the index's lease), removing is refused and changes nothing.
    const refused = await withIngestLease(db, { holder: 'a test ingest' }, () => deleteWebsiteSource(db, { id }));
    expect(refused).toMatchObject({ deleted: false, busy: expect.stringContaining('Another ingest is running') });
    expect(await documentsOf(id)).toHaveLength(2);

    expect(await deleteWebsiteSource(db, { id })).toEqual({ deleted: true, documents: 2 });
    expect(await documentsOf(id)).toEqual([]);
    const [pages] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from website_pages where source = ${sourceKey(id)}`);
    expect(pages!.n).toBe(0);
  });

  it('hands each due source to exactly one claimer, and moves its next crawl one interval on', async () => {
    const db = database.db;
    const hourly = await createWebsiteSource(db, { input: { name: 'A', url: site.url('/'), mode: 'start', schedule: 'hourly' }, userId: null, now: new Date(NOW.getTime() - 2 * HOUR) });
    const daily = await createWebsiteSource(db, { input: { name: 'B', url: site.url('/'), mode: 'start', schedule: 'daily' }, userId: null, now: NOW });
    const manual = await createWebsiteSource(db, { input: { name: 'C', url: site.url('/'), mode: 'start' }, userId: null, now: NOW });
    if (!hourly.ok || !daily.ok || !manual.ok) throw new Error('not created');
    expect(manual.source.nextRunAt).toBeNull();
    expect(daily.source.nextRunAt?.getTime()).toBe(NOW.getTime() + SCHEDULE_INTERVAL_MS.daily);

    // Two instances polling at the same moment: one gets the due source, the other nothing.
    const [first, second] = await Promise.all([claimDueSource(db, { now: NOW }), claimDueSource(db, { now: NOW })]);
    const claimed = [first, second].filter((s) => s !== null);
    expect(claimed.map((s) => s!.id)).toEqual([hourly.source.id]);
    expect(claimed[0]!.nextRunAt?.getTime()).toBe(NOW.getTime() + HOUR);
    expect(await claimDueSource(db, { now: NOW })).toBeNull();
    // A day later both scheduled sources are due; the manual one never is.
    const later = new Date(NOW.getTime() + SCHEDULE_INTERVAL_MS.daily);
    const due = [await claimDueSource(db, { now: later }), await claimDueSource(db, { now: later }), await claimDueSource(db, { now: later })];
    expect(due.map((s) => s?.name ?? null)).toEqual(['A', 'B', null]);
  });

  it('an expert sets when the next crawl runs: due then, then every interval from there; back to manual, never due', async () => {
    const db = database.db;
    const created = await createWebsiteSource(db, { input: { name: 'Night', url: site.url('/'), mode: 'start' }, userId: null, now: NOW });
    if (!created.ok) throw new Error(created.message);
    const tonight = new Date(NOW.getTime() + 20 * HOUR);
    const rescheduled = await rescheduleWebsiteSource(db, { input: { id: created.source.id, schedule: 'daily', nextRunAt: tonight.toISOString() }, now: NOW });
    expect(rescheduled.ok && rescheduled.source.nextRunAt?.getTime()).toBe(tonight.getTime());
    expect(await claimDueSource(db, { now: new Date(tonight.getTime() - 1000) })).toBeNull();
    const claimed = await claimDueSource(db, { now: tonight });
    expect(claimed?.id).toBe(created.source.id);
    expect(claimed?.nextRunAt?.getTime()).toBe(tonight.getTime() + SCHEDULE_INTERVAL_MS.daily);
    // Without a time: one interval from now.
    const weekly = await rescheduleWebsiteSource(db, { input: { id: created.source.id, schedule: 'weekly' }, now: NOW });
    expect(weekly.ok && weekly.source.nextRunAt?.getTime()).toBe(NOW.getTime() + SCHEDULE_INTERVAL_MS.weekly);
    const manual = await rescheduleWebsiteSource(db, { input: { id: created.source.id, schedule: 'manual', nextRunAt: tonight.toISOString() }, now: NOW });
    expect(manual.ok && manual.source.nextRunAt).toBeNull();
    expect(await claimDueSource(db, { now: new Date(NOW.getTime() + 30 * SCHEDULE_INTERVAL_MS.weekly) })).toBeNull();
  });

  it('refuses a schedule it cannot keep with a message naming the field, and a source that is gone', async () => {
    const db = database.db;
    const created = await createWebsiteSource(db, { input: { name: 'Odd', url: site.url('/'), mode: 'start' }, userId: null, now: NOW });
    if (!created.ok) throw new Error(created.message);
    expect(await rescheduleWebsiteSource(db, { input: { id: created.source.id, schedule: 'daily', nextRunAt: 'tomorrow night' } })).toEqual({ ok: false, message: 'nextRunAt: a date and time' });
    expect(await rescheduleWebsiteSource(db, { input: { id: created.source.id, schedule: 'yearly' as 'daily' } })).toMatchObject({ ok: false, message: expect.stringMatching(/^schedule: /) });
    expect(await rescheduleWebsiteSource(db, { input: { id: created.source.id + 1000, schedule: 'daily' } })).toEqual({ ok: false, message: 'This website source was removed.' });
    const [row] = await queryRows<{ schedule: string }>(db, sql`select schedule from website_sources where id = ${created.source.id}`);
    expect(row!.schedule).toBe('manual');
  });

  it('the scheduler starts a due crawl as a job, and postpones it while another ingest runs', async () => {
    const db = database.db;
    const created = await createWebsiteSource(db, { input: { name: 'Nightly', url: site.url('/sitemap.xml'), mode: 'sitemap', schedule: 'daily' }, userId: null, now: new Date(NOW.getTime() - SCHEDULE_INTERVAL_MS.daily) });
    if (!created.ok) throw new Error(created.message);
    // Another ingest holds the kind (only one runs at a time).
    let release!: () => void;
    const busy = await startJob(db, { kind: 'ingest', params: { dir: 'elsewhere' }, handler: () => new Promise((resolve) => (release = () => resolve({ result: null }))) });
    if (!busy.ok) throw new Error('not started');
    expect(await startDueSourceCrawls(db, config, { now: NOW })).toEqual({ started: [], postponed: [created.source.id] });
    const [row] = await queryRows<{ next_run_at: string }>(db, sql`select next_run_at::text from website_sources where id = ${created.source.id}`);
    expect(new Date(row!.next_run_at).getTime()).toBe(NOW.getTime() + RETRY_BUSY_MS);
    release();
    await jobSettled(busy.job.id);

    const retry = new Date(NOW.getTime() + RETRY_BUSY_MS);
    const { started } = await startDueSourceCrawls(db, config, { now: retry });
    expect(started).toEqual([created.source.id]);
    const jobs = await queryRows<{ id: string; params: { websiteSourceId?: number } }>(db, sql`select id, params from jobs where kind = 'ingest' order by created_at desc limit 1`);
    expect(jobs[0]!.params.websiteSourceId).toBe(created.source.id);
    await jobSettled(jobs[0]!.id);
  });
});
