import { answerTurn } from '@/lib/chat/engine';
import type { DialogState } from '@/lib/chat/dialog-state';
import type { AnswerDeps, AnswerResult } from '@/lib/rag/answer';
import { mentionedVersion } from '@/lib/rag/versions';
import type { AnswerResult as ScoredAnswer } from './answer-metrics';
import { DEFAULT_TIME_ZONE, recognizeAccountRequest } from '@/lib/actions/intents';
import type { Locale } from '@/lib/i18n/locales';
import { DEMO_CATALOG } from './actions';
import type { QaItem } from './qa';

export type AnsweredItem = { item: QaItem; result: AnswerResult };

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
    const account = { requestedTool: (question: string, lang: Locale) => recognizeAccountRequest(question, { lang, catalog: DEMO_CATALOG, now: new Date(), timeZone: DEFAULT_TIME_ZONE })?.toolName ?? null };
    const result = await answerTurn(deps, { question: item.question, history, signedIn: false, account, dialog: dialogFrom(history, deps.termStats.versions) }, { text: () => {} });
    out.push({ item, result });
    onProgress?.(out.length, items.length);
  }
  return out;
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
export function scoredAnswer({ item, result }: AnsweredItem): ScoredAnswer {
  return {
    id: item.id,
    lang: item.lang ?? result.lang,
    kind: typeof item.kind === 'string' ? item.kind : undefined,
    answerable: item.source_ids.length > 0,
    expectedSourceIds: item.source_ids,
    expectedAnswer: item.answer,
    outcome: result.outcome,
    text: result.text,
    citedDocumentIds: result.citations.map((c) => c.documentId),
    passedDocumentIds: result.passedDocumentIds,
    ttftMs: result.ttftMs ?? undefined,
    totalMs: result.totalMs,
  };
}
