import { asTextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { listTests } from '@/lib/db/queries/conversation-tests';
import type { ConversationTestRow } from '@/lib/db/schema';
import { questionSimilarity } from '@/lib/rag/golden';

/**
 * The cases a golden-answer change may affect: those with a customer message in the answer's
 * language that the chat's own golden matcher scores at least `floor` against the golden
 * question, now or before the edit. A golden answer only ever serves messages that close, so
 * these are the cases whose answers can change.
 */
export async function testsAffectedByGolden(
  db: Db,
  { questions, lang, floor }: { questions: string[]; lang: string; floor: number },
): Promise<{ test: ConversationTestRow; score: number }[]> {
  const textLang = asTextLanguage(lang) ?? undefined;
  const asked = [...new Set(questions.map((q) => q.trim()).filter(Boolean))];
  if (asked.length === 0) return [];
  return (await listTests(db))
    .filter((t) => t.lang === lang)
    .flatMap((test) => {
      const messages = (Array.isArray(test.turns) ? test.turns : []).flatMap((t) => (t && typeof t === 'object' && typeof (t as { user?: unknown }).user === 'string' ? [(t as { user: string }).user] : []));
      const score = Math.max(0, ...messages.flatMap((m) => asked.map((q) => questionSimilarity(m, q, textLang))));
      return score >= floor ? [{ test, score }] : [];
    })
    .sort((a, b) => b.score - a.score);
}
