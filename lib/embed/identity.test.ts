import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyIdentity } from './identity';

const SECRET = 'portal-shared-secret-0123456789-abcdef';
const SITES = [
  { origin: 'https://portal.example.com', secret: SECRET },
  { origin: 'https://www.example.com', secret: undefined },
];
const NOW = new Date('2026-11-26T12:00:00Z');
const at = (seconds: number) => Math.floor(NOW.getTime() / 1000) + seconds;

function sign(claims: Record<string, unknown>, { secret = SECRET, alg = 'HS256' } = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
}

describe('verifyIdentity', () => {
  it("verifies a short-lived token signed with the site's secret", async () => {
    const token = await sign({ sub: 'AW-10482736', iat: at(0), exp: at(600) });
    expect(await verifyIdentity({ token, site: 'https://portal.example.com' }, SITES, NOW)).toEqual({ status: 'verified', customerNumber: 'AW-10482736' });
  });

  it('says an expired token is expired', async () => {
    const token = await sign({ sub: 'AW-10482736', exp: at(-120) });
    expect(await verifyIdentity({ token, site: 'https://portal.example.com' }, SITES, NOW)).toEqual({ status: 'expired' });
  });

  it('refuses tampered, unsigned, foreign, long-lived and incomplete tokens', async () => {
    const site = 'https://portal.example.com';
    const good = await sign({ sub: 'AW-10482736', exp: at(600) });
    const [header, , signature] = good.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'AW-55501234', exp: at(600) })).toString('base64url');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${otherPayload}.`;
    const cases = [
      `${header}.${otherPayload}.${signature}`,
      unsigned,
      await sign({ sub: 'AW-10482736', exp: at(600) }, { secret: 'another-secret-0123456789-abcdefghijkl' }),
      await sign({ sub: 'AW-10482736', exp: at(3 * 24 * 3600) }),
      await sign({ sub: 'AW-10482736' }),
      await sign({ exp: at(600) }),
      'not a token',
    ];
    for (const token of cases) expect((await verifyIdentity({ token, site }, SITES, NOW)).status).toBe('invalid');
  });

  it('refuses a site that is not listed or has no secret', async () => {
    const token = await sign({ sub: 'AW-10482736', exp: at(600) });
    expect(await verifyIdentity({ token, site: 'https://evil.example' }, SITES, NOW)).toEqual({ status: 'invalid', reason: 'unknown_site' });
    expect(await verifyIdentity({ token, site: 'https://www.example.com' }, SITES, NOW)).toEqual({ status: 'invalid', reason: 'no_secret' });
  });
});
