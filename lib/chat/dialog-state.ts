import { z } from 'zod';

/**
 * Where a conversation stands between two messages, stored with the conversation
 * (conversations.dialog) so it survives restarts and reaches whichever instance takes the next
 * message. Kept small: what the next message may refer to, never the messages themselves.
 */

/** The assistant asked which version the customer has; the next message may answer that. */
const PendingClarification = z.object({
  kind: z.literal('version'),
  /** The standalone question the clarification was about. */
  question: z.string().max(2_000),
  /** Version ids as the corpus names them (e.g. box3, box5), in the order they were offered. */
  options: z.array(z.string().max(40)).min(2).max(6),
  /** The article the question led to, in each version (older states have none). */
  documents: z.record(z.string().max(40), z.string().max(200)).optional(),
  lang: z.string().max(5),
});

/** What the last answer was about, for elliptical follow-ups ("and how do I turn it off?"). */
const Topic = z.object({
  question: z.string().max(2_000),
  version: z.string().max(40).nullable(),
  lang: z.string().max(5),
  /** The article the answer quoted first (older states have none). */
  article: z.string().max(200).optional(),
});

/** The last account request, for follow-ups that lean on it ("move it to Thursday then"). */
const AccountTopic = z.object({ question: z.string().max(2_000) });

export const DialogStateSchema = z.object({
  pending: PendingClarification.optional(),
  topic: Topic.optional(),
  account: AccountTopic.optional(),
});

export type DialogState = z.infer<typeof DialogStateSchema>;
export type PendingClarification = z.infer<typeof PendingClarification>;
export type DialogTopic = z.infer<typeof Topic>;

/** A stored state that no longer parses (an older shape, a manual edit) is a fresh dialog, not an error. */
export function parseDialogState(raw: unknown): DialogState {
  const parsed = DialogStateSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}
