import { ANSWER_OUTCOMES, type AnswerOutcome } from '@/lib/domain/chat';
import { formatFact, parseFactLines } from '@/lib/domain/facts';
import type { DialogChecks } from '@/lib/eval/dialogs';
import type { Locale } from '@/lib/i18n/locales';
import type { TestCase, TestTurn } from './case';

/**
 * The test editor's form state: every check as the text or choice the expert edits, and back.
 * Pure, so the browser builds the case the server then validates again (testCaseSchema).
 */

/** A yes/no check that may also be left out. */
export type Tri = '' | 'yes' | 'no';

export type CheckDraft = {
  outcomes: AnswerOutcome[];
  cites: string;
  notCites: string;
  facts: string;
  notFacts: string;
  toolName: string;
  /** The tool's expected arguments, as JSON (empty: any arguments). */
  toolArgs: string;
  approval: Tri;
  refuses: Tri;
  handoff: Tri;
  silent: Tri;
  golden: Tri;
  lang: '' | Locale;
  /** A criterion in words, judged by the LLM (empty: none). */
  criterion: string;
  /** Strings the reply must contain: kept as they are (older suites), not edited here. */
  mentions?: string[];
};

export type TurnDraft = { kind: 'user'; text: string; checks: CheckDraft } | { kind: 'event'; event: 'agent_claims' | 'customer_approves' | 'customer_declines' };
export type SimulationDraft = { persona: string; goal: string; knows: string; maxTurns: number; checks: CheckDraft };
/** `simulation` set: a simulated customer replaces the scripted turns. */
export type TestDraft = { name: string; group: string; lang: Locale; customer: string; turns: TurnDraft[]; simulation: SimulationDraft | null };

export const EMPTY_CHECKS: CheckDraft = {
  outcomes: [],
  cites: '',
  notCites: '',
  facts: '',
  notFacts: '',
  toolName: '',
  toolArgs: '',
  approval: '',
  refuses: '',
  handoff: '',
  silent: '',
  golden: '',
  lang: '',
  criterion: '',
};

const tri = (value: boolean | undefined): Tri => (value === undefined ? '' : value ? 'yes' : 'no');
const fromTri = (value: Tri): boolean | undefined => (value === '' ? undefined : value === 'yes');
const list = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

export function checksDraft(expect: DialogChecks): CheckDraft {
  return {
    outcomes: expect.outcome ?? [],
    cites: (expect.cites ?? []).join(', '),
    notCites: (expect.notCites ?? []).join(', '),
    facts: (expect.facts ?? []).map(formatFact).join('\n'),
    notFacts: (expect.notFacts ?? []).map(formatFact).join('\n'),
    toolName: expect.tool?.name ?? '',
    toolArgs: expect.tool?.args ? JSON.stringify(expect.tool.args) : '',
    approval: tri(expect.approval),
    refuses: tri(expect.refuses),
    handoff: tri(expect.handoff),
    silent: tri(expect.silent),
    golden: tri(expect.golden),
    lang: expect.lang ?? '',
    criterion: expect.criterion ?? '',
    mentions: expect.mentions,
  };
}

export function draftOf(test: TestCase): TestDraft {
  return {
    name: test.name,
    group: test.group,
    lang: test.lang,
    customer: test.customer ?? '',
    turns: test.turns.map((t): TurnDraft => ('event' in t ? { kind: 'event', event: t.event } : { kind: 'user', text: t.user, checks: checksDraft(t.expect) })),
    simulation: test.simulation
      ? { persona: test.simulation.persona, goal: test.simulation.goal, knows: test.simulation.knows, maxTurns: test.simulation.maxTurns, checks: checksDraft(test.simulation.expect) }
      : null,
  };
}

export type DraftProblem = { turn: number; message: string };

function checksOf(draft: CheckDraft, turn: number, problems: DraftProblem[]): DialogChecks {
  const checks: DialogChecks = {};
  const outcomes = draft.outcomes.filter((o) => (ANSWER_OUTCOMES as readonly string[]).includes(o));
  if (outcomes.length) checks.outcome = outcomes;
  if (list(draft.cites).length) checks.cites = list(draft.cites);
  if (list(draft.notCites).length) checks.notCites = list(draft.notCites);
  const facts = parseFactLines(draft.facts);
  if (facts.length) checks.facts = facts;
  const notFacts = parseFactLines(draft.notFacts);
  if (notFacts.length) checks.notFacts = notFacts;
  if (draft.toolName.trim()) {
    checks.tool = { name: draft.toolName.trim() };
    if (draft.toolArgs.trim()) {
      try {
        const args: unknown = JSON.parse(draft.toolArgs);
        if (!args || typeof args !== 'object' || Array.isArray(args)) throw new Error('not an object');
        checks.tool.args = args as Record<string, unknown>;
      } catch {
        problems.push({ turn, message: 'The tool arguments must be a JSON object, e.g. {"planId": "wave-home-1000"}.' });
      }
    }
  } else if (draft.toolArgs.trim()) {
    problems.push({ turn, message: 'Name the tool the arguments are for.' });
  }
  const flags = { approval: draft.approval, refuses: draft.refuses, handoff: draft.handoff, silent: draft.silent, golden: draft.golden } as const;
  for (const [key, value] of Object.entries(flags) as [keyof typeof flags, Tri][]) {
    const flag = fromTri(value);
    if (flag !== undefined) checks[key] = flag;
  }
  if (draft.lang) checks.lang = draft.lang;
  if (draft.criterion.trim()) checks.criterion = draft.criterion.trim();
  if (draft.mentions?.length) checks.mentions = draft.mentions;
  return checks;
}

/** The case a draft describes, or what is wrong with it (the server validates the rest). */
export function caseOf(draft: TestDraft): { ok: true; test: TestCase } | { ok: false; problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  const base = { name: draft.name.trim(), group: draft.group.trim(), lang: draft.lang, customer: draft.customer.trim() ? draft.customer.trim().toLowerCase() : null };
  if (draft.simulation) {
    const sim = draft.simulation;
    const expect = checksOf(sim.checks, 0, problems);
    if (problems.length) return { ok: false, problems };
    return { ok: true, test: { ...base, turns: [], simulation: { persona: sim.persona.trim(), goal: sim.goal.trim(), knows: sim.knows.trim(), maxTurns: sim.maxTurns, expect } } };
  }
  const turns = draft.turns.map((t, i): TestTurn => (t.kind === 'event' ? { event: t.event } : { user: t.text.trim(), expect: checksOf(t.checks, i + 1, problems) }));
  if (problems.length) return { ok: false, problems };
  return { ok: true, test: { ...base, turns } };
}
