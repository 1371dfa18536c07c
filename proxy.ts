import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { baseAuthConfig } from '@/lib/auth/config';
import { can } from '@/lib/auth/permissions';
import { isRole } from '@/lib/auth/roles';
import { getConfig } from '@/lib/config';
import { isHttpsRequest, newNonce, securityHeaders } from '@/lib/http/security-headers';

/**
 * Runs before every page and API request: sets the security headers (lib/http/security-headers.ts)
 * with a fresh CSP nonce, and gates the console.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = newNonce();
  const headers = securityHeaders({
    nonce,
    https: isHttpsRequest(request.nextUrl, request.headers.get('x-forwarded-proto')),
    frameAncestors: getConfig().frameAncestors,
    dev: process.env.NODE_ENV === 'development',
  });
  // Next.js reads the nonce from the request's CSP header and puts it on its own scripts; the
  // root layout reads x-nonce for next-themes' inline script. Both overwrite anything the client sent.
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['Content-Security-Policy']!);
  forwarded.set('x-nonce', nonce);
  const next = () => NextResponse.next({ request: { headers: forwarded } });

  const response = isConsolePath(request.nextUrl.pathname) ? await consoleGate(request, next) : next();
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function isConsolePath(pathname: string): boolean {
  return ['/admin', '/api/admin'].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * First gate for the console: /admin and /api/admin need a staff session. Handlers check again
 * (lib/auth/guard.ts) with the role from the database; this layer only spares them the traffic.
 */
async function consoleGate(request: NextRequest, next: () => NextResponse): Promise<NextResponse> {
  const protocol = request.headers.get('x-forwarded-proto') ?? request.nextUrl.protocol.replace(':', '');
  const token = await getToken({
    req: request,
    secret: baseAuthConfig().secret!,
    secureCookie: protocol === 'https',
  });
  const role = token?.role;
  if (isRole(role) && can(role, 'console:access')) return next();

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

export const config = {
  // Every page and API; not the build's static files, which carry no HTML (next.config.ts gives them nosniff).
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
