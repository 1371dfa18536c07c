import type { CaseStatus } from './run';

/**
 * A run compared with the results before it: per case, its status now and in the latest earlier
 * run that ran it. Newly failing cases come first — they are what a change broke.
 */

export type ResultLike = { testId: string; name: string; group: string; lang: string; status: CaseStatus; turns: unknown[]; reason: string | null; ms: number };

export const CHANGES = ['newly_failing', 'still_failing', 'new_failing', 'newly_passing', 'still_passing', 'new_passing', 'skipped'] as const;
export type Change = (typeof CHANGES)[number];

export type CaseDiff = {
  testId: string;
  name: string;
  group: string;
  lang: string;
  now: CaseStatus;
  before: CaseStatus | null;
  change: Change;
  /** The earlier run the case is compared with. */
  beforeRunId: number | null;
  current: ResultLike;
  previous: ResultLike | null;
};

const failing = (s: CaseStatus) => s === 'failed' || s === 'error';

export function changeOf(now: CaseStatus, before: CaseStatus | null): Change {
  if (now === 'skipped') return 'skipped';
  if (before === null || before === 'skipped') return failing(now) ? 'new_failing' : 'new_passing';
  if (failing(now)) return failing(before) ? 'still_failing' : 'newly_failing';
  return failing(before) ? 'newly_passing' : 'still_passing';
}

export function diffResults(current: ResultLike[], previous: Map<string, ResultLike & { runId: number }>): CaseDiff[] {
  return current
    .map((result) => {
      const prior = previous.get(result.testId) ?? null;
      return {
        testId: result.testId,
        name: result.name,
        group: result.group,
        lang: result.lang,
        now: result.status,
        before: prior?.status ?? null,
        change: changeOf(result.status, prior?.status ?? null),
        beforeRunId: prior?.runId ?? null,
        current: result,
        previous: prior,
      };
    })
    .sort((a, b) => CHANGES.indexOf(a.change) - CHANGES.indexOf(b.change) || a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
}
