import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { baseAuthConfig } from '@/lib/auth/config';
import { can } from '@/lib/auth/permissions';
import { isRole } from '@/lib/domain/roles';
import { getConfig } from '@/lib/config';
import { embedLocale, isEmbedPath, widgetFrameAncestors } from '@/lib/embed/frame';
import { isHttpsRequest, newNonce, securityHeaders } from '@/lib/http/security-headers';
import { LOCALE_HEADER } from '@/lib/i18n/locales';

/**
 * Runs before every page request: sets the security headers (lib/http/security-headers.ts) with a
 * fresh CSP nonce, and gates the console's pages. It does not run for /api: Next.js reads a
 * request's body for the proxy (up to 10 MB), which would defeat the route wrapper's streaming
 * body cap. API routes get their headers and their access check from lib/http/route.ts.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = newNonce();
  const config = getConfig();
  // The widget's page may be framed by the sites that embed it; every other page keeps FRAME_ANCESTORS.
  const embed = isEmbedPath(request.nextUrl.pathname);
  const headers = securityHeaders({
    nonce,
    https: isHttpsRequest(request.nextUrl, request.headers.get('x-forwarded-proto')),
    frameAncestors: embed ? widgetFrameAncestors(config.widget.sites) : config.frameAncestors,
    dev: process.env.NODE_ENV === 'development',
  });
  // Next.js reads the nonce from the request's CSP header and puts it on its own scripts; the
  // root layout reads x-nonce for next-themes' inline script. Both overwrite anything the client sent.
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['Content-Security-Policy']!);
  forwarded.set('x-nonce', nonce);
  // The widget's language comes from the host page (?lang=); a client cannot set it elsewhere.
  const locale = embed ? embedLocale(request.nextUrl.searchParams.get('lang')) : undefined;
  if (locale) forwarded.set(LOCALE_HEADER, locale);
  else forwarded.delete(LOCALE_HEADER);
  const next = () => NextResponse.next({ request: { headers: forwarded } });

  const response = isConsolePath(request.nextUrl.pathname) ? await consoleGate(request, next) : next();
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * First gate for the console's pages: /admin needs a staff session. Pages check again
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

  const login = new URL('/login', request.nextUrl.origin);
  login.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  if (role) login.searchParams.set('error', 'forbidden');
  return NextResponse.redirect(login);
}

export const config = {
  // Every page and API; not the build's static files, which carry no HTML (next.config.ts gives them nosniff).
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico).*)'],
};
