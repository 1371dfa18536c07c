import { answerQuestion, type AnswerDeps, type AnswerResult } from '@/lib/rag/answer';
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
    const result = await answerQuestion(deps, { question: item.question, history, signedIn: false }, { text: () => {} });
    out.push({ item, result });
    onProgress?.(out.length, items.length);
  }
  return out;
}
