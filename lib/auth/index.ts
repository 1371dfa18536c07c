import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
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
