/**
 * npm run ingest -- [--dir content/articles] [--path de] [--source NAME] [--json]
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
import { runIngest } from '@/lib/rag/ingest/run';
import { resolveIngestScope } from '@/lib/rag/ingest/scope';
import { runCli } from './cli';

const USAGE = `Usage: npm run ingest -- [--dir content/articles] [--path de] [--source NAME] [--json]

Brings the index in sync with a folder of markdown, HTML, text and PDF files: new and changed
files are (re)embedded, deleted ones pruned, in one transaction; broken files are reported and
skipped (exit code 2). --path limits the run to one folder or file inside --dir. Refused while
another ingest runs on the same database. On the embedded database, stop the app first.`;

export const DEFAULT_CONTENT_DIR = 'content/articles';

runCli(async () => {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, path: { type: 'string' }, source: { type: 'string' }, json: { type: 'boolean' } } });
  const dir = values.dir ?? DEFAULT_CONTENT_DIR;
  const scope = values.path === undefined ? undefined : await resolveIngestScope(dir, values.path);
  if (scope && !scope.ok) throw new Error(scope.message);
  const config = getConfig();
  const database = await openConfiguredDatabase(config);
  const showBar = process.stderr.isTTY && !values.json;
  const bar = new SingleBar({ format: '{phase} [{bar}] {value}/{total} {file}', hideCursor: true, stream: process.stderr });
  let phase = '';
  try {
    const result = await runIngest(database.db, {
      holder: `cli:${os.hostname()}:${process.pid}`,
      dir,
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
        `Ingested ${result.source}${result.scope ? `/${result.scope}` : ''} in ${(result.durationMs / 1000).toFixed(1)} s: ${s.files} files — ${s.added} added, ` +
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
