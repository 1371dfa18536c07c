import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { Locale } from '@/lib/i18n/locales';
import { createAnswerDeps } from './answer-deps';
import { answerTurn } from './engine';

/**
 * Ordinary help questions, one per language: enough to run every step of an answer (language,
 * routing, the account rules, golden match, spelling, search, rerank, composing) whatever the
 * company's articles are about.
 */
const WARM_UP_QUESTIONS: Record<Locale, string> = {
  en: 'How do I change my password?',
  de: 'Wie kann ich meine Rechnung bezahlen?',
  fr: 'Combien coûte le changement d’abonnement ?',
  it: 'Come posso cambiare il mio indirizzo e-mail?',
};

/**
 * Answers one question per language before the server reports ready, and throws the answers
 * away (nothing is stored, no metric counted). The first answers of a fresh process pay one-off
 * costs — compiling, stemmers and caches filling, regular expressions compiled for their first
 * long text — which reached 250–900 ms per language on the 2-core dev machine: the first
 * customers after a deploy should not pay them. Built-in model only: with an LLM configured this
 * would spend tokens, and the model's own latency dwarfs these costs.
 */
export async function warmUpAnswers(db: Db, config: Config): Promise<{ ms: number; answers: number } | { error: string }> {
  if (config.model.provider !== 'local') return { ms: 0, answers: 0 };
  const started = performance.now();
  try {
    const deps = await createAnswerDeps(db, config);
    let answers = 0;
    for (const [lang, question] of Object.entries(WARM_UP_QUESTIONS) as [Locale, string][]) {
      await answerTurn(deps, { question, history: [], signedIn: false, locale: lang }, { text: () => {} });
      answers++;
    }
    return { ms: performance.now() - started, answers };
  } catch (error) {
    // Only a speed-up: a failure here must not stop the start (the chat reports its own errors).
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
