import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { deleteDocuments, listDocumentRefs } from '@/lib/db/queries/documents';
import { queryRows } from '@/lib/db/rows';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { SOURCE_SCHEDULES, websitePages, websiteSources, type FacetRule, type SourceSchedule, type WebsiteSourceRow } from '@/lib/db/schema';
import { compilePattern, parseWebUrl, PatternError } from '@/lib/rag/ingest/website';
import { isIngestBusyError, withIngestLease } from '@/lib/rag/ingest/lock';
import { refreshLexemeStats } from '@/lib/rag/lexeme-stats';
import { invalidateTermStats } from '@/lib/rag/term-stats';
import type { WebsiteSource } from '@/lib/rag/ingest/run';

/**
 * Website sources as the console manages them: added with where to crawl and how often, listed
 * with what they hold, removed with their pages. The crawl itself is an ingest job
 * (ingest-job.ts); the scheduler (source-schedule.ts) starts the due ones.
 */

/** How long after a crawl the next one is due, per schedule. */
export const SCHEDULE_INTERVAL_MS: Record<Exclude<SourceSchedule, 'manual'>, number> = {
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

const webUrl = z
  .string()
  .trim()
  .max(2000, 'an address of at most 2000 characters')
  // The crawler's own rule (http or https, no user name or password, not too long): what is saved can be crawled.
  .refine((value) => parseWebUrl(value) !== null, 'an http:// or https:// address');

const patternLines = z
  .string()
  .max(4000)
  .transform((text) => text.split('\n').map((line) => line.trim()).filter(Boolean))
  .superRefine((patterns, ctx) => {
    if (patterns.length > 50) ctx.addIssue({ code: 'custom', message: 'at most 50 patterns' });
    for (const pattern of patterns) {
      try {
        compilePattern(pattern);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof PatternError ? error.message : `not a path pattern: ${pattern}` });
      }
    }
  });

const FACET_VALUE = /^[a-z0-9][a-z0-9._-]{0,49}$/;

/** Facet rules, one per line: "/help/box5/** product=internet version=box5" (product, version or both). */
export function parseFacetRules(text: string): { rules: FacetRule[]; problems: string[] } {
  const rules: FacetRule[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [pattern, ...settings] = line.split(/\s+/);
    const rule: FacetRule = { pattern: pattern!, product: null, version: null };
    try {
      compilePattern(rule.pattern);
    } catch (error) {
      problems.push(`line ${i + 1}: ${error instanceof PatternError ? error.message : 'not a path pattern'}`);
      return;
    }
    for (const setting of settings) {
      const match = /^(product|version)=(.+)$/.exec(setting);
      if (!match || !FACET_VALUE.test(match[2]!)) {
        problems.push(`line ${i + 1}: "${setting.slice(0, 60)}" is not product=… or version=… (lower-case letters, digits, . _ -)`);
        return;
      }
      rule[match[1] as 'product' | 'version'] = match[2]!;
    }
    if (!rule.product && !rule.version) problems.push(`line ${i + 1}: say product=… or version=… after the pattern`);
    else rules.push(rule);
  });
  if (rules.length > 50) problems.push('at most 50 facet rules');
  return { rules, problems };
}

const facetLines = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    const { rules, problems } = parseFacetRules(text);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    return rules;
  });

/** The console's form: one address, read as a start page or as a sitemap. */
export const websiteSourceInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the source a name.').max(80, 'A name of at most 80 characters.'),
    url: webUrl,
    mode: z.enum(['start', 'sitemap']),
    include: patternLines.default([]),
    exclude: patternLines.default([]),
    audience: z.enum(['public', 'internal']).default('public'),
    facets: facetLines.default([]),
    schedule: z.enum(SOURCE_SCHEDULES).default('manual'),
  })
  .strict();
export type WebsiteSourceInput = z.input<typeof websiteSourceInputSchema>;

/** The name its documents are stored under. */
export function sourceKey(id: number): string {
  return `website:${id}`;
}

/** The crawl a source asks for. */
export function crawlOptionsOf(source: WebsiteSourceRow): WebsiteSource {
  return {
    ...(source.startUrl ? { startUrl: source.startUrl } : { sitemapUrl: source.sitemapUrl! }),
    ...(source.include.length > 0 ? { include: source.include } : {}),
    ...(source.exclude.length > 0 ? { exclude: source.exclude } : {}),
    audience: source.audience,
    ...(source.facetRules.length > 0 ? { facets: source.facetRules } : {}),
  };
}

export type CreateSourceResult = { ok: true; source: WebsiteSourceRow } | { ok: false; message: string };

export async function createWebsiteSource(db: Db, { input, userId, now = new Date() }: { input: WebsiteSourceInput; userId: string | null; now?: Date }): Promise<CreateSourceResult> {
  const parsed = websiteSourceInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.join('.') || 'input'}: ${issue.message}` };
  }
  const { name, url, mode, include, exclude, audience, facets, schedule } = parsed.data;
  try {
    const [source] = await db
      .insert(websiteSources)
      .values({
        name,
        ...(mode === 'start' ? { startUrl: url } : { sitemapUrl: url }),
        include,
        exclude,
        audience,
        facetRules: facets,
        schedule,
        // A scheduled source's first crawl is the one the person starts (or the next interval).
        nextRunAt: schedule === 'manual' ? null : new Date(now.getTime() + SCHEDULE_INTERVAL_MS[schedule]),
        createdBy: userId,
      })
      .returning();
    return { ok: true, source: source! };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: `A source named "${name}" exists already.` };
    throw error;
  }
}

/** A source's schedule as the console changes it: how often, and when the next crawl is due. */
export const websiteScheduleInputSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    schedule: z.enum(SOURCE_SCHEDULES),
    // When the next crawl runs (e.g. tonight at 02:00, then every day at that time); empty: one interval from now.
    nextRunAt: z.iso.datetime({ offset: true, message: 'a date and time' }).optional(),
  })
  .strict();
export type WebsiteScheduleInput = z.input<typeof websiteScheduleInputSchema>;

export type RescheduleResult = { ok: true; source: WebsiteSourceRow } | { ok: false; message: string };

/** Changes how often a source is crawled and when its next crawl runs (the scheduler starts it then). */
export async function rescheduleWebsiteSource(db: Db, { input, now = new Date() }: { input: WebsiteScheduleInput; now?: Date }): Promise<RescheduleResult> {
  const parsed = websiteScheduleInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `${issue.path.join('.') || 'input'}: ${issue.message}` };
  }
  const { id, schedule, nextRunAt } = parsed.data;
  const next = schedule === 'manual' ? null : nextRunAt ? new Date(nextRunAt) : new Date(now.getTime() + SCHEDULE_INTERVAL_MS[schedule]);
  const [source] = await db.update(websiteSources).set({ schedule, nextRunAt: next }).where(eq(websiteSources.id, id)).returning();
  return source ? { ok: true, source } : { ok: false, message: 'This website source was removed.' };
}

export type WebsiteSourceView = WebsiteSourceRow & { documents: number; pages: number };

export async function listWebsiteSources(db: Db): Promise<WebsiteSourceView[]> {
  const rows = await db.select().from(websiteSources).orderBy(asc(websiteSources.name));
  const counts = await queryRows<{ source: string; documents: number }>(
    db,
    sql`select source, count(*)::int as documents from documents where source like 'website:%' group by source`,
  );
  const pages = await queryRows<{ source: string; pages: number }>(db, sql`select source, count(*)::int as pages from website_pages group by source`);
  const documentsBy = new Map(counts.map((c) => [c.source, Number(c.documents)]));
  const pagesBy = new Map(pages.map((p) => [p.source, Number(p.pages)]));
  return rows.map((row) => ({ ...row, documents: documentsBy.get(sourceKey(row.id)) ?? 0, pages: pagesBy.get(sourceKey(row.id)) ?? 0 }));
}

export async function findWebsiteSource(db: Db, { id }: { id: number }): Promise<WebsiteSourceRow | null> {
  const [row] = await db.select().from(websiteSources).where(eq(websiteSources.id, id));
  return row ?? null;
}

export type DeleteSourceResult = { deleted: boolean; documents: number; busy?: string };

/**
 * Removes the source, its documents (and their passages) and its crawl state, in one transaction,
 * holding the ingest lease like any other change to the index: while a crawl (or any ingest) runs,
 * it is refused with who is running it, rather than racing a run that writes the source's pages.
 */
export async function deleteWebsiteSource(db: Db, { id, holder }: { id: number; holder?: string }): Promise<DeleteSourceResult> {
  try {
    const result = await withIngestLease(db, { holder: holder ?? `remove website source ${id}` }, async (lease) => removeSource(db, id, lease));
    // The chat's word statistics come from the index as it now is.
    if (result.documents > 0) invalidateTermStats(db);
    return result;
  } catch (error) {
    if (isIngestBusyError(error)) return { deleted: false, documents: 0, busy: error.message };
    throw error;
  }
}

async function removeSource(db: Db, id: number, lease: { fence(tx: Db): Promise<void> }): Promise<DeleteSourceResult> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [row] = await tx.select({ id: websiteSources.id }).from(websiteSources).where(eq(websiteSources.id, id)).for('update');
    if (!row) return { deleted: false, documents: 0 };
    const docs = await listDocumentRefs(txDb, { source: sourceKey(id) });
    await deleteDocuments(txDb, { ids: docs.map((d) => d.id) });
    await tx.delete(websitePages).where(eq(websitePages.source, sourceKey(id)));
    await tx.delete(websiteSources).where(eq(websiteSources.id, id));
    if (docs.length > 0) await refreshLexemeStats(txDb);
    await lease.fence(txDb);
    return { deleted: true, documents: docs.length };
  });
}

/**
 * Takes the next source whose crawl is due, moving its next run one interval on in the same
 * statement: with several instances, each due source is taken by exactly one of them.
 */
export async function claimDueSource(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<WebsiteSourceRow | null> {
  const at = now.toISOString();
  const [claimed] = await db
    .update(websiteSources)
    .set({
      nextRunAt: sql`${at}::timestamptz + case ${websiteSources.schedule}
        when 'hourly' then interval '1 hour' when 'daily' then interval '1 day' else interval '7 days' end`,
    })
    .where(
      sql`${websiteSources.id} = (
        select id from website_sources
        where schedule <> 'manual' and next_run_at <= ${at}::timestamptz
        order by next_run_at, id limit 1 for update skip locked)`,
    )
    .returning();
  return claimed ?? null;
}

/** A due crawl that could not start (another ingest was running) is tried again a little later. */
export async function postponeSource(db: Db, { id, until }: { id: number; until: Date }): Promise<void> {
  await db.update(websiteSources).set({ nextRunAt: until }).where(eq(websiteSources.id, id));
}
