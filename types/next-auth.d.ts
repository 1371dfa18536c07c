import type { Role } from '@/lib/domain/roles';

declare module 'next-auth' {
  interface User {
    role?: Role;
    sessionVersion?: number;
  }
  interface Session {
    /** sessionVersion: the token's; a session is live only while it equals users.session_version. */
    user: { id: string; email: string; name: string; role: Role; sessionVersion?: number };
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    uid?: string;
    role?: Role;
    /** users.session_version at sign-in (lib/auth/session-user.ts). */
    sv?: number;
  }
}
