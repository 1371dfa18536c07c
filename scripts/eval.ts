/**
 * npm run eval -- [--corpus DIR] [--qa FILE.jsonl|DIR] [--k 10] [--json] [--run OUT.jsonl]
 *                 [--compare fts,vector,hybrid,hybrid+rerank]
 * Without --corpus: evaluates the golden set (content/golden) against the configured database.
 * With --corpus: ingests that folder into a throwaway in-memory database first.
 *
 * npm run eval -- --actions [--qa content/golden/actions.jsonl]
 * Scores the account tools' selection and arguments on the instruction set, through the chat's
 * language model (the built-in one, or the configured LLM) and the AI SDK's tool validation.
 *
 * npm run eval -- --dialogs [--qa content/golden/dialogs.jsonl] [--corpus DIR] [--json] [--run OUT.jsonl]
 * Runs multi-turn dialogs through the real chat turn (dialog state, held conversations, account
 * tools) on a throwaway database seeded with the demo accounts, customers, golden answers and the
 * articles (--corpus, default CONTENT_DIR), and checks every turn (--run writes what each turn did). Without --corpus the run is
 * stored in the configured database for the console.
 *
 * npm run eval -- --answers [--with-golden] [--judge] [--run OUT.jsonl]
 * Runs the chat's answer pipeline on every question and scores the replies: key facts stated
 * (accuracy, confidently wrong), answer language, citation validity and match, abstention, token
 * overlap with the expert answer; a clarifying question is answered with the customer's version
 * and the answer after it is scored. --run writes each question's answer and missing facts. With --judge
 * (needs OPENAI_API_KEY) an LLM judge scores correctness too. Golden answers are switched off
 * unless --with-golden, so the figures measure retrieval and generation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createEmbedder, createReranker } from '@/lib/ai/models';
import { getConfig } from '@/lib/config';
import { openConfiguredDatabase } from '@/lib/db';
import { openPglite } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { countKnowledge } from '@/lib/db/queries/documents';
import { evalRuns } from '@/lib/db/schema';
import { metricsByLanguage, type QuestionResult } from '@/lib/eval/metrics';
import { loadQa } from '@/lib/eval/qa';
import { formatByLanguage, formatComparison } from '@/lib/eval/report';
import { evaluateRetrieval } from '@/lib/eval/retrieval';
import { runIngest } from '@/lib/rag/ingest/run';
import type { SearchMethod } from '@/lib/rag/search';
import { runCli } from './cli';
import { dialogProgress, progressBar } from './progress';
import { createChatModel } from '@/lib/ai/models';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import type { Db } from '@/lib/db/client';
import { answerMetricsByLanguage, computeAnswerMetrics, formatAnswerReport } from '@/lib/eval/answer-metrics';
import { evaluateAnswers, GOLDEN_OFF, scoredAnswer } from '@/lib/eval/answers';
import { judgeAnswer } from '@/lib/eval/judge';
import { computeActionMetrics, DEMO_CATALOG, evaluateActions, formatActionReport, loadActionItems } from '@/lib/eval/actions';
import { modelRecogniser } from '@/lib/eval/action-model';
import { EXAMPLE_CONNECTOR_CASES, exampleConnectorRegistry } from '@/lib/eval/connector-actions';
import { localAccountModel } from '@/lib/actions/account-model';
import type { QaItem } from '@/lib/eval/qa';
import { dialogMetrics, formatDialogReport, loadDialogs } from '@/lib/eval/dialogs';
import { runDialogsOnDemoData } from '@/lib/eval/dialog-run';

const USAGE = `Usage: npm run eval -- [--corpus DIR] [--qa FILE.jsonl|DIR] [--k 10] [--json] [--run OUT.jsonl] [--compare fts,vector,hybrid,hybrid+rerank]
       npm run eval -- --answers [--with-golden] [--judge] [--run OUT.jsonl]
       npm run eval -- --actions [--qa content/golden/actions.jsonl]
       npm run eval -- --dialogs [--qa content/golden/dialogs.jsonl] [--corpus DIR] [--json] [--run OUT.jsonl]

Retrieval (default), answer, action and dialog evaluations; see the README's sections on each.`;

const METHODS = ['fts', 'vector', 'hybrid', 'hybrid+rerank'] as const;
const argsSchema = z.object({
  corpus: z.string().optional(),
  qa: z.string().optional(),
  k: z.coerce.number().int().min(1).max(40).default(10),
  json: z.boolean().default(false),
  run: z.string().optional(),
  answers: z.boolean().default(false),
  actions: z.boolean().default(false),
  dialogs: z.boolean().default(false),
  withGolden: z.boolean().default(false),
  judge: z.boolean().default(false),
  compare: z
    .string()
    .transform((s) => s.split(',').map((m) => m.trim()))
    .pipe(z.array(z.enum(METHODS, { message: `--compare takes a comma list of ${METHODS.join(', ')}` })).min(1))
    .optional(),
});


runCli(async () => {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' }, qa: { type: 'string' }, k: { type: 'string' }, json: { type: 'boolean' },
      run: { type: 'string' }, compare: { type: 'string' },
      answers: { type: 'boolean' }, 'with-golden': { type: 'boolean' }, judge: { type: 'boolean' }, actions: { type: 'boolean' }, dialogs: { type: 'boolean' },
    },
  });
  const args = argsSchema.parse({ ...values, withGolden: values['with-golden'] });
  const config = getConfig();
  const interactive = process.stderr.isTTY && !args.json;
  if (args.actions) {
    await runActionEval({ file: args.qa ?? path.join('content', 'golden', 'actions.jsonl'), json: args.json });
    return;
  }
  if (args.dialogs) {
    await runDialogEval({ file: args.qa ?? path.join('content', 'golden', 'dialogs.jsonl'), corpus: args.corpus, json: args.json, run: args.run, interactive });
    return;
  }
  const qaPath = args.qa ?? (args.corpus ? path.join(args.corpus, '..', 'qa.jsonl') : path.join('content', 'golden'));
  if (!fs.existsSync(qaPath)) throw new Error(`No QA file at ${qaPath} (use --qa)`);
  const items = loadQa(qaPath);
  const embedder = createEmbedder(config.model);
  const reranker = createReranker();

  const database = args.corpus ? await openPglite() : await openConfiguredDatabase(config);
  try {
    if (args.corpus) {
      await migrateDatabase(database);
      const bar = progressBar('ingest', interactive);
      const ingest = await runIngest(database.db, { dir: args.corpus, source: 'eval-corpus', embedder, onProgress: (p) => p.phase === 'embed' && bar.update(p.done, p.total) });
      bar.stop();
      if (!args.json) console.error(`Ingested ${ingest.stats.added} documents (${ingest.stats.chunksWritten} chunks) in ${(ingest.durationMs / 1000).toFixed(1)} s; ${ingest.stats.failed} failed.`);
    }
    const { chunks: indexed } = await countKnowledge(database.db);
    if (indexed === 0) throw new Error('The index is empty: run `npm run ingest` first (or pass --corpus DIR).');
    if (args.answers) {
      await runAnswerEval({ db: database.db, items, qaPath, store: !args.corpus, json: args.json, withGolden: args.withGolden, judge: args.judge, interactive, run: args.run });
      return;
    }
    const methods: SearchMethod[] = args.compare ?? ['hybrid+rerank'];
    const runs: { method: SearchMethod; results: QuestionResult[] }[] = [];
    for (const method of methods) {
      const bar = progressBar(method.padEnd(13), interactive);
      const results = await evaluateRetrieval({ db: database.db, embedder, reranker }, items, { method, depth: 20, weights: config.search, abstainBelow: method === 'hybrid+rerank' ? config.retrievalMinScore : undefined, onProgress: bar.update });
      bar.stop();
      runs.push({ method, results });
    }

    const summaries = runs.map((r) => ({ method: r.method, ...metricsByLanguage(r.results) }));
    const evalConfig = { qa: qaPath, corpus: args.corpus ?? null, methods, embeddingModel: embedder.id, weights: config.search, questions: items.length };
    if (!args.corpus) {
      await database.db.insert(evalRuns).values(
        summaries.map((s, i) => ({ kind: 'retrieval', config: { ...evalConfig, method: s.method }, metrics: { overall: s.overall, byLanguage: s.byLanguage }, results: runs[i]!.results })),
      );
    }
    if (args.run) {
      const best = runs.at(-1)!;
      fs.writeFileSync(args.run, best.results.map((r) => JSON.stringify({ id: r.id, ranked_ids: r.rankedIds })).join('\n') + '\n');
    }
    if (args.json) {
      console.log(JSON.stringify({ config: evalConfig, methods: summaries.map((s) => ({ method: s.method, overall: s.overall, byLanguage: s.byLanguage })) }, null, 2));
      return;
    }
    console.log(`\n${items.length} questions from ${qaPath}; embedding model ${embedder.id}\n`);
    console.log(formatComparison(summaries.map((s) => ({ method: s.method, metrics: s.overall }))));
    const last = summaries.at(-1)!;
    if (Object.keys(last.byLanguage).length > 1) {
      console.log(`\nBy language (${last.method}):\n`);
      console.log(formatByLanguage(last.overall, last.byLanguage));
    }
  } finally {
    await database.close();
  }
}, { usage: USAGE });

async function runAnswerEval(o: {
  db: Db;
  items: QaItem[];
  qaPath: string;
  store: boolean;
  json: boolean;
  withGolden: boolean;
  judge: boolean;
  interactive: boolean;
  run?: string;
}) {
  const config = getConfig();
  if (o.judge && config.model.provider !== 'openai') throw new Error('--judge needs an OpenAI-compatible model: set OPENAI_BASE_URL (a local server) or OPENAI_API_KEY.');
  const off = o.withGolden ? {} : GOLDEN_OFF;
  const deps = await createAnswerDeps(o.db, config, off);
  const bar = progressBar('answers'.padEnd(13), o.interactive);
  const answered = await evaluateAnswers(deps, o.items, { onProgress: bar.update });
  bar.stop();
  const results = answered.map(scoredAnswer);
  if (o.run) {
    fs.writeFileSync(o.run, results.map((r, i) => JSON.stringify({ id: r.id, lang: r.lang, question: answered[i]!.item.question, clarifiedWith: r.clarifiedWith, outcome: r.outcome, text: r.text, cited: r.citedDocumentIds, expected: r.expectedSourceIds, facts: r.facts, missingFacts: r.missingFacts, retrieved: retrievedDocuments(answered[i]!.result.retrieved) })).join('\n') + '\n');
  }
  const judged: { id: string; score: number | null; reason: string }[] = [];
  if (o.judge) {
    const judgeModel = createChatModel(config.model).model;
    for (const { item, result } of answered) {
      if (!item.answer || item.source_ids.length === 0 || result.outcome !== 'answered') continue;
      const verdict = await judgeAnswer({ model: judgeModel, question: item.question, expectedAnswer: item.answer, answer: result.text, lang: result.lang });
      judged.push({ id: item.id, ...verdict });
    }
  }
  const scored = judged.filter((j) => j.score !== null);
  const judgeScore = scored.length ? scored.reduce((sum, j) => sum + (j.score ?? 0), 0) / scored.length : null;
  const overall = computeAnswerMetrics(results);
  const byLanguage = answerMetricsByLanguage(results);
  const outcomes = Object.fromEntries([...new Set(results.map((r) => r.outcome))].map((k) => [k, results.filter((r) => r.outcome === k).length]));
  const evalConfig = { qa: o.qaPath, questions: o.items.length, model: deps.generator.id, embeddingModel: deps.embedder.id, golden: o.withGolden, judge: o.judge, localMinCoverage: config.chat.localMinCoverage };
  if (o.store) {
    await o.db.insert(evalRuns).values({ kind: 'answers', config: evalConfig, metrics: { overall, byLanguage, outcomes, judgeScore }, results: results.map((r, i) => ({ ...r, judge: judged.find((j) => j.id === r.id) ?? null, trace: answered[i]!.result.retrieved.slice(0, 5) })) });
  }
  if (o.json) {
    console.log(JSON.stringify({ config: evalConfig, overall, byLanguage, outcomes, judgeScore }, null, 2));
    return;
  }
  console.log(`\n${o.items.length} questions from ${o.qaPath}; generator ${deps.generator.id}; golden answers ${o.withGolden ? 'on' : 'off'}\n`);
  console.log(formatAnswerReport(overall, byLanguage, {}));
  console.log(`\nOutcomes: ${Object.entries(outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const wrong = results.filter((r) => r.missingFacts && r.facts && r.missingFacts.length === r.facts.length);
  if (wrong.length > 0) console.log(`Confidently wrong (no fact stated): ${wrong.map((r) => r.id).join(', ')}`);
  if (o.judge) console.log(`LLM judge correctness: ${judgeScore === null ? 'n/a' : judgeScore.toFixed(3)} over ${scored.length} answers (${judged.length - scored.length} unparseable verdicts)`);
}

/** The dialogs' clock: relative dates in them ("Thursday") mean the same every run. */

async function runDialogEval({ file, corpus, json, run: runFile, interactive }: { file: string; corpus?: string; json: boolean; run?: string; interactive: boolean }) {
  const config = getConfig();
  const dialogs = loadDialogs(file);
  const bars = dialogProgress(interactive);
  const results = await runDialogsOnDemoData({ config, corpus: corpus ?? config.content.dir, dialogs }, bars);
  bars.stop();
  const metrics = dialogMetrics(results);
  if (runFile) fs.writeFileSync(runFile, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const evalConfig = { qa: file, items: dialogs.length, corpus: corpus ?? null, model: config.model.provider === 'openai' ? config.model.chatModel : 'local' };
  if (!corpus) {
    const stored = await openConfiguredDatabase(config);
    try {
      // `overall` and `byLanguage` in the shape the console's charts read (lib/console/evals/metrics.ts).
      const storedMetrics = { overall: { lastTurn: metrics.lastTurn, allTurns: metrics.allTurns }, byLanguage: metrics.byLanguage, byKind: metrics.byKind, byCheck: metrics.byCheck };
      await stored.db.insert(evalRuns).values({ kind: 'dialogs', config: evalConfig, metrics: storedMetrics, results });
    } finally {
      await stored.close();
    }
  }
  if (json) {
    console.log(JSON.stringify({ config: evalConfig, metrics }, null, 2));
    return;
  }
  console.log(`\n${dialogs.length} dialogs from ${file}; model ${evalConfig.model}\n`);
  console.log(formatDialogReport(metrics, results));
}

async function runActionEval({ file, json }: { file: string; json: boolean }) {
  const config = getConfig();
  const items = loadActionItems(file);
  const llm = config.model.provider === 'openai' ? createChatModel(config.model) : null;
  // The built-in model reads each item at its own fixed "now" (relative dates stay comparable).
  const recognise = modelRecogniser((item) =>
    llm ? llm.model : localAccountModel({ catalog: [...DEMO_CATALOG], now: new Date(item.now) }).model,
  );
  const results = await evaluateActions(items, recognise);
  const report = computeActionMetrics(results);

  // Connector tools, checked the same way: the example orders connectors beside the built-in tools, with their own cases.
  const registry = exampleConnectorRegistry();
  const connectorItems = loadActionItems(EXAMPLE_CONNECTOR_CASES, { tools: registry.connectors });
  const recogniseConnectors = modelRecogniser(
    (item) => (llm ? llm.model : localAccountModel({ catalog: [...DEMO_CATALOG], now: new Date(item.now), connectors: registry }).model),
    { connectors: registry.connectors },
  );
  const connectorReport = computeActionMetrics(await evaluateActions(connectorItems, recogniseConnectors));
  if (json) {
    console.log(JSON.stringify({ file, model: llm?.id ?? 'local', report, connectors: { file: EXAMPLE_CONNECTOR_CASES, report: connectorReport } }, null, 2));
    return;
  }
  console.log(`\n${items.length} requests from ${file}; model ${llm?.id ?? 'local:lantern-extractive-v1'}\n`);
  console.log(formatActionReport(report));
  console.log(`\nConnector tools (${registry.external.map((c) => c.name).join(', ')}, beside the built-in ones): ${connectorItems.length} requests from ${EXAMPLE_CONNECTOR_CASES}\n`);
  console.log(formatActionReport(connectorReport));
}

/** The articles retrieval ranked for a question, best first, each once (for the --run file). */
function retrievedDocuments(retrieved: { documentId: string; passed: boolean }[]): { id: string; passed: boolean }[] {
  const seen = new Map<string, boolean>();
  for (const hit of retrieved) seen.set(hit.documentId, (seen.get(hit.documentId) ?? false) || hit.passed);
  return [...seen].slice(0, 5).map(([id, passed]) => ({ id, passed }));
}
