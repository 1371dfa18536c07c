import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

const now = new Date('2025-03-31T18:30:00Z');

describe('parseRange', () => {
  it('defaults to the last 30 UTC days, today included', () => {
    const r = parseRange({}, now);
    expect(r).toMatchObject({ from: '2025-03-02', to: '2025-03-31', days: 30, problem: null });
    expect(r.range.from.toISOString()).toBe('2025-03-02T00:00:00.000Z');
    expect(r.range.to.toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });

  it('reads both ends, the end day included', () => {
    const r = parseRange({ from: '2025-01-01', to: '2025-01-31' }, now);
    expect(r).toMatchObject({ from: '2025-01-01', to: '2025-01-31', days: 31, problem: null });
    expect(r.range.to.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(parseRange({ from: '2025-03-31', to: '2025-03-31' }, now).days).toBe(1);
  });

  it('fills a missing end: 30 days up to "to", or from "from" to today', () => {
    expect(parseRange({ to: '2025-02-28' }, now)).toMatchObject({ from: '2025-01-30', to: '2025-02-28' });
    expect(parseRange({ from: '2025-03-20' }, now)).toMatchObject({ from: '2025-03-20', to: '2025-03-31', days: 12 });
  });

  it('falls back to the default, saying why, for bad dates, backwards and overlong ranges', () => {
    expect(parseRange({ from: '2025-02-30' }, now)).toMatchObject({ from: '2025-03-02', problem: expect.stringContaining('not a date') });
    expect(parseRange({ from: "2025-01-01' or 1=1" }, now).problem).toContain('not a date');
    expect(parseRange({ from: '2025-03-10', to: '2025-03-01' }, now).problem).toContain('starts after it ends');
    expect(parseRange({ from: '2020-01-01', to: '2025-01-01' }, now).problem).toContain('limited');
    expect(parseRange({ from: ['2025-03-01', 'x'], to: '2025-03-05' }, now)).toMatchObject({ from: '2025-03-01', days: 5 });
  });
});
