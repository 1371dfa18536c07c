import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { countTests, importTests } from '@/lib/db/queries/conversation-tests';
import { parseSuiteJsonl } from './case';

/** The demo company's conversation test suite (the project's own tests run it too). */
export const DEMO_SUITE_FILE = path.join(process.cwd(), 'content', 'tests', 'conversations.jsonl');

/** Seeds the demo suite into an empty table; an expert's own suite is never touched. Returns how many cases were added. */
export async function seedConversationTests(db: Db, { file = DEMO_SUITE_FILE }: { file?: string } = {}): Promise<number> {
  if (!fs.existsSync(/*turbopackIgnore: true*/ file) || (await countTests(db)) > 0) return 0;
  const { cases, errors } = parseSuiteJsonl(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8'));
  if (errors.length > 0) throw new Error(`${file}:${errors[0]!.line}: ${errors[0]!.message}`);
  const { added } = await importTests(db, { cases, createdBy: null });
  return added;
}
