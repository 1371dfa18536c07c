import type { QaItem } from '@/lib/eval/qa';

/** The benchmarks' questions: the golden set, in a fixed pseudo-random order. */

/** Deterministic pseudo-random numbers, so every run asks the same questions in the same order. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Golden-set questions without history, shuffled within each language, then languages interleaved. */
export function mixedQuestions(items: QaItem[]): QaItem[] {
  const random = rng(7);
  const byLang = new Map<string, QaItem[]>();
  for (const item of items.filter((i) => !i.history?.length)) {
    const lang = item.lang ?? 'unknown';
    byLang.set(lang, [...(byLang.get(lang) ?? []), item]);
  }
  const queues = [...byLang.keys()].sort().map((lang) => shuffled(byLang.get(lang) ?? [], random));
  const out: QaItem[] = [];
  while (queues.some((q) => q.length > 0)) for (const q of queues) if (q.length > 0) out.push(q.shift() as QaItem);
  return out;
}

/** n items from `from`, wrapping around when the list is shorter. */
export function take<T>(list: T[], from: number, n: number): T[] {
  return list.length === 0 ? [] : Array.from({ length: n }, (_, i) => list[(from + i) % list.length] as T);
}
