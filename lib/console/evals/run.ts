import fs from 'node:fs';
import path from 'node:path';
import { localAccountModel } from '@/lib/actions/account-model';
import { createChatModel, createEmbedder, createReranker } from '@/lib/ai/models';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { countKnowledge } from '@/lib/db/queries/documents';
import { evalRuns } from '@/lib/db/schema';
import { modelRecogniser } from '@/lib/eval/action-model';
import { computeActionMetrics, DEMO_CATALOG, evaluateActions, loadActionItems, type ActionResult, type Recogniser } from '@/lib/eval/actions';
import { answerMetricsByLanguage, computeAnswerMetrics, type AnswerResult } from '@/lib/eval/answer-metrics';
import { evaluateAnswers, GOLDEN_OFF, scoredAnswer, type AnsweredItem } from '@/lib/eval/answers';
import { judgeAnswer } from '@/lib/eval/judge';
import { metricsByLanguage, type QuestionResult } from '@/lib/eval/metrics';
import { createPacer } from '@/lib/console/jobs/pace';
import { loadQa } from '@/lib/eval/qa';
import { evaluateRetrieval } from '@/lib/eval/retrieval';

/**
 * The evaluations the console runs as jobs, built from the same functions as `npm run eval`
 * (scripts/eval.ts) and stored in eval_runs in the same shapes, so runs from either place chart
 * and compare together.
 */

export const EVAL_TYPES = ['retrieval', 'answers', 'actions'] as const;
export type EvalType = (typeof EVAL_TYPES)[number];

export type EvalProgress = (progress: { phase: string; done: number; total: number; errors: number }) => void;
export type EvalRunSummary = { runId: number; kind: EvalType; questions: number; headline: Record<string, number | null> };

export const DEFAULT_QA_PATH = path.join('content', 'golden');
export const DEFAULT_ACTIONS_PATH = path.join('content', 'golden', 'actions.jsonl');

async function requireIndex(db: Db): Promise<void> {
  const { chunks } = await countKnowledge(db);
  if (chunks === 0) throw new Error('The index is empty: re-ingest the knowledge base first.');
}

function requireFile(file: string, what: string): void {
  if (!fs.existsSync(file)) throw new Error(`No ${what} at ${path.resolve(file)}: the evaluation reads it from the app's working directory.`);
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Hybrid search + rerank on the golden set, as `npm run eval` does by default. */
export async function runRetrievalEvaluation(
  db: Db,
  { config, qaPath = DEFAULT_QA_PATH, onProgress }: { config: Config; qaPath?: string; onProgress?: EvalProgress },
): Promise<EvalRunSummary> {
  requireFile(qaPath, 'golden question set');
  const items = loadQa(qaPath);
  await requireIndex(db);
  const embedder = createEmbedder(config.model);
  const method = 'hybrid+rerank' as const;
  const deps = { db, embedder, reranker: createReranker() };
  const options = { method, depth: 20, weights: config.search, abstainBelow: config.retrievalMinScore };
  // One question at a time, paced, so the app stays responsive while the job runs.
  const pace = createPacer();
  const results: QuestionResult[] = [];
  for (const item of items) {
    results.push(...(await evaluateRetrieval(deps, [item], options)));
    onProgress?.({ phase: 'retrieval', done: results.length, total: items.length, errors: 0 });
    await pace();
  }
  const { overall, byLanguage } = metricsByLanguage(results);
  const evalConfig = {
    qa: qaPath, corpus: null, methods: [method], method, embeddingModel: embedder.id, weights: config.search,
    questions: items.length, source: 'console',
  };
  const [row] = await db
    .insert(evalRuns)
    .values({ kind: 'retrieval', config: evalConfig, metrics: { overall, byLanguage }, results })
    .returning({ id: evalRuns.id });
  return {
    runId: row!.id,
    kind: 'retrieval',
    questions: items.length,
    headline: { mrrAt10: finite(overall.mrrAt10), hitAt1: finite(overall.hitAt[1]), hitAt5: finite(overall.hitAt[5]), ndcgAt10: finite(overall.ndcgAt10) },
  };
}

/**
 * The chat's answer pipeline on every golden question, golden answers off unless asked (so the
 * figures measure retrieval and generation); with `judge` (needs an OpenAI-compatible model)
 * an LLM judge scores correctness too.
 */
export async function runAnswerEvaluation(
  db: Db,
  {
    config,
    qaPath = DEFAULT_QA_PATH,
    withGolden = false,
    judge = false,
    onProgress,
  }: { config: Config; qaPath?: string; withGolden?: boolean; judge?: boolean; onProgress?: EvalProgress },
): Promise<EvalRunSummary> {
  if (judge && config.model.provider !== 'openai') throw new Error('The LLM judge needs an OpenAI-compatible model: set OPENAI_BASE_URL (a local server) or OPENAI_API_KEY.');
  requireFile(qaPath, 'golden question set');
  const items = loadQa(qaPath);
  await requireIndex(db);
  const off = withGolden ? {} : GOLDEN_OFF;
  const deps = await createAnswerDeps(db, config, off);
  let errors = 0;
  // One question at a time, so "errors so far" (model failures) is live, and paced.
  const pace = createPacer();
  const answered: AnsweredItem[] = [];
  for (const item of items) {
    const [one] = await evaluateAnswers(deps, [item]);
    answered.push(one!);
    if (one!.result.outcome === 'error') errors++;
    onProgress?.({ phase: 'answers', done: answered.length, total: items.length, errors });
    await pace();
  }
  const results: AnswerResult[] = answered.map(scoredAnswer);
  const judged: { id: string; score: number | null; reason: string }[] = [];
  if (judge) {
    const judgeModel = createChatModel(config.model).model;
    const toJudge = answered.filter(({ item, result }) => item.answer && item.source_ids.length > 0 && result.outcome === 'answered');
    for (const [i, { item, result }] of toJudge.entries()) {
      try {
        const verdict = await judgeAnswer({ model: judgeModel, question: item.question, expectedAnswer: item.answer!, answer: result.text, lang: result.lang });
        judged.push({ id: item.id, ...verdict });
      } catch (error) {
        errors++;
        judged.push({ id: item.id, score: null, reason: `The judge failed: ${error instanceof Error ? error.message : String(error)}` });
      }
      onProgress?.({ phase: 'judge', done: i + 1, total: toJudge.length, errors });
    }
  }
  const scored = judged.filter((j) => j.score !== null);
  const judgeScore = scored.length ? scored.reduce((sum, j) => sum + (j.score ?? 0), 0) / scored.length : null;
  const overall = computeAnswerMetrics(results);
  const byLanguage = answerMetricsByLanguage(results);
  const outcomes = Object.fromEntries([...new Set(results.map((r) => r.outcome))].map((k) => [k, results.filter((r) => r.outcome === k).length]));
  const evalConfig = {
    qa: qaPath, questions: items.length, model: deps.generator.id, embeddingModel: deps.embedder.id, golden: withGolden, judge,
    localMinCoverage: config.chat.localMinCoverage, source: 'console',
  };
  const [row] = await db
    .insert(evalRuns)
    .values({
      kind: 'answers',
      config: evalConfig,
      metrics: { overall, byLanguage, outcomes, judgeScore },
      results: results.map((r, i) => ({ ...r, judge: judged.find((j) => j.id === r.id) ?? null, trace: answered[i]!.result.retrieved.slice(0, 5) })),
    })
    .returning({ id: evalRuns.id });
  return {
    runId: row!.id,
    kind: 'answers',
    questions: items.length,
    headline: {
      keyFactAccuracy: overall.keyFactAccuracy,
      confidentlyWrong: overall.confidentlyWrong,
      citationMatch: overall.citationMatch,
      abstentionCorrect: overall.abstentionCorrect,
      falseAbstention: overall.falseAbstention,
      tokenOverlapF1: overall.tokenOverlapF1,
      judgeScore,
    },
  };
}

export type StoredActionResult = {
  id: string;
  lang: string;
  kind: string;
  request: string;
  expected: ActionResult['item']['expected'];
  actual: ActionResult['actual'];
  toolCorrect: boolean;
  argsCorrect: boolean | null;
  mismatches: string[];
  error: string | null;
};

/** Tool selection and arguments on the account-actions set, through the chat's language model. */
export async function runActionEvaluation(
  db: Db,
  { config, file = DEFAULT_ACTIONS_PATH, onProgress }: { config: Config; file?: string; onProgress?: EvalProgress },
): Promise<EvalRunSummary> {
  requireFile(file, 'account-actions set');
  const items = loadActionItems(file);
  const llm = config.model.provider === 'openai' ? createChatModel(config.model) : null;
  // The built-in model reads each item at its own fixed "now" (relative dates stay comparable).
  const inner = modelRecogniser((item) => (llm ? llm.model : localAccountModel({ catalog: [...DEMO_CATALOG], now: new Date(item.now) }).model));
  let done = 0;
  let errors = 0;
  const pace = createPacer();
  const recognise: Recogniser = async (item) => {
    try {
      return await inner(item);
    } catch (error) {
      errors++;
      throw error;
    } finally {
      done++;
      onProgress?.({ phase: 'actions', done, total: items.length, errors });
      await pace();
    }
  };
  const results = await evaluateActions(items, recognise);
  const report = computeActionMetrics(results);
  const stored: StoredActionResult[] = results.map((r) => ({
    id: r.item.id,
    lang: r.item.lang,
    kind: r.item.kind,
    request: r.item.request,
    expected: r.item.expected,
    actual: r.actual,
    toolCorrect: r.toolCorrect,
    argsCorrect: r.argsCorrect,
    mismatches: r.mismatches,
    error: r.error ?? null,
  }));
  const evalConfig = { file, items: items.length, model: llm?.id ?? 'local:lantern-extractive-v1', source: 'console' };
  const [row] = await db
    .insert(evalRuns)
    .values({ kind: 'actions', config: evalConfig, metrics: { overall: report.overall, byLanguage: report.byLanguage, byKind: report.byKind }, results: stored })
    .returning({ id: evalRuns.id });
  return {
    runId: row!.id,
    kind: 'actions',
    questions: items.length,
    headline: {
      toolSelection: report.overall.toolSelection,
      argumentAccuracy: report.overall.argumentAccuracy,
      correctRefusalRate: report.overall.correctRefusalRate,
    },
  };
}
