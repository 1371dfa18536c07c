import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { endSessions, recordLogin } from '@/lib/db/queries/users';
import { log } from '@/lib/observability/logger';
import { baseAuthConfig } from './config';
import { verifyLogin } from './login';
import { groupsOf, signInFromIdentityProvider } from './oidc';
import { clientAddress } from '@/lib/http/client-address';

/** Thrown to the sign-in form when the limit on failed attempts is reached. */
export class RateLimitedSignin extends CredentialsSignin {
  code = 'rate_limited';
}

/** Thrown when staff try a password while STAFF_PASSWORD_LOGIN=off: they sign in through the identity provider. */
export class UseSingleSignOn extends CredentialsSignin {
  code = 'use_sso';
}

/** The identity provider's id in Auth.js (its callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = 'oidc';

// Lazy, so the secret is resolved at the first request, never at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const base = baseAuthConfig();
  const config = getConfig();
  const oidc = config.oidc;
  return {
  ...base,
  callbacks: {
    ...base.callbacks,
    /**
     * A sign-in through the identity provider becomes a Lantern staff account here (created on
     * first sign-in, its role from the groups claim); refused ones go back to the sign-in page
     * with the reason. The user object carries on to the jwt callback (no adapter: same object).
     */
    async signIn({ user, account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID || !oidc) return true;
      const { db } = await getDatabase();
      const claims = (profile ?? {}) as Record<string, unknown>;
      const result = await signInFromIdentityProvider(
        db,
        { email: typeof claims.email === 'string' ? claims.email : user.email, name: typeof claims.name === 'string' ? claims.name : user.name, groups: groupsOf(claims, oidc.groupsClaim) },
        oidc,
      );
      if (!result.ok) {
        log().warn({ reason: result.reason }, 'single sign-on refused');
        return `/login?error=sso_${result.reason}`;
      }
      await recordLogin(db, { id: result.user.id });
      Object.assign(user, { id: result.user.id, role: result.user.role, sessionVersion: result.user.sessionVersion, name: result.user.name, email: result.user.email });
      return true;
    },
  },
  events: {
    // Every sign-out (the UI's server action, POST /api/auth/signout) comes through here with the
    // token being cleared. Bumping the user's session version ends that token wherever a copy of
    // the cookie lives. Errors are logged by Auth.js; the cookie is cleared regardless.
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      if (!token?.uid || typeof token.sv !== 'number') return;
      const { db } = await getDatabase();
      await endSessions(db, { id: token.uid, from: token.sv });
    },
  },
  providers: [
    ...(oidc
      ? [
          {
            id: OIDC_PROVIDER_ID,
            name: oidc.name,
            type: 'oidc' as const,
            issuer: oidc.issuer,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
            authorization: { params: { scope: oidc.scope } },
            checks: ['pkce' as const, 'state' as const, 'nonce' as const],
            // Only the identity: the role and the account come from signIn above.
            profile: (p: Record<string, unknown>) => ({ id: String(p.sub), email: typeof p.email === 'string' ? p.email : null, name: typeof p.name === 'string' ? p.name : null }),
          },
        ]
      : []),
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials, request) {
        const { db } = await getDatabase();
        const result = await verifyLogin(db, {
          credentials,
          ip: clientAddress(request.headers, { trustedProxyHops: config.trustedProxyHops }),
          limits: config.loginRateLimit,
        });
        if (result.ok) {
          if (config.staffPasswordLogin === 'off' && result.user.role !== 'customer') throw new UseSingleSignOn();
          return result.user;
        }
        if (result.reason === 'rate_limited') throw new RateLimitedSignin();
        return null;
      },
    }),
  ],
  };
});
