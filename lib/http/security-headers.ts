/**
 * The security headers of every response. proxy.ts sets them on pages (the CSP carries a fresh
 * nonce per request); the route wrapper sets apiSecurityHeaders on every API response (the proxy
 * skips /api: Next.js buffers a request body for the proxy, which would defeat the body cap);
 * next.config.ts adds the static ones everywhere, including the files the proxy skips
 * (/_next/static and the like). Pure functions, so the policy is unit-tested.
 */

export type SecurityHeaderOptions = {
  /** This request's nonce: Next.js reads it from the CSP request header and puts it on its scripts. */
  nonce: string;
  /** The request reached us over https (directly or per X-Forwarded-Proto). */
  https: boolean;
  /** The frame-ancestors sources (FRAME_ANCESTORS), e.g. "'self'". */
  frameAncestors: string;
  /** `next dev`: React's dev build rebuilds server error stacks with eval. Never in production. */
  dev: boolean;
};

/** Headers that do not depend on the request; next.config.ts also sets them on static files. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Two years, the preload list's minimum; no includeSubDomains: other hosts of the domain are not ours to pin. */
const HSTS = 'max-age=63072000';

export function contentSecurityPolicy({ nonce, https, frameAncestors, dev }: SecurityHeaderOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'strict-dynamic': the nonce'd bootstrap scripts may load Next's chunks; hosts (and 'self')
    // are then ignored by browsers that understand it, so an injected <script src> never runs.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // 'unsafe-inline' for styles: Radix (popper positions, scroll lock), recharts and tailwind's
    // arbitrary values write style attributes, which cannot carry a nonce (and a nonce in this
    // directive would disable 'unsafe-inline'). Injected CSS cannot reach another origin: images,
    // fonts and connections are limited to 'self' below.
    ['style-src', "'self'", "'unsafe-inline'"],
    // No remote images: an <img> is a tracking and exfiltration channel.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
    ...(https ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** X-Frame-Options can only say DENY or SAMEORIGIN; with other frame ancestors it is left out (frame-ancestors rules anyway). */
function frameOptions(frameAncestors: string): string | undefined {
  if (frameAncestors === "'none'") return 'DENY';
  if (frameAncestors === "'self'") return 'SAMEORIGIN';
  return undefined;
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...STATIC_SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(options),
  };
  const xfo = frameOptions(options.frameAncestors);
  if (xfo) headers['X-Frame-Options'] = xfo;
  // Browsers ignore HSTS received over http; sending it only over https keeps plain-http installs reachable.
  if (options.https) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}

/** An API response is data, never a document: nothing may load from it, frame it or run in it. */
export function apiSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...STATIC_SECURITY_HEADERS,
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Over https: the first X-Forwarded-Proto (the hop that faced the browser), else the URL's own protocol. */
export function isHttpsRequest(url: URL, forwardedProto: string | null): boolean {
  const first = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  return (first || url.protocol.replace(':', '')) === 'https';
}

/** 128 random bits, base64: unguessable and new for every request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
