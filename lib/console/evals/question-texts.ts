import fs from 'node:fs';
import { loadQa } from '@/lib/eval/qa';
import type { EvalRunRow } from './runs';

/** The question texts of a stored run's QA file, by id (empty when the file is gone or unreadable). */
export function questionTexts(run: EvalRunRow): Map<string, string> {
  const map = new Map<string, string>();
  const qa = run.config.qa;
  if (typeof qa === 'string' && run.kind !== 'dialogs' && fs.existsSync(qa)) {
    try {
      for (const item of loadQa(qa)) map.set(item.id, item.question);
    } catch {
      // Without the questions the tables show ids (and answers) only.
    }
  }
  return map;
}
