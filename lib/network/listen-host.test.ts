import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { shouldSeedDemo } from '@/lib/startup';
import { demoMayBeSeeded, isLoopbackHost, isValidHost, listenHost } from './listen-host.mjs';

const PG = 'postgres://u:p@db.internal:5432/lantern';

describe('the address npm start listens on', () => {
  it('is loopback by default where demo accounts may be seeded, else every interface', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ SEED_DEMO: 'auto' })).toBe('127.0.0.1');
    expect(listenHost({ SEED_DEMO: 'always', DATABASE_URL: PG })).toBe('127.0.0.1');
    expect(listenHost({ DATABASE_URL: PG })).toBeUndefined();
    expect(listenHost({ SEED_DEMO: 'never' })).toBeUndefined();
    // Empty values count as unset, as in lib/config.ts.
    expect(listenHost({ SEED_DEMO: '', DATABASE_URL: '' })).toBe('127.0.0.1');
  });

  it('is HOST when set, whatever the demo setting', () => {
    expect(listenHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(listenHost({ HOST: ' 10.0.0.5 ', DATABASE_URL: PG })).toBe('10.0.0.5');
    expect(listenHost({ HOST: '' })).toBe('127.0.0.1');
  });

  it('agrees with the server on whether demo accounts may be seeded', () => {
    for (const SEED_DEMO of [undefined, 'auto', 'always', 'never'])
      for (const DATABASE_URL of [undefined, PG]) {
        const env = { SEED_DEMO, DATABASE_URL };
        expect(demoMayBeSeeded(env), JSON.stringify(env)).toBe(shouldSeedDemo(parseConfig(env)));
      }
  });

  it('tells loopback addresses from network ones', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST', 'app.localhost', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.0.2.2', '10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', 'fd00::2']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('accepts IP addresses and host names, nothing else', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'fd00::2', 'localhost', 'app-1.internal', 'a.b.c']) expect(isValidHost(host), host).toBe(true);
    for (const host of ['', 'http://x', 'a b', '-x', 'x-', 'a..b', '1.2.3.4:80', 'x'.repeat(64), 'a;rm -rf']) expect(isValidHost(host), host).toBe(false);
  });
});
