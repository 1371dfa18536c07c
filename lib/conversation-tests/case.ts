import { z } from 'zod';
import { dialogSchema, dialogTurnsSchema, simulationSchema, turnsOrSimulation, type Dialog, type DialogTurn, type Simulation } from '@/lib/eval/dialogs';
import { LOCALES, type Locale } from '@/lib/i18n/locales';

/**
 * A conversation test case as experts edit it: a name, a group, the language, who the customer
 * is, and the turns with their checks. The turns are the dialog format of lib/eval/dialogs.ts;
 * a case exported as a JSONL line is a dialog (`id` = name, `kind` = group), so a suite moves
 * between the console, files and `npm run test:conversations` unchanged.
 */

export const testCaseSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the test a name').max(120),
    group: z
      .string()
      .trim()
      .min(1, 'Give the test a group')
      .max(60)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, 'A group is a word or two (letters, digits, - _ .)'),
    lang: z.enum(LOCALES),
    /** A sandbox test customer's email, or null for an anonymous visitor. */
    customer: z.email().nullable(),
    turns: dialogTurnsSchema,
    /** A simulated customer instead of scripted turns (needs an LLM). */
    simulation: simulationSchema.optional(),
  })
  .strict()
  .superRefine(turnsOrSimulation);

export type TestCase = z.infer<typeof testCaseSchema>;
export type TestTurn = DialogTurn;

export function toDialog(test: { name: string; group: string; lang: Locale; customer: string | null; turns: DialogTurn[]; simulation?: Simulation }): Dialog {
  return { id: test.name, kind: test.group, lang: test.lang, customer: test.customer, turns: test.turns, ...(test.simulation ? { simulation: test.simulation } : {}) };
}

export function fromDialog(dialog: Dialog): TestCase {
  return { name: dialog.id, group: dialog.kind, lang: dialog.lang, customer: dialog.customer, turns: dialog.turns, ...(dialog.simulation ? { simulation: dialog.simulation } : {}) };
}

/** Whether running the case needs an LLM: a simulated customer, or a criterion judged by the model. */
export function needsLlm(test: TestCase): boolean {
  return Boolean(test.simulation) || test.turns.some((t) => 'user' in t && Boolean(t.expect.criterion));
}

/** Parses a stored case's columns (jsonb turns) back into a case; a row that no longer validates says why. */
export function parseStoredCase(row: { name: string; group: string; lang: string; customer: string | null; turns: unknown; simulation?: unknown }): { ok: true; test: TestCase } | { ok: false; error: string } {
  const parsed = testCaseSchema.safeParse({ name: row.name, group: row.group, lang: row.lang, customer: row.customer, turns: row.turns, ...(row.simulation ? { simulation: row.simulation } : {}) });
  return parsed.success ? { ok: true, test: parsed.data } : { ok: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'case'}: ${i.message}`).join('; ') };
}

export type ParsedSuite = { cases: TestCase[]; errors: { line: number; message: string }[] };

/** Reads a suite in JSONL (one dialog per line); every bad line is reported with its number, none is dropped silently. */
export function parseSuiteJsonl(text: string): ParsedSuite {
  const cases: TestCase[] = [];
  const errors: ParsedSuite['errors'] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      errors.push({ line: i + 1, message: 'not valid JSON' });
      return;
    }
    const dialog = dialogSchema.safeParse(json);
    if (!dialog.success) {
      errors.push({ line: i + 1, message: dialog.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ') });
      return;
    }
    const test = testCaseSchema.safeParse(fromDialog(dialog.data));
    if (!test.success) {
      errors.push({ line: i + 1, message: test.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ') });
      return;
    }
    if (seen.has(test.data.name)) {
      errors.push({ line: i + 1, message: `a second case named "${test.data.name}"` });
      return;
    }
    seen.add(test.data.name);
    cases.push(test.data);
  });
  return { cases, errors };
}

export function suiteToJsonl(cases: TestCase[]): string {
  return cases.map((c) => JSON.stringify(toDialog(c))).join('\n') + (cases.length ? '\n' : '');
}
