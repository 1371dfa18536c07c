import { describe, expect, it } from 'vitest';
import { demoExposure } from './demo-exposure';

describe('demo accounts and the listening address', () => {
  it('says nothing without active demo accounts, wherever it listens', () => {
    for (const address of [undefined, '127.0.0.1', '0.0.0.0', '10.0.0.5'])
      expect(demoExposure({ activeDemoAccounts: 0, address, demoOnNetwork: 'refuse' })).toEqual({ kind: 'none' });
  });

  it('on loopback: one info line that says so and how to open it up', () => {
    const exposure = demoExposure({ activeDemoAccounts: 7, address: '127.0.0.1', demoOnNetwork: 'refuse' });
    expect(exposure.kind).toBe('loopback');
    if (exposure.kind === 'none') throw new Error('expected a message');
    expect(exposure.message).toMatch(/7 demo accounts .* listening on 127\.0\.0\.1 only/);
    expect(exposure.message).toContain('SEED_DEMO=never');
    expect(exposure.message).toContain('DEMO_ON_NETWORK=allow');
  });

  it('on a network address: refuses, naming both ways out, on one line', () => {
    for (const address of ['0.0.0.0', '192.0.2.2', 'lantern.example.com']) {
      const exposure = demoExposure({ activeDemoAccounts: 1, address, demoOnNetwork: 'refuse' });
      expect(exposure.kind, address).toBe('refused');
      if (exposure.kind === 'none') throw new Error('expected a message');
      expect(exposure.message).toContain('SEED_DEMO=never');
      expect(exposure.message).toContain('DEMO_ON_NETWORK=allow');
      expect(exposure.message).not.toContain('\n');
    }
    const all = demoExposure({ activeDemoAccounts: 1, address: '0.0.0.0', demoOnNetwork: 'refuse' });
    expect(all.kind !== 'none' && all.message).toContain('every interface');
  });

  it('with DEMO_ON_NETWORK=allow: serves, with a warning', () => {
    const exposure = demoExposure({ activeDemoAccounts: 7, address: '0.0.0.0', demoOnNetwork: 'allow' });
    expect(exposure.kind).toBe('allowed');
    // The opt-in changes nothing on loopback.
    expect(demoExposure({ activeDemoAccounts: 7, address: '::1', demoOnNetwork: 'allow' }).kind).toBe('loopback');
  });

  it('started without npm start (address unknown): warns rather than guessing', () => {
    expect(demoExposure({ activeDemoAccounts: 7, address: undefined, demoOnNetwork: 'refuse' }).kind).toBe('unknown');
  });
});
