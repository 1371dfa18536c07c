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

  it('gives every copy of a module the same value, made once', async () => {
    const first = await import('./process-map');
    vi.resetModules();
    const second = await import('./process-map');
    let made = 0;
    const value = first.processValue('test.value', () => ({ made: ++made }));
    expect(second.processValue('test.value', () => ({ made: ++made }))).toBe(value);
    expect(made).toBe(1);
  });

  it('shares chrono’s parsers (and so their compiled patterns) between copies of the date-parser module', async () => {
    const first = await import('@/lib/i18n/date-parsers');
    vi.resetModules();
    const second = await import('@/lib/i18n/date-parsers');
    expect(second).not.toBe(first);
    expect(second.casualDateParser('it')).toBe(first.casualDateParser('it'));
    expect(first.casualDateParser('de')).not.toBe(first.casualDateParser('fr'));
    // The parser is chrono's own: it still reads dates in its language.
    expect(first.casualDateParser('fr').parseDate('demain', new Date('2026-03-02T12:00:00Z'))?.getUTCDate()).toBe(3);
  });

  it('keeps a process cache within its bound, the oldest entry going first', async () => {
    const { processCache } = await import('./process-map');
    const cache = processCache<string, number>('test.bounded', 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10); // an update makes no room
    expect(cache.size).toBe(2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
    vi.resetModules();
    const again = await import('./process-map');
    expect(again.processCache<string, number>('test.bounded', 2).get('c')).toBe(3);
  });
});
