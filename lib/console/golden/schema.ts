import { z } from 'zod';
import { factsSchema, parseFactLines } from '@/lib/domain/facts';
import type { GoldenSnapshot } from '@/lib/db/queries/golden-answer-versions';
import type { GoldenAnswerInput } from '@/lib/db/queries/golden-answers';
import type { GoldenAnswerRow } from '@/lib/db/schema';

/** The languages the chat answers in (and a golden answer may be written in). */
export const GOLDEN_LANGS = ['en', 'de', 'fr', 'it'] as const;
export type GoldenLang = (typeof GOLDEN_LANGS)[number];
export const GOLDEN_LANG_NAMES: Record<GoldenLang, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

const RESERVED_IDS = new Set(['new', 'import', 'export']);
export const GOLDEN_ID_PATTERN = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;
export const GOLDEN_LIMITS = { id: 100, questionMin: 3, questionMax: 500, answerMin: 1, answerMax: 4000, sources: 20, tags: 20, tag: 40 } as const;

export function isGoldenLang(value: unknown): value is GoldenLang {
  return typeof value === 'string' && (GOLDEN_LANGS as readonly string[]).includes(value);
}

/** Line endings normalised, outer whitespace trimmed: what is stored is what the chat sends. */
const text = () => z.string().transform((s) => s.replace(/\r\n?/g, '\n').trim());
const unique = (values: string[]) => [...new Set(values)];

export const goldenIdSchema = z
  .string()
  .trim()
  .min(1, 'Give the answer an id.')
  .max(GOLDEN_LIMITS.id, `An id has at most ${GOLDEN_LIMITS.id} characters.`)
  .regex(GOLDEN_ID_PATTERN, 'Use lower-case letters and digits, joined by single - _ or . (for example golden-en-roaming).')
  // The console's own pages live next to /admin/golden/<id>.
  .refine((id) => !RESERVED_IDS.has(id), 'This id is reserved: choose another.');

/** A golden answer as an expert writes it (the form and every JSONL line go through this). */
export const goldenInputSchema = z.object({
  id: goldenIdSchema,
  lang: z.enum(GOLDEN_LANGS, { error: 'Choose English, German, French or Italian (en, de, fr, it).' }),
  question: text().pipe(
    z
      .string()
      .min(GOLDEN_LIMITS.questionMin, `The question needs at least ${GOLDEN_LIMITS.questionMin} characters.`)
      .max(GOLDEN_LIMITS.questionMax, `The question has at most ${GOLDEN_LIMITS.questionMax} characters.`),
  ),
  answer: text().pipe(
    z
      .string()
      .min(GOLDEN_LIMITS.answerMin, 'Write the answer the chat should give.')
      .max(GOLDEN_LIMITS.answerMax, `The answer has at most ${GOLDEN_LIMITS.answerMax} characters.`),
  ),
  sourceIds: z
    .array(z.string().trim().min(1, 'A source id cannot be empty.').max(200, 'A source id has at most 200 characters.'))
    .max(GOLDEN_LIMITS.sources, `At most ${GOLDEN_LIMITS.sources} source articles.`)
    .transform(unique),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty.').max(GOLDEN_LIMITS.tag, `A tag has at most ${GOLDEN_LIMITS.tag} characters.`))
    .max(GOLDEN_LIMITS.tags, `At most ${GOLDEN_LIMITS.tags} tags.`)
    .transform(unique),
  /** What a right answer must state; the answer evaluation checks for them (none: not checked). */
  facts: factsSchema.default([]),
});

export type GoldenField = keyof GoldenAnswerInput;
export type FieldErrors = Partial<Record<GoldenField, string>>;

/** The first message per field, for a form to show next to each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in out)) out[field as GoldenField] = issue.message;
  }
  return out;
}

/** One sentence per problem, for places without fields (a JSONL line). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path[0];
      const name = field === 'sourceIds' ? 'source_ids' : typeof field === 'string' ? field : 'line';
      return `${name}: ${issue.message.replace(/\.$/, '')}`;
    })
    .join('; ');
}

/** "a, b  c" → ["a", "b", "c"]: article ids are separated by commas, spaces or new lines. */
export function splitList(value: string, { spaces }: { spaces: boolean }): string[] {
  return value
    .split(spaces ? /[\s,]+/ : /[,\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form's fields as the schema's input. */
export function goldenInputFromForm(form: FormData): Record<string, unknown> {
  const str = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    id: str('id'),
    lang: str('lang'),
    question: str('question'),
    answer: str('answer'),
    sourceIds: splitList(str('sourceIds'), { spaces: true }),
    tags: splitList(str('tags'), { spaces: false }),
    facts: parseFactLines(str('facts')),
  };
}

/** A stored row in the content/golden JSONL shape (also what history rows keep). */
export function toSnapshot(row: Pick<GoldenAnswerRow, 'id' | 'lang' | 'question' | 'answer' | 'sourceIds' | 'tags' | 'facts'>): GoldenSnapshot {
  return { id: row.id, lang: row.lang, question: row.question, answer: row.answer, source_ids: [...row.sourceIds], tags: [...row.tags], facts: [...row.facts] };
}

export function sameSnapshot(a: GoldenSnapshot, b: GoldenSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
