import { PEER_ADDRESS_HEADER } from './peer-address';

/**
 * The client's address for rate limits. Without trusted proxies it is the TCP peer. Behind
 * `trustedProxyHops` proxies, each appends the address it saw to X-Forwarded-For, so the client
 * is that many entries from the right (the peer being the nearest proxy); anything further left
 * was written by the client and is ignored.
 */
export function clientAddress(headers: Headers, { trustedProxyHops }: { trustedProxyHops: number }): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || 'unknown';
  if (trustedProxyHops === 0) return peer;
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // Fewer entries than proxies: the request did not come through all of them.
  return chain[chain.length - 1 - trustedProxyHops] ?? peer;
}
