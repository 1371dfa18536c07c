import { and, desc, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { conversations, handoffs, type ConversationRow } from '../schema';

/**
 * Who is asking: a signed-in user, or an anonymous browser session (hashed cookie token). A user
 * who chatted anonymously in this browser before signing in still has that session's key: their
 * anonymous conversations become theirs (they proved possession of the cookie).
 */
export type ConversationOwner = { kind: 'user'; userId: string; anonKey?: string } | { kind: 'anon'; anonKey: string };

function ownedBy(owner: ConversationOwner) {
  return owner.kind === 'user' ? eq(conversations.ownerUserId, owner.userId) : eq(conversations.ownerAnonKey, owner.anonKey);
}

/** Hands a conversation started anonymously in this browser over to the user who signed in. */
async function adoptAnonymous(db: Db, { id, owner }: { id: string; owner: ConversationOwner }): Promise<void> {
  if (owner.kind !== 'user' || !owner.anonKey) return;
  await db
    .update(conversations)
    .set({ ownerUserId: owner.userId, ownerAnonKey: null })
    .where(and(eq(conversations.id, id), eq(conversations.ownerAnonKey, owner.anonKey)));
}

/** The conversation if this owner owns it; someone else's conversation is reported as missing. */
export async function findOwnedConversation(
  db: Db,
  { id, owner }: { id: string; owner: ConversationOwner },
): Promise<ConversationRow | undefined> {
  await adoptAnonymous(db, { id, owner });
  const [row] = await db.select().from(conversations).where(and(eq(conversations.id, id), ownedBy(owner))).limit(1);
  return row;
}

/** `created`: this call made it (nothing has happened in it yet: no history, nobody holding it). */
export type OpenConversationResult = { ok: true; conversation: ConversationRow; created: boolean } | { ok: false; reason: 'not_owner' };

/**
 * Returns the owner's conversation with this id, creating it on first use (the browser picks
 * the id). An id that already belongs to someone else is refused, never shared.
 */
export async function openConversation(
  db: Db,
  { id, owner, title, lang }: { id: string; owner: ConversationOwner; title: string; lang: string | null },
): Promise<OpenConversationResult> {
  const [created] = await db
    .insert(conversations)
    .values({
      id,
      ownerUserId: owner.kind === 'user' ? owner.userId : null,
      ownerAnonKey: owner.kind === 'anon' ? owner.anonKey : null,
      title: title.slice(0, 120),
      lang,
    })
    .onConflictDoNothing({ target: conversations.id })
    .returning();
  if (created) return { ok: true, conversation: created, created: true };
  const conversation = await findOwnedConversation(db, { id, owner });
  return conversation ? { ok: true, conversation, created: false } : { ok: false, reason: 'not_owner' };
}

/** After a reply: the conversation's time, language and (when given) its dialog state, in one update. */
export async function touchConversation(db: Db, { id, lang, dialog }: { id: string; lang: string | null; dialog?: Record<string, unknown> }): Promise<void> {
  await db
    .update(conversations)
    .set({ updatedAt: sql`now()`, ...(lang ? { lang } : {}), ...(dialog ? { dialog } : {}) })
    .where(eq(conversations.id, id));
}

export async function listUserConversations(
  db: Db,
  { userId, limit = 50 }: { userId: string; limit?: number },
): Promise<Pick<ConversationRow, 'id' | 'title' | 'lang' | 'updatedAt'>[]> {
  return db
    .select({ id: conversations.id, title: conversations.title, lang: conversations.lang, updatedAt: conversations.updatedAt })
    .from(conversations)
    .where(eq(conversations.ownerUserId, userId))
    .orderBy(desc(conversations.updatedAt))
    .limit(limit);
}

/**
 * How long an anonymous visitor's conversation comes back in a new tab of the same browser
 * (since its last message); one a person is handling comes back however old it is.
 */
export const RESUME_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The conversation a new tab of this browser should show: the owner's most recent one that a
 * person is still handling (a hand-off not closed), else, for an anonymous visitor, the most
 * recent one active since `since`. Signed-in customers pick older ones from their list.
 */
export async function findResumableConversation(db: Db, { owner, since }: { owner: ConversationOwner; since: Date }): Promise<string | null> {
  const active = db
    .select({ id: handoffs.id })
    .from(handoffs)
    .where(and(eq(handoffs.conversationId, conversations.id), ne(handoffs.status, 'closed')));
  const recent = owner.kind === 'anon' ? gte(conversations.updatedAt, since) : undefined;
  const [row] = await db
    .select({ id: conversations.id, held: sql<boolean>`exists (${active})` })
    .from(conversations)
    .where(and(ownedBy(owner), or(sql`exists (${active})`, recent)))
    .orderBy(sql`exists (${active}) desc`, desc(conversations.updatedAt))
    .limit(1);
  return row?.id ?? null;
}
