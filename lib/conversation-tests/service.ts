import { loadConsoleConversation } from '@/lib/console/conversations/detail';
import type { Db } from '@/lib/db/client';
import { createTest, findTestByName, importTests, updateTest } from '@/lib/db/queries/conversation-tests';
import type { ConversationTestRow } from '@/lib/db/schema';
import { parseSuiteJsonl, testCaseSchema, type TestCase } from './case';
import { proposeTestFromConversation } from './from-conversation';
import { testCustomerEmails } from './sandbox';

/** Writing the suite: every input validated here, whichever page or API it came from. */

export type SaveFailure = { ok: false; message: string; issues: string[] };
export type SaveResult = { ok: true; test: ConversationTestRow } | SaveFailure;

function invalid(message: string, issues: string[] = []): SaveFailure {
  return { ok: false, message, issues };
}

export function validateTestCase(input: unknown): { ok: true; test: TestCase } | SaveFailure {
  const parsed = testCaseSchema.safeParse(input);
  if (!parsed.success) {
    return invalid(
      'The test has problems:',
      parsed.error.issues.map((i) => {
        const [first, index, ...rest] = i.path;
        const where = first === 'turns' && typeof index === 'number' ? `Turn ${index + 1}${rest.length ? ` (${rest.join('.')})` : ''}` : String(first ?? 'Test');
        return `${where}: ${i.message}`;
      }),
    );
  }
  const customers = testCustomerEmails();
  if (parsed.data.customer && !customers.includes(parsed.data.customer)) {
    return invalid(`${parsed.data.customer} is not a test customer.`, [`Test customers: ${customers.join(', ')}`]);
  }
  return { ok: true, test: parsed.data };
}

export async function saveTestCase(db: Db, { id, input, userId }: { id: string | null; input: unknown; userId: string }): Promise<SaveResult> {
  const valid = validateTestCase(input);
  if (!valid.ok) return valid;
  if (!id) {
    const created = await createTest(db, { fields: valid.test, createdBy: userId });
    return created ? { ok: true, test: created } : invalid(`A test named "${valid.test.name}" exists already.`);
  }
  const updated = await updateTest(db, { id, fields: valid.test });
  if (updated.status === 'updated') return { ok: true, test: updated.test };
  return updated.status === 'name_taken' ? invalid(`A test named "${valid.test.name}" exists already.`) : invalid('This test no longer exists.');
}

/** A name not used yet: the base, else "base (2)", "base (3)"… */
async function freeName(db: Db, base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!(await findTestByName(db, { name }))) return name;
  }
  throw new Error('no free test name');
}

export type MakeTestResult = { ok: true; test: ConversationTestRow; notes: string[] } | { ok: false; reason: 'not_found' | 'no_turns' };

/** "Make a test" on a conversation: the proposal saved as a new case (the expert edits it next). */
export async function makeTestFromConversation(db: Db, { conversationId, userId }: { conversationId: string; userId: string }): Promise<MakeTestResult> {
  const detail = await loadConsoleConversation(db, { id: conversationId });
  if (!detail) return { ok: false, reason: 'not_found' };
  const title = detail.conversation.title.replace(/\s+/g, ' ').trim().slice(0, 80) || 'Conversation';
  const proposal = proposeTestFromConversation(detail, { name: await freeName(db, title), testCustomers: testCustomerEmails() });
  if (!proposal) return { ok: false, reason: 'no_turns' };
  const created = await createTest(db, { fields: proposal.test, createdBy: userId, sourceConversationId: conversationId });
  if (!created) return { ok: false, reason: 'no_turns' };
  return { ok: true, test: created, notes: proposal.notes };
}

export type ImportResult = { ok: true; added: number; replaced: number } | { ok: false; errors: { line: number; message: string }[] };

/** Imports a JSONL suite: all lines valid, or nothing is written. */
export async function importSuite(db: Db, { text, userId }: { text: string; userId: string | null }): Promise<ImportResult> {
  const { cases, errors } = parseSuiteJsonl(text);
  const customers = testCustomerEmails();
  for (const c of cases) {
    if (c.customer && !customers.includes(c.customer)) errors.push({ line: 0, message: `"${c.name}": ${c.customer} is not a test customer (${customers.join(', ')})` });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (cases.length === 0) return { ok: false, errors: [{ line: 0, message: 'The file has no test case.' }] };
  return { ok: true, ...(await importTests(db, { cases, createdBy: userId })) };
}
