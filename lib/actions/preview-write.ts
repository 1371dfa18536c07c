import type { Db } from '@/lib/db/client';
import { WRITE_TOOLS, type ActionPreview, type Outcome, type WriteToolName } from '@/lib/domain/account-tools';
import { writeActions } from './repository';

/**
 * What a write would do for this customer now: the customer system's preview of a validated
 * input (English; the chat localises it). The one path that builds an approval card's terms, at
 * proposal and again at decision time, so the two can be compared. Null when the input is not
 * a valid input of the tool.
 */
export async function previewWrite(
  db: Db,
  { toolName, input, customerId, now }: { toolName: WriteToolName; input: unknown; customerId: string; now: Date },
): Promise<{ input: unknown; outcome: Outcome<ActionPreview> } | null> {
  const parsed = WRITE_TOOLS[toolName].safeParse(input);
  if (!parsed.success) return null;
  const action = writeActions[toolName] as unknown as {
    preview: (db: Db, args: { customerId: string; now: Date; input: unknown }) => Promise<Outcome<ActionPreview>>;
  };
  return { input: parsed.data, outcome: await action.preview(db, { customerId, now, input: parsed.data }) };
}
