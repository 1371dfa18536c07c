import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { userForVerifiedCustomer } from '@/lib/actions/repository/verified-customer';
import { resolveAuthSecret } from '@/lib/auth/secret';
import { currentUser } from '@/lib/auth/session-user';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { IDENTITY_HEADER, SITE_HEADER, verifyIdentity } from '@/lib/embed/identity';
import { VISITOR_HEADER, isValidVisitorToken } from '@/lib/embed/visitor-token';
import type { ConversationOwner } from '@/lib/db/queries/conversations';
import { anonKeyOf } from './anon-key';

/**
 * Who owns the chat: the signed-in user, or an anonymous browser session identified by a random
 * token in an httpOnly cookie. Only the token's hash is stored, so database contents never let
 * anyone impersonate a visitor.
 */
export const ANON_COOKIE = 'lantern-chat';
const TOKEN = /^[\w-]{43}$/;

/**
 * In the widget (lib/embed): what became of the identity the host site passed. 'none': it passed
 * none; 'unknown': it verified but names no customer we can act for.
 */
export type EmbedIdentity = { status: 'none' | 'verified' | 'expired' | 'invalid' | 'unknown'; name?: string };

/** `created`: this request had no visitor cookie and was given one (it counts as a new visitor). */
export type ChatIdentity = { owner: ConversationOwner; signedIn: boolean; userId: string | null; created: boolean; embed?: EmbedIdentity };

/**
 * The current owner; with `create`, an anonymous visitor gets a session cookie on the spot.
 * A request from the widget (it carries a visitor token header) is answered from its headers
 * alone: null when the token is not one this server issued.
 */
export async function resolveChatIdentity({ create, secure = false, headers }: { create: boolean; secure?: boolean; headers?: Headers }): Promise<ChatIdentity | null> {
  const visitorToken = headers?.get(VISITOR_HEADER);
  if (headers && visitorToken != null) return resolveWidgetIdentity(visitorToken, headers);
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

/**
 * The widget's visitor: anonymous under its issued token, or, when the host site passed an
 * identity that verifies, the customer it names, exactly as if signed in on the help site (what
 * the visitor started anonymously comes along). The help site's own session cookie plays no part.
 */
async function resolveWidgetIdentity(visitorToken: string, headers: Headers): Promise<ChatIdentity | null> {
  const config = getConfig();
  if (!isValidVisitorToken(resolveAuthSecret(config), visitorToken)) return null;
  const anonKey = anonKeyOf(visitorToken);
  const anonymous = (embed: EmbedIdentity): ChatIdentity => ({ owner: { kind: 'anon', anonKey }, signedIn: false, userId: null, created: false, embed });
  const token = headers.get(IDENTITY_HEADER);
  const site = headers.get(SITE_HEADER);
  if (!token || !site) return anonymous({ status: 'none' });
  const check = await verifyIdentity({ token, site }, config.widget.sites);
  if (check.status !== 'verified') return anonymous({ status: check.status });
  const { db } = await getDatabase();
  const user = await userForVerifiedCustomer(db, { customerNumber: check.customerNumber });
  if (!user) return anonymous({ status: 'unknown' });
  return { owner: { kind: 'user', userId: user.userId, anonKey }, signedIn: true, userId: user.userId, created: false, embed: { status: 'verified', name: user.name } };
}
