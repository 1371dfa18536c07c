import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { currentUser } from '@/lib/auth/session-user';
import type { ConversationOwner } from '@/lib/db/queries/conversations';
import { anonKeyOf } from './anon-key';

/**
 * Who owns the chat: the signed-in user, or an anonymous browser session identified by a random
 * token in an httpOnly cookie. Only the token's hash is stored, so database contents never let
 * anyone impersonate a visitor.
 */
export const ANON_COOKIE = 'lantern-chat';
const TOKEN = /^[\w-]{43}$/;

/** `created`: this request had no visitor cookie and was given one (it counts as a new visitor). */
export type ChatIdentity = { owner: ConversationOwner; signedIn: boolean; userId: string | null; created: boolean };

/** The current owner; with `create`, an anonymous visitor gets a session cookie on the spot. */
export async function resolveChatIdentity({ create, secure = false }: { create: boolean; secure?: boolean }): Promise<ChatIdentity | null> {
  // A token of a deleted or disabled user, or one that sign-out or a password change ended, is
  // not an owner: the caller is anonymous.
  const user = await currentUser();
  const jar = await cookies();
  let token = jar.get(ANON_COOKIE)?.value;
  if (user) {
    // The browser's anonymous session, if any, comes along: what the visitor started before
    // signing in is theirs.
    const anonKey = token && TOKEN.test(token) ? anonKeyOf(token) : undefined;
    return { owner: { kind: 'user', userId: user.id, anonKey }, signedIn: true, userId: user.id, created: false };
  }
  let created = false;
  if (!token || !TOKEN.test(token)) {
    if (!create) return null;
    created = true;
    token = randomBytes(32).toString('base64url');
    // Secure whenever the site is served over https; a session cookie (ends with the browser session).
    jar.set(ANON_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  }
  return { owner: { kind: 'anon', anonKey: anonKeyOf(token) }, signedIn: false, userId: null, created };
}
