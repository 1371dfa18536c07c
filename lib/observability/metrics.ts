import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The app's Prometheus metrics, one registry per process (kept on globalThis so Next's module
 * reloading in development does not register them twice). Each instance is scraped on its own
 * (GET /api/metrics); Prometheus sums across instances.
 */
function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lantern_' });
  const seconds = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({ name: 'lantern_http_requests_total', help: 'API requests handled, by route and status.', labelNames: ['route', 'status'], registers: [registry] }),
    httpDuration: new Histogram({ name: 'lantern_http_request_duration_seconds', help: 'API request duration until the response starts.', labelNames: ['route'], buckets: seconds, registers: [registry] }),
    apiErrors: new Counter({ name: 'lantern_api_errors_total', help: 'JSON errors returned, by code.', labelNames: ['code', 'status'], registers: [registry] }),
    answers: new Counter({ name: 'lantern_chat_answers_total', help: 'Chat answers, by outcome and language.', labelNames: ['outcome', 'lang'], registers: [registry] }),
    ttft: new Histogram({ name: 'lantern_chat_ttft_seconds', help: 'Time to the first streamed token of a chat answer.', buckets: seconds, registers: [registry] }),
    answerDuration: new Histogram({ name: 'lantern_chat_answer_seconds', help: 'Time to the end of a chat answer.', buckets: seconds, registers: [registry] }),
    tokens: new Counter({ name: 'lantern_chat_tokens_total', help: 'Model tokens used by chat answers.', labelNames: ['direction'], registers: [registry] }),
    cost: new Counter({ name: 'lantern_chat_cost_usd_total', help: 'Estimated model cost of chat answers (USD).', registers: [registry] }),
    retrieval: new Histogram({ name: 'lantern_search_seconds', help: 'Help-center search requests (retrieval + rerank).', buckets: seconds, registers: [registry] }),
    ingestProgress: new Gauge({ name: 'lantern_ingest_progress_ratio', help: 'Progress of the running ingest job (0–1; 1 when none runs).', registers: [registry] }),
  };
}

export type Metrics = ReturnType<typeof create>;

const KEY = Symbol.for('lantern.metrics');
type Holder = { [KEY]?: Metrics };

export function metrics(): Metrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= create();
  return holder[KEY];
}

/** Records one finished chat answer. */
export function recordAnswer(answer: { outcome: string; lang: string; ttftMs: number | null; totalMs: number; tokensIn: number; tokensOut: number; costUsd: number }): void {
  const m = metrics();
  m.answers.inc({ outcome: answer.outcome, lang: answer.lang });
  if (answer.ttftMs !== null) m.ttft.observe(answer.ttftMs / 1000);
  m.answerDuration.observe(answer.totalMs / 1000);
  m.tokens.inc({ direction: 'in' }, answer.tokensIn);
  m.tokens.inc({ direction: 'out' }, answer.tokensOut);
  m.cost.inc(answer.costUsd);
}
