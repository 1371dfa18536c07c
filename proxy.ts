import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { baseAuthConfig } from '@/lib/auth/config';
import { can } from '@/lib/auth/permissions';
import { isRole } from '@/lib/auth/roles';

/**
 * First gate for the console: /admin and /api/admin need a staff session. Handlers check again
 * (lib/auth/guard.ts) with the role from the database; this layer only spares them the traffic.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const protocol = request.headers.get('x-forwarded-proto') ?? request.nextUrl.protocol.replace(':', '');
  const token = await getToken({
    req: request,
    secret: baseAuthConfig().secret!,
    secureCookie: protocol === 'https',
  });
  const role = token?.role;
  if (isRole(role) && can(role, 'console:access')) return NextResponse.next();

  if (request.nextUrl.pathname.startsWith('/api/')) {
    return role
      ? NextResponse.json({ error: { code: 'forbidden', message: 'Staff only.' } }, { status: 403 })
      : NextResponse.json({ error: { code: 'unauthenticated', message: 'Sign in to use this API.' } }, { status: 401 });
  }
  const login = new URL('/login', request.nextUrl.origin);
  login.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  if (role) login.searchParams.set('error', 'forbidden');
  return NextResponse.redirect(login);
}

export const config = { matcher: ['/admin', '/admin/:path*', '/api/admin/:path*'] };
