import type { Db } from '@/lib/db/client';
import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import type { BuiltinConnector } from './connectors/builtin';

/**
 * What a built-in write would do for this customer now: the customer system's preview of a
 * validated input (English; the chat localises it), from the registry's connector. The one path
 * that builds an approval card's terms, at proposal and again at decision time, so the two can
 * be compared. Null when the input is not a valid input of the tool (or the tool is a read).
 */
export async function previewWrite(
  db: Db,
  { connector, input, customerId, now }: { connector: BuiltinConnector; input: unknown; customerId: string; now: Date },
): Promise<{ input: Record<string, unknown>; outcome: Outcome<ActionPreview> } | null> {
  if (!connector.preview) return null;
  const parsed = connector.input.safeParse(input);
  if (!parsed.success) return null;
  return { input: parsed.data, outcome: await connector.preview({ db, customerId, now, input: parsed.data }) };
}
