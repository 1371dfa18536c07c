import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { factsSchema } from '@/lib/domain/facts';

/** One evaluation question: the QA JSONL format shared by content/golden and external sets. */
export const qaItemSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    answer: z.string().optional(),
    /** What a right answer must state (lib/domain/facts.ts). */
    facts: factsSchema.optional(),
    source_ids: z.array(z.string()),
    lang: z.string().optional(),
    history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })).optional(),
  })
  .loose();
export type QaItem = z.infer<typeof qaItemSchema>;

export class QaFileError extends Error {}

/** Files in a QA folder that hold something else (content/golden: the account-tools set and the dialogs). */
const NOT_QA = new Set(['actions.jsonl', 'dialogs.jsonl']);

/** Reads QA JSONL files (or every *.jsonl in a folder); a bad line names its file and line number. */
export function loadQa(target: string): QaItem[] {
  const files = fs.statSync(target).isDirectory()
    ? fs.readdirSync(target).filter((f) => f.endsWith('.jsonl') && !NOT_QA.has(f)).sort().map((f) => path.join(target, f))
    : [target];
  const items: QaItem[] = [];
  for (const file of files) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          throw new QaFileError(`${file}:${i + 1}: not valid JSON`);
        }
        const parsed = qaItemSchema.safeParse(json);
        if (!parsed.success) throw new QaFileError(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`);
        items.push(parsed.data);
      });
  }
  return items;
}
