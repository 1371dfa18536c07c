import type { GoldenAnswerInput } from '@/lib/db/queries/golden-answers';
import type { GoldenAnswerRow } from '@/lib/db/schema';
import { describeIssues, goldenInputSchema, toSnapshot } from './schema';

/**
 * Golden answers as JSONL, in the format of content/golden (one object per line: id, lang,
 * question, answer, source_ids, tags, facts — facts optional). Other fields a line may carry (kind, history) are
 * ignored on import; `answer` is required here, unlike in evaluation sets.
 */

export type LineError = { line: number; id?: string; reason: string };
export type ParsedJsonl = { items: (GoldenAnswerInput & { line: number })[]; errors: LineError[] };

export const IMPORT_MAX_BYTES = 1_000_000;
export const IMPORT_MAX_LINES = 5_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks every line; a file is importable only when `errors` is empty. */
export function parseGoldenJsonl(text: string): ParsedJsonl {
  const items: ParsedJsonl['items'] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let count = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    count++;
    if (count > IMPORT_MAX_LINES) {
      if (count === IMPORT_MAX_LINES + 1) errors.push({ line, reason: `too many lines: at most ${IMPORT_MAX_LINES} golden answers per file` });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      errors.push({ line, reason: `not valid JSON (${error instanceof Error ? error.message : 'parse error'})` });
      return;
    }
    if (!isRecord(json)) {
      errors.push({ line, reason: 'not a JSON object' });
      return;
    }
    const id = typeof json.id === 'string' ? json.id : undefined;
    const problems: string[] = [];
    if (json.answer === undefined || json.answer === null) problems.push('answer: a golden answer needs an answer');
    if (json.source_ids === undefined) problems.push('source_ids: missing (use [] for none)');
    const parsed = goldenInputSchema.safeParse({
      id: json.id,
      lang: json.lang,
      question: json.question,
      answer: json.answer ?? '',
      sourceIds: json.source_ids ?? [],
      tags: json.tags ?? [],
      facts: json.facts ?? [],
    });
    if (!parsed.success) {
      const described = describeIssues(parsed.error);
      for (const part of described.split('; ')) if (!problems.some((p) => p.split(':')[0] === part.split(':')[0])) problems.push(part);
    }
    if (parsed.success && problems.length === 0) {
      const earlier = seen.get(parsed.data.id);
      if (earlier !== undefined) {
        errors.push({ line, id, reason: `id “${parsed.data.id}” is already on line ${earlier}` });
        return;
      }
      seen.set(parsed.data.id, line);
      items.push({ ...parsed.data, line });
      return;
    }
    errors.push({ line, id, reason: problems.join('; ') });
  });
  if (count === 0) errors.push({ line: 0, reason: 'the file holds no golden answers' });
  return { items, errors };
}

/** One JSON object per line, newline-terminated. */
export function toGoldenJsonl(rows: GoldenAnswerRow[]): string {
  return rows.map((row) => JSON.stringify(toSnapshot(row))).join('\n') + (rows.length > 0 ? '\n' : '');
}
