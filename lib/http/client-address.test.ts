import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';
import { PEER_ADDRESS_HEADER } from './peer-address';

const headers = (peer: string | null, forwarded?: string) => {
  const h = new Headers();
  if (peer) h.set(PEER_ADDRESS_HEADER, peer);
  if (forwarded !== undefined) h.set('x-forwarded-for', forwarded);
  return h;
};

describe('clientAddress', () => {
  it('without trusted proxies is the TCP peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress(headers('10.0.0.7', '1.2.3.4'), { trustedProxyHops: 0 })).toBe('10.0.0.7');
    expect(clientAddress(headers(null, '1.2.3.4'), { trustedProxyHops: 0 })).toBe('unknown');
  });

  it('behind one proxy is the entry that proxy appended, not what the client forged before it', () => {
    // Client forged "6.6.6.6"; the proxy appended the real client 203.0.113.9; the peer is the proxy.
    expect(clientAddress(headers('10.0.0.2', '6.6.6.6, 203.0.113.9'), { trustedProxyHops: 1 })).toBe('203.0.113.9');
    expect(clientAddress(headers('10.0.0.2', '203.0.113.9'), { trustedProxyHops: 1 })).toBe('203.0.113.9');
  });

  it('behind two proxies skips both', () => {
    expect(clientAddress(headers('10.0.0.3', '6.6.6.6, 203.0.113.9, 10.0.0.2'), { trustedProxyHops: 2 })).toBe('203.0.113.9');
  });

  it('with fewer entries than proxies falls back to the peer', () => {
    expect(clientAddress(headers('10.0.0.2'), { trustedProxyHops: 1 })).toBe('10.0.0.2');
  });
});
