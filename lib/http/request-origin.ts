/** The origin a request reached us on (behind a proxy: the forwarded host and protocol), for links we show. */
export function requestOrigin(headers: Headers): string | undefined {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  if (!host) return undefined;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
