import { isAbstention, isAnswered, sameArticle, tokenF1 } from '@/lib/eval/answer-metrics';
import type { AnswerOutcome } from '@/lib/domain/chat';

/**
 * Two runs of the same evaluation, question by question: for each question a score per run and
 * whether run B did better, worse or the same as run A.
 *
 * - retrieval: reciprocal rank of the first relevant document in the top 10 (0 when none); an
 *   unanswerable question scores 1 when the run abstained, else 0.
 * - answers: answerable questions score 0 declined, 1 clarifying question, 2 answered without an
 *   expected article cited, 3 answered citing one; token F1 against the expert answer breaks
 *   ties when it differs by at least 0.1. With key facts: 3 every fact stated, 1 some, 0 none
 *   (a confidently wrong answer scores as low as a declined one), and the missing facts are named.
 *   Unanswerable: 1 declined, 0 answered.
 * - actions: 1 when the right tool (or none) was chosen with the right arguments, else 0.
 */

export type Verdict = 'better' | 'worse' | 'same' | 'only_a' | 'only_b';
export type Side = { score: number; tiebreak?: number; label: string; detail?: string };
export type ComparisonRow = { id: string; lang: string; question?: string; a: Side | null; b: Side | null; verdict: Verdict };
export type Comparison = { rows: ComparisonRow[]; counts: Record<Verdict, number> };

type Scorer = (result: Record<string, unknown>) => Side;

const F1_MARGIN = 0.1;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function scoreRetrieval(r: Record<string, unknown>): Side {
  const relevant = new Set(strings(r.relevantIds));
  const ranked = [...new Set(strings(r.rankedIds))];
  const abstained = r.abstained === true;
  if (relevant.size === 0) return abstained ? { score: 1, label: 'abstained (right)' } : { score: 0, label: 'answered (should abstain)', detail: ranked[0] };
  const index = ranked.findIndex((id) => relevant.has(id));
  const rank = index === -1 ? null : index + 1;
  const score = rank !== null && rank <= 10 ? 1 / rank : 0;
  const label = rank === null ? 'not found' : `rank ${rank}`;
  return { score, label: abstained ? `${label}, abstained` : label, detail: ranked.slice(0, 3).join(', ') };
}

export function scoreAnswer(r: Record<string, unknown>): Side {
  const outcome = String(r.outcome ?? 'error') as AnswerOutcome;
  const text = typeof r.text === 'string' ? r.text : '';
  const detail = text.length > 280 ? `${text.slice(0, 277)}…` : text;
  if (r.answerable === false) {
    return isAnswered(outcome) ? { score: 0, label: `${outcome} (should decline)`, detail } : { score: 1, label: `${outcome} (right)`, detail };
  }
  if (isAbstention(outcome) || (!isAnswered(outcome) && outcome !== 'clarify')) return { score: 0, label: outcome, detail };
  if (outcome === 'clarify') return { score: 1, label: 'clarify', detail };
  // Key facts (golden `facts`): the answer must state them; which were missing is shown to the expert.
  const facts = Array.isArray(r.facts) ? r.facts : null;
  const missing = Array.isArray(r.missingFacts) ? r.missingFacts : null;
  if (facts && facts.length > 0 && missing) {
    const stated = facts.length - missing.length;
    const missingText = missing.map((f) => (Array.isArray(f) ? f.join(' | ') : String(f))).join('; ');
    return {
      score: stated === facts.length ? 3 : stated > 0 ? 1 : 0,
      label: `${outcome}, facts ${stated}/${facts.length}${missing.length ? `, missing: ${missingText}` : ''}`,
      detail,
    };
  }
  const expected = strings(r.expectedSourceIds);
  const cited = strings(r.citedDocumentIds);
  const match = cited.some((c) => expected.some((e) => sameArticle(c, e)));
  const f1 = typeof r.expectedAnswer === 'string' && r.expectedAnswer ? tokenF1(text, r.expectedAnswer, typeof r.lang === 'string' ? r.lang : undefined) : undefined;
  return {
    score: match ? 3 : 2,
    tiebreak: f1,
    label: `${outcome}, ${match ? 'expected article cited' : 'other article cited'}${f1 === undefined ? '' : `, F1 ${f1.toFixed(2)}`}`,
    detail,
  };
}

export function scoreAction(r: Record<string, unknown>): Side {
  const ok = r.toolCorrect === true && r.argsCorrect !== false && !r.error;
  const actual = r.actual as { toolName?: string } | null | undefined;
  const got = actual?.toolName ?? 'no call';
  const mismatches = strings(r.mismatches);
  return {
    score: ok ? 1 : 0,
    label: ok ? `right: ${got}` : r.error ? `error: ${String(r.error)}` : `wrong: ${got}${mismatches.length ? ` (${mismatches.join('; ')})` : ''}`,
    detail: typeof r.request === 'string' ? r.request : undefined,
  };
}

const SCORERS: Record<string, Scorer> = { retrieval: scoreRetrieval, answers: scoreAnswer, actions: scoreAction };

export function isComparableKind(kind: string): boolean {
  return kind in SCORERS;
}

function verdictOf(a: Side, b: Side): Verdict {
  if (Math.abs(b.score - a.score) > 1e-9) return b.score > a.score ? 'better' : 'worse';
  if (a.tiebreak !== undefined && b.tiebreak !== undefined && Math.abs(b.tiebreak - a.tiebreak) >= F1_MARGIN) return b.tiebreak > a.tiebreak ? 'better' : 'worse';
  return 'same';
}

function byId(results: unknown[]): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const r of results) {
    if (r && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string') map.set((r as { id: string }).id, r as Record<string, unknown>);
  }
  return map;
}

/** Run A is the baseline, run B the candidate: "better" means B did better on that question. */
export function compareRuns(kind: string, resultsA: unknown[], resultsB: unknown[], { questions }: { questions?: Map<string, string> } = {}): Comparison {
  const scorer = SCORERS[kind];
  if (!scorer) throw new Error(`Runs of kind ${kind} cannot be compared question by question.`);
  const a = byId(resultsA);
  const b = byId(resultsB);
  const ids = [...new Set([...a.keys(), ...b.keys()])];
  const rows: ComparisonRow[] = ids.map((id) => {
    const ra = a.get(id);
    const rb = b.get(id);
    const sa = ra ? scorer(ra) : null;
    const sb = rb ? scorer(rb) : null;
    const lang = String((ra ?? rb)?.lang ?? 'unknown');
    const verdict: Verdict = sa && sb ? verdictOf(sa, sb) : sa ? 'only_a' : 'only_b';
    return { id, lang, question: questions?.get(id), a: sa, b: sb, verdict };
  });
  const counts: Record<Verdict, number> = { better: 0, worse: 0, same: 0, only_a: 0, only_b: 0 };
  for (const row of rows) counts[row.verdict]++;
  return { rows, counts };
}
