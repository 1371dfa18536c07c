import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { auth } from '@/lib/auth';
import { getDatabase } from '@/lib/db';
import type { ConversationOwner } from '@/lib/db/queries/conversations';
import { findUserById } from '@/lib/db/queries/users';
import { anonKeyOf } from './anon-key';

/**
 * Who owns the chat: the signed-in user, or an anonymous browser session identified by a random
 * token in an httpOnly cookie. Only the token's hash is stored, so database contents never let
 * anyone impersonate a visitor.
 */
export const ANON_COOKIE = 'lantern-chat';
const TOKEN = /^[\w-]{43}$/;

export type ChatIdentity = { owner: ConversationOwner; signedIn: boolean; userId: string | null };

/** The current owner; with `create`, an anonymous visitor gets a session cookie on the spot. */
export async function resolveChatIdentity({ create, secure = false }: { create: boolean; secure?: boolean }): Promise<ChatIdentity | null> {
  const session = await auth();
  const userId = session?.user?.id;
  const jar = await cookies();
  let token = jar.get(ANON_COOKIE)?.value;
  if (userId) {
    const { db } = await getDatabase();
    // A deleted user's token is not an owner. The browser's anonymous session, if any, comes
    // along: what the visitor started before signing in is theirs.
    if (await findUserById(db, { id: userId })) {
      const anonKey = token && TOKEN.test(token) ? anonKeyOf(token) : undefined;
      return { owner: { kind: 'user', userId, anonKey }, signedIn: true, userId };
    }
  }
  if (!token || !TOKEN.test(token)) {
    if (!create) return null;
    token = randomBytes(32).toString('base64url');
    // Secure whenever the site is served over https; a session cookie (ends with the browser session).
    jar.set(ANON_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  }
  return { owner: { kind: 'anon', anonKey: anonKeyOf(token) }, signedIn: false, userId: null };
}
