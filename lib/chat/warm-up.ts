import { getConfig, type Config } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import type { Locale } from '@/lib/i18n/locales';
import { createAnswerDeps } from './answer-deps';
import { answerTurn } from './engine';
import { compileDateParsers } from '@/lib/i18n/date-parsers';

/**
 * Ordinary help questions, four per language, whatever the company's articles are about: a
 * how-to, a price, one with typos (the spelling correction's lookups) and one no help center
 * answers (the decline). Together they run every step of an answer (language, routing, the account
 * rules, golden match, spelling, search, rerank, composing, declining).
 */
const WARM_UP_QUESTIONS: Record<Locale, string[]> = {
  en: ['How do I change my password?', 'How much does it cost to cancel my contract?', 'my internt is not wroking since yesterday', 'Do you sell garden furniture?'],
  de: ['Wie kann ich meine Rechnung bezahlen?', 'Was kostet ein Umzug?', 'mein pasword funktionirt nicht mehr', 'Verkauft ihr Gartenmöbel?'],
  fr: ['Combien coûte le changement d’abonnement ?', 'Comment payer ma facture ?', 'je n’arive pas a me conecter', 'Vendez-vous des meubles de jardin ?'],
  it: ['Come posso cambiare il mio indirizzo e-mail?', 'Quanto costa disdire il contratto?', 'la mia pasword non funzona', 'Vendete mobili da giardino?'],
};

/**
 * Answers the questions before the server reports ready, and throws the answers away (nothing is
 * stored, no metric counted): the first customers after a deploy should not pay for a cold
 * process (250–900 ms per language for the very first answers). This runs in the startup hook's
 * copy of the modules; the routes have their own (Next bundles each), so what it fills must be
 * process-wide to reach them: the stemmer's, the reranker's and the answerer's caches are
 * (lib/runtime/process-map.ts). Built-in model only: with an LLM configured this would spend
 * tokens, and the model's own latency dwarfs these costs.
 */
export async function warmUpAnswers(db: Db, config: Config): Promise<{ ms: number; answers: number } | { error: string }> {
  if (config.model.provider !== 'local') return { ms: 0, answers: 0 };
  const started = performance.now();
  try {
    compileDateParsers();
    const deps = await createAnswerDeps(db, config);
    let answers = 0;
    for (const [lang, questions] of Object.entries(WARM_UP_QUESTIONS) as [Locale, string[]][]) {
      for (const question of questions) {
        await answerTurn(deps, { question, history: [], signedIn: false, locale: lang }, { text: () => {} });
        answers++;
      }
    }
    return { ms: performance.now() - started, answers };
  } catch (error) {
    // Only a speed-up: a failure here must not stop the start (the chat reports its own errors).
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

let routeCodeWarmUp: Promise<unknown> | undefined;

/**
 * The warm-up once more, in the routes' copy of the modules, before the first readiness check
 * says ready: the startup hook's run fills the process-wide caches, but V8 compiles (and
 * optimises) each copy of a function, and each copy of a regular expression, on its own, so the
 * chat route's first few dozen answers would still run cold code (TTFT p95 ~115 ms against ~85
 * warm). Module-level on purpose: once per module copy. Load balancers, orchestrators
 * and the test servers wait for readiness; nothing is stored.
 */
export function warmUpRouteCode(): Promise<unknown> {
  routeCodeWarmUp ??= getDatabase()
    .then(({ db }) => warmUpAnswers(db, getConfig()))
    .catch(() => undefined); // only a speed-up: readiness does not depend on it
  return routeCodeWarmUp;
}
