import { errors, jwtVerify } from 'jose';
import type { WidgetSite } from '@/lib/config';

/**
 * Verified customers from the host site (like Intercom's identity verification): the site's
 * backend signs `{ sub: <customer number>, exp }` with the site's shared secret (HS256) and hands
 * the token to the widget. A token that does not verify is no identity: the visitor chats
 * anonymously. The token itself is never logged or stored.
 */
export { IDENTITY_HEADER, SITE_HEADER } from './headers';

/** Tokens must be short-lived: one valid for longer than this is refused. */
export const MAX_IDENTITY_LIFETIME_SECONDS = 24 * 60 * 60;

export type IdentityCheck =
  | { status: 'verified'; customerNumber: string }
  | { status: 'expired' }
  | { status: 'invalid'; reason: 'unknown_site' | 'no_secret' | 'bad_token' | 'too_long' };

/** The customer a token names, if the named site signed it and it is still valid at `now`. */
export async function verifyIdentity(
  { token, site }: { token: string; site: string },
  sites: readonly WidgetSite[],
  now: Date = new Date(),
): Promise<IdentityCheck> {
  const known = sites.find((s) => s.origin === site);
  if (!known) return { status: 'invalid', reason: 'unknown_site' };
  if (!known.secret) return { status: 'invalid', reason: 'no_secret' };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(known.secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
      currentDate: now,
    });
    if (payload.exp! - now.getTime() / 1000 > MAX_IDENTITY_LIFETIME_SECONDS) return { status: 'invalid', reason: 'too_long' };
    return { status: 'verified', customerNumber: payload.sub! };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid', reason: 'bad_token' };
  }
}
