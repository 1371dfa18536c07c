import path from 'node:path';
import { loadQa } from '@/lib/eval/qa';
import type { Db } from './client';
import { countGoldenAnswers, upsertGoldenAnswer, type GoldenAnswerInput } from './queries/golden-answers';

export const DEMO_GOLDEN_FILE = path.join(process.cwd(), 'content', 'seed', 'golden-answers.jsonl');

/** Golden answers from a JSONL file in the content/golden format (an answer is required here). */
export function loadGoldenAnswers(file = DEMO_GOLDEN_FILE): GoldenAnswerInput[] {
  return loadQa(file).map((item, i) => {
    if (!item.answer?.trim()) throw new Error(`${file}:${i + 1}: a golden answer needs an answer`);
    const tags = Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [];
    return { id: item.id, lang: item.lang ?? 'en', question: item.question, answer: item.answer, sourceIds: item.source_ids, tags, facts: item.facts ?? [] };
  });
}

/** Seeds the demo golden answers into an empty table; experts' own answers are never touched. */
export async function seedGoldenAnswers(db: Db, { answers }: { answers: GoldenAnswerInput[] }): Promise<number> {
  if ((await countGoldenAnswers(db)) > 0) return 0;
  for (const input of answers) await upsertGoldenAnswer(db, { input, updatedBy: null });
  return answers.length;
}
