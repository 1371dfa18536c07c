/**
 * npm run search -- "query" [--lang de] [--k 10] [--method hybrid+rerank] [--internal] [--json]
 * Searches the configured database the way the help site does and prints the ranked passages.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createEmbedder, createReranker } from '@/lib/ai/models';
import { getConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { searchChunks } from '@/lib/rag/search';
import { runCli } from './cli';

const USAGE = `Usage: npm run search -- "query" [--lang de] [--k 10] [--method fts|vector|hybrid|hybrid+rerank] [--internal] [--json]

Searches the configured database the way the help site does and prints the ranked passages.`;

const argsSchema = z.object({
  query: z.string().trim().min(1, { message: 'give a query: npm run search -- "how do I restart my modem"' }),
  lang: z.enum(['en', 'de', 'fr', 'it']).optional(),
  k: z.coerce.number().int().min(1).max(40).default(10),
  method: z.enum(['fts', 'vector', 'hybrid', 'hybrid+rerank']).default('hybrid+rerank'),
  internal: z.boolean().default(false),
  json: z.boolean().default(false),
});

runCli(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lang: { type: 'string' }, k: { type: 'string' }, method: { type: 'string' }, internal: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  const args = argsSchema.parse({ ...values, query: positionals.join(' ') });
  const config = getConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const lang = args.lang ?? detectLanguage(args.query);
    const started = performance.now();
    const hits = await searchChunks(
      { db: database.db, embedder: createEmbedder(config.model), reranker: createReranker() },
      { query: args.query, lang, k: args.k, method: args.method, audience: args.internal ? 'all' : 'public', weights: config.search },
    );
    const ms = performance.now() - started;
    if (args.json) {
      console.log(JSON.stringify({ query: args.query, lang: lang ?? null, ms, hits }, null, 2));
      return;
    }
    console.log(`${hits.length} results for "${args.query}" (${lang ?? 'language unknown'}, ${args.method}, ${ms.toFixed(1)} ms)\n`);
    hits.forEach((h, i) => {
      const r = h.ranks;
      console.log(`${String(i + 1).padStart(2)}. ${h.title}${h.headingPath ? ` › ${h.headingPath}` : ''}  [${h.lang}${h.version ? `, ${h.version}` : ''}]`);
      console.log(`    /articles/${h.slug}${h.anchor ? `#${h.anchor}` : ''}  score ${h.score.toFixed(4)}  ranks v:${r.vector ?? '-'} f:${r.fts ?? '-'} s:${r.simple ?? '-'} fused:${r.fused}`);
      console.log(`    ${h.content.replace(/\s+/g, ' ').slice(0, 160)}…`);
    });
  } finally {
    await database.close();
  }
}, { usage: USAGE });
