import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Embedder } from '@/lib/ai/models';
import type { Db } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { deleteDocuments, listDocumentRefs, listForeignKeys } from '@/lib/db/queries/documents';
import { chunks, documents, ingestRuns, lexemeStats, websitePages, type IngestStats } from '@/lib/db/schema';
import { tsConfigFor } from '@/lib/i18n/detect-language';
import { refreshLexemeStats } from '@/lib/rag/lexeme-stats';
import { prepareKnowledgeForSearch } from '@/lib/db/prepare-for-search';
import { invalidateTermStats } from '@/lib/rag/term-stats';
import { createVectorIndex, dropUnusedVectorIndexes, dropVectorIndex } from '@/lib/rag/vector-index';
import { chunkMarkdown, CHUNKER_VERSION, type Chunk } from './chunk';
import { ConcurrentWriteError, withIngestLease, type IngestLease } from './lock';
import { parseDocument, type ParsedDocument } from './parse';
import { isInScope, normalizeScope } from './scope';
import { listSourceFiles } from './sources';
import { loadSynonymsFile } from './synonyms-file';
import { compilePattern, crawlWebsite, matchPattern, type CrawlOptions, type CrawlResult, type PageState } from './website';

/**
 * One ingest run over a folder (or a website: see readWebsite), in two phases:
 *  1. read, parse, chunk and embed every new or changed file or page (slow, touches nothing stored);
 *  2. apply all changes in ONE transaction: prune deleted documents, replace changed ones.
 * A run that fails or is killed before phase 2 commits leaves the previous index exactly as it
 * was, and searchable throughout. Unchanged files (same content hash) cost a read and a hash.
 * A scoped run (one folder or file of the source) adds, updates and prunes documents under that
 * path only: the source's other documents are left alone, and their ids and urls stay theirs.
 * Every run holds the database's ingest lease throughout (lock.ts): a second run, from any
 * process, is refused with IngestBusyError instead of writing the same documents.
 */

export type IngestProgress = { phase: 'scan' | 'embed' | 'write' | 'done'; done: number; total: number; path?: string };
export type IngestError = { path: string; message: string };
export type IngestResult = { runId: number; source: string; scope: string | null; stats: IngestStats; errors: IngestError[]; durationMs: number };

/**
 * A website source: the crawl's options (a start URL or a sitemap, patterns, politeness), who may
 * read its pages, and the product/version facets its pages get by path (the first rule that matches).
 */
export type WebsiteSource = Omit<CrawlOptions, 'onProgress' | 'onDocument'> & {
  audience?: 'public' | 'internal';
  facets?: { pattern: string; product: string | null; version: string | null }[];
};

export type IngestOptions = {
  /** A folder of files; or, with `website`, none. */
  dir?: string;
  /** Crawl a website instead of reading a folder: pages are fetched again only when changed. */
  website?: WebsiteSource;
  /** For website sources: the fetch to use (tests, proxies); the global fetch by default. */
  fetch?: typeof fetch;
  /** Re-read and re-embed everything, changed or not (a website is fetched in full, without conditional requests). */
  rebuild?: boolean;
  /** Name the documents are grouped under; defaults to the folder relative to the cwd. */
  source?: string;
  /**
   * Only this folder or file, relative to `dir` (already checked against the disk by the caller,
   * see scope.ts; a path leading outside `dir` throws). Documents elsewhere are not touched.
   */
  scope?: string;
  embedder: Embedder;
  onProgress?: (progress: IngestProgress) => void;
  /** Who runs it, named to a second run that is refused (e.g. "cli:host:pid"); defaults to this process. */
  holder?: string;
  /**
   * A holder label this run succeeds (e.g. "console job <id> "): a lease still held under it is
   * taken over at once. For a resumed job, whose earlier attempt's instance is known to be dead.
   */
  succeeds?: string;
};

type Pending = { parsed: ParsedDocument; path: string; hash: string; sourceUrl: string | null; chunks: Chunk[]; embeddings: number[][] };
type ReadDocument = { path: string; parsed: ParsedDocument; hash: string; sourceUrl: string | null };

/** The source's name: the one given, the website's origin, or the folder relative to the cwd. */
export function sourceName(options: Pick<IngestOptions, 'source' | 'dir' | 'website'>): string {
  if (options.source) return options.source;
  const site = options.website?.sitemapUrl ?? options.website?.startUrl;
  if (site) return `site:${new URL(site).origin}`;
  return path.relative(process.cwd(), path.resolve(options.dir ?? '.')) || '.';
}

// Above this many chunks written, drop the model's HNSW index and rebuild it once afterwards:
// inserting into a live HNSW index is several times slower than building it in one go.
const BULK_REBUILD_THRESHOLD = 5000;
const EMBED_BATCH = 128;
const INSERT_BATCH = 250;

export function embeddingText(title: string, headingPath: string, content: string): string {
  return [title, headingPath, content].filter(Boolean).join('\n');
}

export async function runIngest(db: Db, options: IngestOptions): Promise<IngestResult> {
  return withIngestLease(db, { holder: options.holder, succeeds: options.succeeds }, (lease) => ingest(db, options, lease));
}

async function ingest(db: Db, options: IngestOptions, lease: IngestLease): Promise<IngestResult> {
  const started = Date.now();
  if ((options.dir === undefined) === (options.website === undefined)) throw new Error('ingest needs either a folder (dir) or a website, not both');
  if (options.website && options.scope) throw new Error('a website source is ingested whole: --path applies to folders only');
  const source = sourceName(options);
  const progress = options.onProgress ?? (() => {});
  const scope = options.dir === undefined ? undefined : normalizeScope(options.dir, options.scope);
  const [run] = await db.insert(ingestRuns).values({ source, status: 'running' }).returning({ id: ingestRuns.id });
  const runId = run!.id;
  const errors: IngestError[] = [];
  const stats: IngestStats = {
    files: 0, added: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0, chunksWritten: 0, chunksDeleted: 0,
    embeddingModel: options.embedder.id,
    ...(scope ? { scope } : {}),
  };

  try {
    const [sourceDocs, foreign] = await Promise.all([listDocumentRefs(db, { source }), listForeignKeys(db, { source })]);
    // Outside the scope, this source's documents count like another source's: never pruned or
    // replaced by this run, and their ids and urls are taken (a file moved into the scope from
    // outside it is reported; a re-ingest of both places, or of the whole folder, moves it).
    const stored = sourceDocs.filter((d) => isInScope(d.path, scope));
    const outside = sourceDocs.filter((d) => !isInScope(d.path, scope));
    const outsideById = new Map(outside.map((d) => [d.id, d.path]));
    const outsideBySlug = new Map(outside.map((d) => [d.slug, d.path]));
    const storedById = new Map(stored.map((d) => [d.id, d]));

    // Phase 1a: read (parse, or crawl) and hash everything.
    const read = options.website
      ? await readWebsite(db, source, options.website, { fetch: options.fetch, stored, progress, embedderId: options.embedder.id, rebuild: options.rebuild === true })
      : await readFolder(options.dir!, scope, options.embedder.id, progress);
    const parsedFiles = read.documents;
    stats.files = read.count;
    stats.failed += read.errors.length;
    stats.unchanged += read.unchanged ?? 0;
    errors.push(...read.errors);

    // Ids and urls must be unique. A url already stored keeps its owner; otherwise the first
    // file (in path order) wins, and later claimants are reported and skipped.
    const slugOwner = new Map(stored.map((d) => [d.slug, d.id]));
    const parsedIds = new Set(parsedFiles.map((f) => f.parsed.id));
    const accepted = new Map<string, (typeof parsedFiles)[number]>();
    const claimedSlugs = new Set<string>();
    const ordered = [...parsedFiles].sort((a, b) => Number(slugOwner.get(b.parsed.slug) === b.parsed.id) - Number(slugOwner.get(a.parsed.slug) === a.parsed.id));
    for (const file of ordered) {
      const { id, slug } = file.parsed;
      const owner = slugOwner.get(slug);
      const problem =
        accepted.has(id) || foreign.ids.has(id)
          ? `duplicate document id "${id}"`
          : outsideById.has(id)
            ? `duplicate document id "${id}" (used by ${outsideById.get(id)}, outside the re-ingested path)`
            : claimedSlugs.has(slug) || foreign.slugs.has(slug) || (owner !== undefined && owner !== id && parsedIds.has(owner))
              ? `duplicate url "${slug}"`
              : outsideBySlug.has(slug)
                ? `duplicate url "${slug}" (used by ${outsideBySlug.get(slug)}, outside the re-ingested path)`
                : undefined;
      if (problem) {
        stats.failed++;
        errors.push({ path: file.path, message: problem });
        continue;
      }
      accepted.set(id, file);
      claimedSlugs.add(slug);
    }
    errors.sort((a, b) => a.path.localeCompare(b.path));

    // Keep what is new or changed.
    const pending: Pending[] = [];
    const seenIds = new Set(accepted.keys());
    const presentPaths = read.present;
    for (const { path: filePath, parsed, hash, sourceUrl } of accepted.values()) {
      if (!options.rebuild && storedById.get(parsed.id)?.contentHash === hash) {
        stats.unchanged++;
        continue;
      }
      // Chunking and the built-in embedder are CPU work that never waits on I/O: let the server's
      // requests, job heartbeats and lease renewals through between documents and batches, or a
      // large ingest freezes the instance (and another one takes its job over as dead).
      await yieldToEventLoop();
      const pieces = chunkMarkdown(parsed.body, { lang: parsed.lang });
      if (pieces.length === 0) {
        stats.failed++;
        errors.push({ path: filePath, message: 'the document has no text to index' });
        continue;
      }
      pending.push({ parsed, path: filePath, hash, sourceUrl, chunks: pieces, embeddings: [] });
    }
    // A document is gone when its file is gone; a file that failed to parse keeps its old version.
    const deletedIds = stored.filter((d) => !seenIds.has(d.id) && !presentPaths.has(d.path)).map((d) => d.id);

    // Phase 1b: embed, in batches, with progress.
    const totalChunks = pending.reduce((n, p) => n + p.chunks.length, 0);
    let embedded = 0;
    for (const doc of pending) {
      for (let i = 0; i < doc.chunks.length; i += EMBED_BATCH) {
        const batch = doc.chunks.slice(i, i + EMBED_BATCH);
        const vectors = await options.embedder.embed(
          batch.map((c) => embeddingText(doc.parsed.title, c.headingPath, c.content)),
          { lang: doc.parsed.lang },
        );
        doc.embeddings.push(...vectors);
        embedded += batch.length;
        progress({ phase: 'embed', done: embedded, total: totalChunks, path: doc.path });
        lease.assertHeld(); // a run that lost its lease stops here rather than at the commit
        await yieldToEventLoop();
      }
    }
    const dimensions = pending[0]?.embeddings[0]?.length;

    // Phase 2: one transaction.
    let written = 0;
    let knowledgeChanged = false;
    await db.transaction(async (tx) => {
      const model = { modelId: options.embedder.id, dimensions: dimensions ?? 0 };
      const bulk = dimensions !== undefined && totalChunks >= BULK_REBUILD_THRESHOLD;
      if (bulk) await dropVectorIndex(tx as unknown as Db, model);

      const replacedIds = pending.map((p) => p.parsed.id).filter((id) => storedById.has(id));
      const doomed = [...deletedIds, ...replacedIds];
      if (doomed.length > 0) {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chunks)
          .where(inArray(chunks.documentId, doomed));
        stats.chunksDeleted = row?.n ?? 0;
      }
      await deleteDocuments(tx as unknown as Db, { ids: deletedIds });
      stats.deleted = deletedIds.length;

      for (const doc of pending) {
        const p = doc.parsed;
        const values = {
          id: p.id, source, path: doc.path, title: p.title, slug: p.slug, lang: p.lang, product: p.product,
          version: p.version, audience: p.audience, translationOf: p.translationOf, updated: p.updated,
          body: p.body, contentHash: doc.hash, sourceUrl: doc.sourceUrl, ingestedAt: new Date(),
        };
        // A document's chunks are deleted before its new ones are inserted, in this transaction,
        // so (document_id, ordinal) stays unique; a new document has no chunks (foreign key).
        if (storedById.has(p.id)) {
          await tx.delete(chunks).where(eq(chunks.documentId, p.id));
          await tx.update(documents).set(values).where(eq(documents.id, p.id));
          stats.updated++;
        } else {
          await tx.insert(documents).values(values);
          stats.added++;
        }
        const rows = doc.chunks.map((c, i) => ({
          documentId: p.id, ordinal: c.ordinal, title: p.title, headingPath: c.headingPath, anchor: c.anchor,
          content: c.content, lang: p.lang, tsConfig: tsConfigFor(p.lang), product: p.product, version: p.version,
          audience: p.audience, embedding: doc.embeddings[i]!, embeddingModel: options.embedder.id,
          embeddingDim: doc.embeddings[i]!.length,
        }));
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          await tx.insert(chunks).values(rows.slice(i, i + INSERT_BATCH));
          written += Math.min(INSERT_BATCH, rows.length - i);
          progress({ phase: 'write', done: written, total: totalChunks, path: doc.path });
        }
      }
      stats.chunksWritten = written;
      // What the crawl learnt, for the next run's conditional requests: in this transaction, so a
      // failed run leaves the pages to be fetched again.
      if (read.pageState) {
        await tx.delete(websitePages).where(eq(websitePages.source, source));
        const rows = [...read.pageState].map(([url, page]) => ({ source, url, etag: page.etag ?? null, lastModified: page.lastModified ?? null, contentHash: page.contentHash, links: page.links ?? null }));
        for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(websitePages).values(rows.slice(i, i + INSERT_BATCH));
      }
      if (dimensions !== undefined) await createVectorIndex(tx as unknown as Db, model);
      await dropUnusedVectorIndexes(tx as unknown as Db);
      const statsMissing = (await tx.select({ n: sql<number>`count(*)::int` }).from(lexemeStats))[0]?.n === 0;
      knowledgeChanged = pending.length > 0 || deletedIds.length > 0 || statsMissing;
      if (knowledgeChanged) await refreshLexemeStats(tx as unknown as Db);
      await lease.fence(tx as unknown as Db);
    });

    // The chat's word statistics come from the index just rebuilt; the search's indexes and statistics are brought up to date.
    invalidateTermStats(db);
    if (knowledgeChanged) await prepareKnowledgeForSearch(db);
    if (!scope && options.dir !== undefined) errors.push(...(await loadSynonymsFile(db, options.dir)).errors);
    const durationMs = Date.now() - started;
    await db
      .update(ingestRuns)
      .set({ status: 'succeeded', finishedAt: new Date(), durationMs, stats, errors })
      .where(eq(ingestRuns.id, runId));
    progress({ phase: 'done', done: stats.files, total: stats.files });
    return { runId, source, scope: scope ?? null, stats, errors, durationMs };
  } catch (caught) {
    const error = isUniqueViolation(caught) ? new ConcurrentWriteError(caught) : caught;
    const durationMs = Date.now() - started;
    errors.push({ path: '(run)', message: (error as Error).message });
    await db
      .update(ingestRuns)
      .set({ status: 'failed', finishedAt: new Date(), durationMs, stats, errors })
      .where(eq(ingestRuns.id, runId));
    throw error;
  }
}

type ReadResult = {
  documents: ReadDocument[];
  /** Paths (files, page URLs) that still exist: their documents are not pruned, even when unreadable now. */
  present: Set<string>;
  /** Files found, or pages the crawl reached (read, unchanged or broken). */
  count: number;
  errors: IngestError[];
  /** A website's crawl state, to store for the next run. */
  pageState?: Map<string, PageState>;
  /** Pages the site said had not changed (not read again, so not among the documents). */
  unchanged?: number;
};

async function readFolder(dir: string, scope: string | undefined, embedderId: string, progress: (p: IngestProgress) => void): Promise<ReadResult> {
  const files = await listSourceFiles(dir, { scope });
  const documents: ReadDocument[] = [];
  const errors: IngestError[] = [];
  for (const [i, file] of files.entries()) {
    progress({ phase: 'scan', done: i, total: files.length, path: file.relativePath });
    try {
      const bytes = await fs.readFile(file.absolutePath);
      const parsed = await parseDocument(file.relativePath, bytes);
      const hash = crypto.createHash('sha256').update(bytes).update(`\0${CHUNKER_VERSION}\0${embedderId}`).digest('hex');
      documents.push({ path: file.relativePath, parsed, hash, sourceUrl: null });
    } catch (error) {
      errors.push({ path: file.relativePath, message: (error as Error).message });
    }
  }
  return { documents, present: new Set(files.map((f) => f.relativePath)), count: files.length, errors };
}

/**
 * A website, crawled with what the last run learnt (validators, hashes): new and changed pages
 * come back as documents; unchanged and broken pages stay present (a broken page keeps its last
 * version); pages the site no longer has are left out, so they are pruned.
 */
async function readWebsite(
  db: Db,
  source: string,
  website: WebsiteSource,
  { fetch, stored, progress, embedderId, rebuild }: { fetch?: typeof globalThis.fetch; stored: { id: string; path: string }[]; progress: (p: IngestProgress) => void; embedderId: string; rebuild: boolean },
): Promise<ReadResult> {
  const { audience, facets = [], ...crawl } = website;
  const rules = facets.map((rule) => ({ ...rule, compiled: compilePattern(rule.pattern) }));
  const facetsOf = (url: string) => {
    const rule = rules.find((r) => matchPattern(r.compiled, new URL(url).pathname));
    return rule ? { product: rule.product, version: rule.version } : {};
  };
  const rows = rebuild ? [] : await db.select().from(websitePages).where(eq(websitePages.source, source));
  // A page whose document is gone (deleted by hand, or never stored) is fetched in full again.
  const storedUrls = new Set(stored.map((d) => d.path));
  const previous = new Map<string, PageState>(
    rows.filter((r) => storedUrls.has(r.url)).map((r) => [r.url, { etag: r.etag, lastModified: r.lastModified, contentHash: r.contentHash, ...(r.links ? { links: r.links } : {}) }]),
  );
  const result: CrawlResult = await crawlWebsite(
    { ...crawl, onProgress: (p) => progress({ phase: 'scan', done: p.done, total: p.total, path: p.url }) },
    previous,
    fetch ? { fetch } : {},
  );
  const documents = result.documents.map((page) => {
    const pageFacets = facetsOf(page.url);
    return {
      path: page.url,
      parsed: { ...page, ...(audience ? { audience } : {}), ...pageFacets },
      hash: crypto
        .createHash('sha256')
        .update(page.contentHash)
        .update(`\0${audience ?? ''}\0${JSON.stringify(pageFacets)}\0${CHUNKER_VERSION}\0${embedderId}`)
        .digest('hex'),
      sourceUrl: page.url,
    };
  });
  const removed = new Set(result.removed);
  // When the crawl could not see the whole site (a sitemap failed, the page limit), nothing else is pruned.
  const kept = result.complete ? [] : stored.map((d) => d.path).filter((url) => !removed.has(url));
  const present = new Set([...documents.map((d) => d.path), ...result.unchanged, ...result.broken.map((b) => b.url), ...kept]);
  const errors = result.broken.map((b) => ({ path: b.url, message: b.reason }));
  // robots.txt and sitemaps that failed are problems of the run, not pages.
  const brokenPages = result.broken.filter((b) => !/\/robots\.txt$/.test(b.url) && !b.reason.startsWith('sitemap:')).length;
  const count = documents.length + result.unchanged.length + brokenPages;
  return { documents, present, count, errors, pageState: result.state, unchanged: result.unchanged.length };
}
