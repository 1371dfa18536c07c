import { answerTurn } from '@/lib/chat/engine';
import type { DialogState } from '@/lib/chat/dialog-state';
import type { AnswerDeps, AnswerResult } from '@/lib/rag/answer';
import { mentionedVersion } from '@/lib/rag/versions';
import { factsMissing, type AnswerResult as ScoredAnswer } from './answer-metrics';
import type { Fact } from '@/lib/domain/facts';
import { recognizeAccountRequest } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';
import type { Locale } from '@/lib/i18n/locales';
import { DEMO_CATALOG } from './actions';
import type { QaItem } from './qa';

export type AnsweredItem = {
  item: QaItem;
  result: AnswerResult;
  /** When the chat first asked which version: the option the customer picked and what it asked. */
  clarification?: { picked: string; question: string };
};

/**
 * Runs the chat's answer pipeline (exactly as the chat route does, minus storage) on each
 * evaluation question, follow-ups with their conversation history.
 */
export async function evaluateAnswers(
  deps: AnswerDeps,
  items: QaItem[],
  { onProgress }: { onProgress?: (done: number, total: number) => void } = {},
): Promise<AnsweredItem[]> {
  const out: AnsweredItem[] = [];
  for (const item of items) {
    const history = (item.history ?? []).map((turn) => ({ ...turn, lang: item.lang }));
    // As an anonymous visitor sees the chat: account requests to change something get the sign-in invitation.
    const account = { requestedTool: (question: string, lang: Locale) => recognizeAccountRequest(question, { lang, catalog: DEMO_CATALOG, now: new Date(), timeZone: businessTimeZone() })?.toolName ?? null };
    const first = await answerTurn(deps, { question: item.question, history, signedIn: false, account, dialog: dialogFrom(history, deps.termStats.versions) }, { text: () => {} });
    const picked = first.outcome === 'clarify' ? pickOption(first, item.source_ids) : null;
    if (picked) {
      // The customer answers the clarifying question, as in the chat: the answer after it is what is scored.
      const followUp = [...history, { role: 'user' as const, content: item.question, lang: item.lang }, { role: 'assistant' as const, content: first.text, lang: item.lang }];
      const result = await answerTurn(deps, { question: picked, history: followUp, signedIn: false, account, dialog: first.dialog }, { text: () => {} });
      out.push({ item, result, clarification: { picked, question: first.text } });
    } else {
      out.push({ item, result: first });
    }
    onProgress?.(out.length, items.length);
  }
  return out;
}

/**
 * The option a customer whose question is about the expected articles would pick: the one whose
 * article is expected, else the first (the facts of such items name every version's answer).
 */
function pickOption(result: AnswerResult, expected: string[]): string | null {
  const options = result.suggestions ?? [];
  const documents = result.clarifyDocuments ?? {};
  const version = (result.clarifyOptions ?? []).find((v) => expected.includes(documents[v] ?? ''));
  const index = version ? (result.clarifyOptions ?? []).indexOf(version) : 0;
  return options[index] ?? options[0] ?? null;
}

/**
 * The dialog state the chat would have stored after the item's history: its last question is the
 * topic. (The live chat stores it as it goes; an evaluation item only has the transcript.)
 */
function dialogFrom(history: { role: string; content: string; lang?: string }[], versions: string[]): DialogState {
  const question = history.findLast((t) => t.role === 'user');
  if (!question) return {};
  return { topic: { question: question.content, version: mentionedVersion(question.content, versions) ?? null, lang: question.lang ?? 'en' } };
}

/** Settings that switch golden answers off, so an evaluation measures retrieval and generation. */
export const GOLDEN_OFF = { goldenMatchThreshold: 2, goldenSourceThreshold: 2 } as const;

/** One answered question in the shape the answer metrics score. */
export function scoredAnswer({ item, result, clarification }: AnsweredItem): ScoredAnswer & { clarifiedWith?: string; missingFacts?: Fact[] | null } {
  const scored: ScoredAnswer = {
    id: item.id,
    lang: item.lang ?? result.lang,
    kind: typeof item.kind === 'string' ? item.kind : undefined,
    answerable: item.source_ids.length > 0,
    expectedSourceIds: item.source_ids,
    expectedAnswer: item.answer,
    ...(item.facts ? { facts: item.facts } : {}),
    outcome: result.outcome,
    text: result.text,
    citedDocumentIds: result.citations.map((c) => c.documentId),
    passedDocumentIds: result.passedDocumentIds,
    ttftMs: result.ttftMs ?? undefined,
    totalMs: result.totalMs,
  };
  return { ...scored, ...(clarification ? { clarifiedWith: clarification.picked } : {}), ...(item.facts ? { missingFacts: factsMissing(scored) } : {}) };
}
