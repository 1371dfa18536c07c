/**
 * npm run ingest -- [--dir content/articles] [--path de] [--source NAME] [--json]
 * npm run ingest -- --site URL | --sitemap URL [--include PATTERN]... [--exclude PATTERN]... [--delay MS]
 * Brings the index in sync with a folder of markdown, HTML, text and PDF files: new and changed
 * files are (re)embedded, deleted ones pruned, all in one transaction. Broken files are reported
 * with their path and skipped. --path limits the run to one folder or file inside --dir.
 * While another ingest runs on the same database (the app's start-up sync, a console job,
 * another CLI), it is refused: the message names the other run, and the exit code is 1.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { createEmbedder } from '@/lib/ai/models';
import { getConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { runIngest, type WebsiteSource } from '@/lib/rag/ingest/run';
import { parseWebUrl } from '@/lib/rag/ingest/website';
import { resolveIngestScope } from '@/lib/rag/ingest/scope';
import { runCli } from './cli';

const USAGE = `Usage: npm run ingest -- [--dir content/articles] [--path de] [--source NAME] [--json]
       npm run ingest -- --site URL | --sitemap URL [--include PATTERN]... [--exclude PATTERN]... [--delay MS] [--source NAME] [--json]

Brings the index in sync with a folder of markdown, HTML, text and PDF files: new and changed
files are (re)embedded, deleted ones pruned, in one transaction; broken files are reported and
skipped (exit code 2). --path limits the run to one folder or file inside --dir. Refused while
another ingest runs on the same database. On the embedded database, stop the app first.

With --site (a start URL: its links are followed) or --sitemap, a website is the source: pages
robots.txt disallows are never fetched; --include/--exclude take path patterns such as
"/help/**"; --delay is the pause between requests (default 500 ms). Later runs fetch only what
changed (ETag, Last-Modified) and prune pages the site no longer has; citations link to the page.`;

export const DEFAULT_CONTENT_DIR = 'content/articles';

runCli(async () => {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' }, path: { type: 'string' }, source: { type: 'string' }, json: { type: 'boolean' },
      site: { type: 'string' }, sitemap: { type: 'string' }, include: { type: 'string', multiple: true }, exclude: { type: 'string', multiple: true }, delay: { type: 'string' },
    },
  });
  const website = websiteOptions(values);
  if (website && (values.dir !== undefined || values.path !== undefined)) throw new Error('--site/--sitemap and --dir/--path are two kinds of source: give one');
  const dir = website ? undefined : (values.dir ?? DEFAULT_CONTENT_DIR);
  const scope = values.path === undefined || !dir ? undefined : await resolveIngestScope(dir, values.path);
  if (scope && !scope.ok) throw new Error(scope.message);
  const config = getConfig();
  const database = await openConfiguredDatabase(config);
  const showBar = process.stderr.isTTY && !values.json;
  const bar = new SingleBar({ format: '{phase} [{bar}] {value}/{total} {file}', hideCursor: true, stream: process.stderr });
  let phase = '';
  try {
    const result = await runIngest(database.db, {
      holder: `cli:${os.hostname()}:${process.pid}`,
      ...(website ? { website } : { dir }),
      scope: scope?.scope,
      source: values.source,
      embedder: createEmbedder(config.model),
      onProgress: (p) => {
        if (p.phase === 'done') return;
        if (!showBar) {
          if (p.phase !== phase) console.error(`${p.phase}…`);
        } else if (p.phase !== phase) {
          if (phase) bar.stop();
          bar.start(p.total, p.done, { phase: p.phase.padEnd(5), file: p.path ?? '' });
        } else {
          bar.update(p.done, { file: p.path ?? '' });
        }
        phase = p.phase;
      },
    });
    if (showBar && phase) bar.stop();
    if (values.json) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      const s = result.stats;
      console.log(
        `Ingested ${result.source}${result.scope ? `/${result.scope}` : ''} in ${(result.durationMs / 1000).toFixed(1)} s: ${s.files} ${website ? 'pages' : 'files'} — ${s.added} added, ` +
          `${s.updated} updated, ${s.unchanged} unchanged, ${s.deleted} deleted, ${s.failed} failed; ` +
          `${s.chunksWritten} chunks written, ${s.chunksDeleted} removed (model ${s.embeddingModel}).`,
      );
      for (const e of result.errors) console.log(`  ✗ ${e.path}: ${e.message}`);
    }
    if (result.errors.length > 0) process.exitCode = 2;
  } finally {
    if (showBar) bar.stop();
    await database.close();
  }
}, { usage: USAGE });

/** The website source the flags describe, or none (a folder). */
function websiteOptions(values: { site?: string; sitemap?: string; include?: string[]; exclude?: string[]; delay?: string }): WebsiteSource | undefined {
  if (values.site === undefined && values.sitemap === undefined) {
    if (values.include || values.exclude || values.delay) throw new Error('--include, --exclude and --delay apply to a website (--site or --sitemap)');
    return undefined;
  }
  if (values.site !== undefined && values.sitemap !== undefined) throw new Error('give --site or --sitemap, not both');
  const delayMs = values.delay === undefined ? undefined : Number(values.delay);
  if (delayMs !== undefined && !(Number.isInteger(delayMs) && delayMs >= 0 && delayMs <= 60_000)) throw new Error('--delay is a number of milliseconds, 0–60000');
  for (const url of [values.site, values.sitemap]) if (url !== undefined && !parseWebUrl(url)) throw new Error(`not an http(s) address: ${url}`);
  return {
    ...(values.site ? { startUrl: values.site } : { sitemapUrl: values.sitemap! }),
    ...(values.include ? { include: values.include } : {}),
    ...(values.exclude ? { exclude: values.exclude } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
  };
}
