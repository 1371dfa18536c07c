import { scoreAction, scoreAnswer, scoreRetrieval, type Side } from './compare';

/**
 * One stored run, question by question (or dialog by dialog): how each item scored, and whether
 * it was fully right — so an expert sees what a single run got wrong without a second run to
 * compare it with.
 */

export type RunRow = { id: string; lang: string; question?: string; side: Side; right: boolean };

type Scorer = { score: (result: Record<string, unknown>) => Side; perfect: number; question?: (result: Record<string, unknown>) => string | undefined };

type DialogTurn = { user?: string; seen?: { text?: string }; checks?: { check: string; pass: boolean; detail: string }[] };

/** A dialog scores 1 when its last turn passes all its checks; the label names the checks that failed. */
export function scoreDialog(r: Record<string, unknown>): Side {
  const turns = (Array.isArray(r.turns) ? r.turns : []) as DialogTurn[];
  const last = turns.at(-1);
  const failed = turns.flatMap((t, i) => (t.checks ?? []).filter((c) => !c.pass).map((c) => `turn ${i + 1} ${c.check}: ${c.detail}`));
  const text = last?.seen?.text ?? '';
  const detail = text.length > 280 ? `${text.slice(0, 277)}…` : text;
  if (r.lastPass === true) return { score: 1, label: r.allPass === true ? 'every turn passes' : `last turn passes; ${failed.join('; ')}`, detail };
  return { score: 0, label: failed.length > 0 ? failed.join('; ') : 'last turn fails', detail };
}

const SCORERS: Record<string, Scorer> = {
  retrieval: { score: scoreRetrieval, perfect: 1 },
  answers: { score: scoreAnswer, perfect: 3 },
  actions: { score: scoreAction, perfect: 1 },
  dialogs: {
    score: scoreDialog,
    perfect: 1,
    question: (r) => ((Array.isArray(r.turns) ? r.turns : []) as DialogTurn[]).map((t) => t.user ?? '').filter(Boolean).join(' → '),
  },
};

export function hasRunDetail(kind: string): boolean {
  return kind in SCORERS;
}

export function runRows(kind: string, results: unknown[], { questions }: { questions?: Map<string, string> } = {}): RunRow[] {
  const scorer = SCORERS[kind];
  if (!scorer) throw new Error(`Runs of kind ${kind} have no per-question results.`);
  return results.flatMap((value) => {
    if (!value || typeof value !== 'object' || typeof (value as { id?: unknown }).id !== 'string') return [];
    const r = value as Record<string, unknown> & { id: string };
    const side = scorer.score(r);
    return [{ id: r.id, lang: String(r.lang ?? 'unknown'), question: questions?.get(r.id) ?? scorer.question?.(r), side, right: side.score >= scorer.perfect - 1e-9 }];
  });
}
