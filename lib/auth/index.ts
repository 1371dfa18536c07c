import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { endSessions } from '@/lib/db/queries/users';
import { baseAuthConfig } from './config';
import { verifyLogin } from './login';
import { clientAddress } from '@/lib/http/client-address';

/** Thrown to the sign-in form when the limit on failed attempts is reached. */
export class RateLimitedSignin extends CredentialsSignin {
  code = 'rate_limited';
}

// Lazy, so the secret is resolved at the first request, never at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...baseAuthConfig(),
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
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      async authorize(credentials, request) {
        const { db } = await getDatabase();
        const config = getConfig();
        const result = await verifyLogin(db, {
          credentials,
          ip: clientAddress(request.headers, { trustedProxyHops: config.trustedProxyHops }),
          limits: config.loginRateLimit,
        });
        if (result.ok) return result.user;
        if (result.reason === 'rate_limited') throw new RateLimitedSignin();
        return null;
      },
    }),
  ],
}));
