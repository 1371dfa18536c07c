import type { NextAuthConfig } from 'next-auth';
import { getConfig } from '@/lib/config';
import { isRole } from '@/lib/domain/roles';
import { resolveAuthSecret } from './secret';
import { errorFields, log } from '@/lib/observability/logger';

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * The part of the Auth.js configuration that needs no database: shared by the route handlers
 * (lib/auth/index.ts, which adds the credentials provider) and proxy.ts.
 */
export function baseAuthConfig(): NextAuthConfig {
  return {
    secret: resolveAuthSecret(getConfig()),
    // Self-hosted behind whatever proxy the operator runs: take the host from the request.
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login' },
    providers: [],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id && isRole(user.role)) {
          token.uid = user.id;
          token.role = user.role;
          token.sv = user.sessionVersion;
        }
        return token;
      },
      session({ session, token }) {
        if (token.uid && isRole(token.role)) {
          session.user.id = token.uid;
          session.user.role = token.role;
          session.user.sessionVersion = token.sv;
        }
        return session;
      },
    },
    logger: {
      // A failed sign-in is expected traffic, not a server error worth a stack trace.
      error(error) {
        if (error.name === 'CredentialsSignin') return;
        log().error(errorFields(error), 'auth error');
      },
    },
  };
}
