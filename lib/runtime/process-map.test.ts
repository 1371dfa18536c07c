import { describe, expect, it, vi } from 'vitest';

describe('processMap', () => {
  it('gives every copy of a module the same map (Next loads a module once per route)', async () => {
    const first = await import('./process-map');
    vi.resetModules();
    const second = await import('./process-map');
    expect(second).not.toBe(first);
    const map = first.processMap<string, number>('test.shared');
    map.set('warm', 1);
    expect(second.processMap<string, number>('test.shared').get('warm')).toBe(1);
    expect(second.processMap('test.other')).not.toBe(map);
  });

  it('shares the stemmer’s cache between copies of the text module', async () => {
    const first = await import('@/lib/ai/local/text');
    vi.resetModules();
    const second = await import('@/lib/ai/local/text');
    expect(second).not.toBe(first);
    first.stem('verbindungsprobleme', 'de');
    const { processMap } = await import('./process-map');
    expect(processMap<string, string>('stems.de').has('verbindungsprobleme')).toBe(true);
  });
});
