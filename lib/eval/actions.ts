import fs from 'node:fs';
import { z } from 'zod';
import { READ_TOOL_NAMES, WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import { recognizeAccountRequest, type CatalogPlan } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';

/**
 * The account-action evaluation (content/golden/actions.jsonl for the built-in tools; a
 * connector's own cases, e.g. lib/actions/connectors/test-connectors.actions.jsonl, for the tools
 * of a registry): does a recogniser pick the right tool, or none, for a customer's request, and
 * fill in the arguments the tool's definition wants?
 *
 * - Tool selection: over all items, the expected tool was called, or nothing when none was expected.
 * - Arguments: over items whose expected tool was selected and that expect arguments, every
 *   expected argument equals the actual one. A relative `startsAt` is given as
 *   { weekday, hour } and checked against the actual datetime in the evaluation's time zone.
 * - Correct refusals: over items that expect no call, the share that got none.
 */

/** A tool an evaluation set may expect: its name and risk, as the registry's definitions have them. */
export type EvaluatedTool = { readonly name: string; readonly risk: 'read' | 'write' };

/** The built-in account tools (the contract in lib/domain/account-tools.ts). */
export const BUILTIN_EVALUATED_TOOLS: readonly EvaluatedTool[] = [
  ...READ_TOOL_NAMES.map((name) => ({ name, risk: 'read' as const })),
  ...WRITE_TOOL_NAMES.map((name) => ({ name, risk: 'write' as const })),
];
export const ACTION_LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export const ACTION_KINDS = ['read', 'write', 'refuse'] as const;

/** A relative slot expectation: weekday 0–6 (0 = Sunday; 7 is accepted for Sunday too) and hour. */
const relativeDateTime = z.object({ weekday: z.number().int().min(0).max(7), hour: z.number().int().min(0).max(23) }).strict();
export type RelativeDateTime = z.infer<typeof relativeDateTime>;

/** An item of a set whose expected tools are `tools` (a tool not among them is an error in the file). */
export function actionItemSchemaFor(tools: readonly EvaluatedTool[]) {
  const risk = new Map(tools.map((t) => [t.name, t.risk]));
  return z
    .object({
      id: z.string().min(1),
      lang: z.enum(ACTION_LANGUAGES),
      request: z.string().min(1),
      /** The fixed reference instant relative dates are read against. */
      now: z.iso.datetime({ offset: true }),
      expected: z.union([
        z.null(),
        z.object({ tool: z.string().refine((name) => risk.has(name), { message: 'is not a tool of the evaluated registry' }), args: z.record(z.string(), z.unknown()).default({}) }).strict(),
      ]),
      kind: z.enum(ACTION_KINDS),
      note: z.string().optional(),
    })
    .strict()
    .superRefine((item, ctx) => {
      const expectedKind = item.expected === null ? 'refuse' : risk.get(item.expected.tool) === 'write' ? 'write' : 'read';
      if (item.kind !== expectedKind) ctx.addIssue({ code: 'custom', path: ['kind'], message: `is "${item.kind}" but the expectation makes it "${expectedKind}"` });
      const startsAt = item.expected?.args.startsAt;
      if (startsAt !== undefined && typeof startsAt !== 'string' && !relativeDateTime.safeParse(startsAt).success) {
        ctx.addIssue({ code: 'custom', path: ['expected', 'args', 'startsAt'], message: 'is an ISO datetime or { weekday, hour }' });
      }
    });
}

export const actionItemSchema = actionItemSchemaFor(BUILTIN_EVALUATED_TOOLS);
export type ActionItem = z.infer<typeof actionItemSchema>;

export class ActionFileError extends Error {}

/**
 * Reads the JSONL evaluation set; a bad line names its file and line number. Ids must be unique.
 * `tools`: the tools the set may expect (default: the built-in ones), e.g. a registry's connectors.
 */
export function loadActionItems(file: string, { tools = BUILTIN_EVALUATED_TOOLS }: { tools?: readonly EvaluatedTool[] } = {}): ActionItem[] {
  const schema = tools === BUILTIN_EVALUATED_TOOLS ? actionItemSchema : actionItemSchemaFor(tools);
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw new ActionFileError(`${file}:${i + 1}: not valid JSON`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ActionFileError(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`);
      if (seen.has(parsed.data.id)) throw new ActionFileError(`${file}:${i + 1}: duplicate id ${parsed.data.id}`);
      seen.add(parsed.data.id);
      items.push(parsed.data);
    });
  return items;
}

export type ActionCall = { toolName: string; input: Record<string, unknown> } | null;
export type Recogniser = (item: ActionItem) => Promise<ActionCall> | ActionCall;

export type ActionResult = {
  item: ActionItem;
  actual: ActionCall;
  /** The expected tool was called, or nothing when nothing was expected. */
  toolCorrect: boolean;
  /** null when not judged: wrong tool, or the expectation has no arguments. */
  argsCorrect: boolean | null;
  /** "startsAt: expected weekday 4 08:00, got …" */
  mismatches: string[];
  /** The recogniser threw. */
  error?: string;
};

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Weekday (0 = Sunday) and hour of an instant in a time zone. */
export function weekdayAndHour(instant: Date, timeZone: string): { weekday: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, hour: Number(get('hour')), minute: Number(get('minute')) };
}

/** Compares the expected arguments with the actual input; extra actual arguments are not judged. */
export function compareArgs(expected: Record<string, unknown>, actual: Record<string, unknown>, timeZone: string): string[] {
  const mismatches: string[] = [];
  for (const [key, want] of Object.entries(expected)) {
    const got = actual[key];
    if (key === 'startsAt' && want !== null && typeof want === 'object') {
      const rel = relativeDateTime.safeParse(want);
      const instant = typeof got === 'string' ? new Date(got) : undefined;
      if (!rel.success || !instant || Number.isNaN(instant.getTime())) {
        mismatches.push(`startsAt: expected ${stable(want)}, got ${stable(got)}`);
        continue;
      }
      const { weekday, hour, minute } = weekdayAndHour(instant, timeZone);
      if (weekday !== rel.data.weekday % 7 || hour !== rel.data.hour || minute !== 0) {
        mismatches.push(`startsAt: expected weekday ${rel.data.weekday} ${String(rel.data.hour).padStart(2, '0')}:00, got ${String(got)}`);
      }
      continue;
    }
    if (stable(want) !== stable(got)) mismatches.push(`${key}: expected ${stable(want)}, got ${stable(got)}`);
  }
  return mismatches;
}

export function scoreAction(item: ActionItem, actual: ActionCall, timeZone: string): ActionResult {
  const expected = item.expected;
  if (expected === null) return { item, actual, toolCorrect: actual === null, argsCorrect: null, mismatches: [] };
  const toolCorrect = actual !== null && actual.toolName === expected.tool;
  if (!toolCorrect || Object.keys(expected.args).length === 0) return { item, actual, toolCorrect, argsCorrect: null, mismatches: [] };
  const mismatches = compareArgs(expected.args, actual.input, timeZone);
  return { item, actual, toolCorrect, argsCorrect: mismatches.length === 0, mismatches };
}

/** Runs the recogniser on every item, one at a time; a throw counts as "no call" and is recorded. */
export async function evaluateActions(
  items: ActionItem[],
  recognise: Recogniser,
  { timeZone = businessTimeZone() }: { timeZone?: string } = {},
): Promise<ActionResult[]> {
  const results: ActionResult[] = [];
  for (const item of items) {
    let actual: ActionCall = null;
    let error: string | undefined;
    try {
      actual = (await recognise(item)) ?? null;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const result = scoreAction(item, actual, timeZone);
    results.push(error === undefined ? result : { ...result, error });
  }
  return results;
}

export type ActionMetrics = {
  items: number;
  toolSelection: number | null;
  toolCorrect: number;
  /** Items whose arguments were judged (right tool, expected arguments). */
  argItems: number;
  argsCorrect: number;
  argumentAccuracy: number | null;
  refusalItems: number;
  refusalsCorrect: number;
  correctRefusalRate: number | null;
  /** A tool was expected and none was called. */
  missedCalls: number;
  /** A different tool was called than expected. */
  wrongTool: number;
  /** A call where none was expected. */
  unwantedCalls: number;
};

function summarise(results: ActionResult[]): ActionMetrics {
  const ratio = (n: number, d: number) => (d === 0 ? null : n / d);
  const toolCorrect = results.filter((r) => r.toolCorrect).length;
  const judged = results.filter((r) => r.argsCorrect !== null);
  const argsCorrect = judged.filter((r) => r.argsCorrect).length;
  const refusals = results.filter((r) => r.item.expected === null);
  const refusalsCorrect = refusals.filter((r) => r.actual === null).length;
  return {
    items: results.length,
    toolSelection: ratio(toolCorrect, results.length),
    toolCorrect,
    argItems: judged.length,
    argsCorrect,
    argumentAccuracy: ratio(argsCorrect, judged.length),
    refusalItems: refusals.length,
    refusalsCorrect,
    correctRefusalRate: ratio(refusalsCorrect, refusals.length),
    missedCalls: results.filter((r) => r.item.expected !== null && r.actual === null).length,
    wrongTool: results.filter((r) => r.item.expected !== null && r.actual !== null && !r.toolCorrect).length,
    unwantedCalls: refusals.length - refusalsCorrect,
  };
}

export type ActionReport = {
  overall: ActionMetrics;
  byLanguage: Record<string, ActionMetrics>;
  byKind: Record<string, ActionMetrics>;
  /** The items that missed, for the error analysis. */
  failures: ActionResult[];
};

function groupBy(results: ActionResult[], key: (r: ActionResult) => string): Record<string, ActionMetrics> {
  const groups = new Map<string, ActionResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return Object.fromEntries([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, rs]) => [k, summarise(rs)]));
}

export function computeActionMetrics(results: ActionResult[]): ActionReport {
  return {
    overall: summarise(results),
    byLanguage: groupBy(results, (r) => r.item.lang),
    byKind: groupBy(results, (r) => r.item.kind),
    failures: results.filter((r) => !r.toolCorrect || r.argsCorrect === false || r.error !== undefined),
  };
}

/** The issue's targets, as fractions. */
export const ACTION_TARGETS = { toolSelectionMin: 0.95, argumentAccuracyMin: 0.9 } as const;

function percent(value: number | null): string {
  return value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`;
}

/** PASS/FAIL on the figure as the report shows it (one decimal of a percent), like lib/eval/answer-metrics. */
export function targetStatus(value: number | null, min: number): 'PASS' | 'FAIL' | 'n/a' {
  if (value === null) return 'n/a';
  return Math.round(value * 1000) >= Math.round(min * 1000) ? 'PASS' : 'FAIL';
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

function describe(call: ActionCall): string {
  return call === null ? 'no call' : `${call.toolName} ${stable(call.input)}`;
}

/**
 * A plain-text table: tool selection, arguments and correct refusals, overall, per language and
 * per kind, with the targets (tool selection ≥ 95 %, arguments ≥ 90 %) and PASS/FAIL; then the
 * misses, one per line.
 */
export function formatActionReport(report: ActionReport, { targets = ACTION_TARGETS, listFailures = true }: { targets?: typeof ACTION_TARGETS; listFailures?: boolean } = {}): string {
  const columns: [string, ActionMetrics][] = [
    ['all', report.overall],
    ...Object.entries(report.byLanguage),
    ...ACTION_KINDS.filter((k) => report.byKind[k]).map((k): [string, ActionMetrics] => [k, report.byKind[k]!]),
  ];
  const header = ['', ...columns.map(([name]) => name), 'target', 'status'];
  const rows = [
    header,
    ['Items', ...columns.map(([, m]) => String(m.items)), '', ''],
    ['Tool selection', ...columns.map(([, m]) => percent(m.toolSelection)), `≥ ${percent(targets.toolSelectionMin)}`, targetStatus(report.overall.toolSelection, targets.toolSelectionMin)],
    ['Arguments', ...columns.map(([, m]) => percent(m.argumentAccuracy)), `≥ ${percent(targets.argumentAccuracyMin)}`, targetStatus(report.overall.argumentAccuracy, targets.argumentAccuracyMin)],
    ['  (judged)', ...columns.map(([, m]) => String(m.argItems)), '', ''],
    ['Correct refusals', ...columns.map(([, m]) => percent(m.correctRefusalRate)), '', ''],
    ['Missed calls', ...columns.map(([, m]) => String(m.missedCalls)), '', ''],
    ['Wrong tool', ...columns.map(([, m]) => String(m.wrongTool)), '', ''],
    ['Unwanted calls', ...columns.map(([, m]) => String(m.unwantedCalls)), '', ''],
  ];
  const lines = [table(rows)];
  if (listFailures && report.failures.length > 0) {
    lines.push('', `Misses (${report.failures.length}):`);
    for (const r of report.failures) {
      const expected = r.item.expected === null ? 'no call' : `${r.item.expected.tool} ${stable(r.item.expected.args)}`;
      const why = r.error ? `error: ${r.error}` : r.mismatches.join('; ');
      lines.push(`  ${r.item.id}  ${JSON.stringify(r.item.request)}\n      expected ${expected}, got ${describe(r.actual)}${why ? ` (${why})` : ''}`);
    }
  }
  return lines.join('\n');
}

/** The demo company's catalog (content/company.md), for evaluating without a database. */
export const DEMO_CATALOG: readonly CatalogPlan[] = [
  { id: 'wave-home-100', name: 'Wave Home 100', kind: 'internet' },
  { id: 'wave-home-500', name: 'Wave Home 500', kind: 'internet' },
  { id: 'wave-home-1000', name: 'Wave Home 1000', kind: 'internet' },
  { id: 'wave-fiber-10g', name: 'Wave Fiber 10G', kind: 'internet' },
  { id: 'wave-mobile-s', name: 'Wave Mobile S', kind: 'mobile' },
  { id: 'wave-mobile-m', name: 'Wave Mobile M', kind: 'mobile' },
  { id: 'wave-mobile-l', name: 'Wave Mobile L', kind: 'mobile' },
  { id: 'wave-mobile-unlimited', name: 'Wave Mobile Unlimited', kind: 'mobile' },
  { id: 'wave-tv-basic', name: 'Wave TV Basic', kind: 'tv' },
  { id: 'wave-tv-plus', name: 'Wave TV Plus', kind: 'tv' },
  { id: 'wave-phone-basic', name: 'Wave Phone Basic', kind: 'phone' },
  { id: 'wave-phone-flat', name: 'Wave Phone Flat', kind: 'phone' },
];

/** The built-in recogniser, reading each item at its own fixed `now`. */
export function localRecogniser({ catalog = DEMO_CATALOG, timeZone = businessTimeZone() }: { catalog?: readonly CatalogPlan[]; timeZone?: string } = {}): Recogniser {
  return (item) => recognizeAccountRequest(item.request, { lang: item.lang, catalog, now: new Date(item.now), timeZone });
}
