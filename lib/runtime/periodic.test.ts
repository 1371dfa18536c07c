import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic, stopPeriodic } from './periodic';

describe('startPeriodic', () => {
  afterEach(() => {
    stopPeriodic('test');
    vi.useRealTimers();
  });

  it('runs the task every interval, never twice at once, and goes on after a failure', async () => {
    vi.useFakeTimers();
    let release: (() => void) | undefined;
    let runs = 0;
    const errors: unknown[] = [];
    startPeriodic(
      'test',
      100,
      async () => {
        runs++;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        if (runs === 2) throw new Error('boom');
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(350);
    expect(runs).toBe(1); // the first run has not finished: the ticks in between were skipped
    release!();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(3);
  });

  it('one per name: starting again replaces it; stopping ends it', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    startPeriodic('test', 100, async () => void calls.push('old'), () => {});
    startPeriodic('test', 100, async () => void calls.push('new'), () => {});
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toEqual(['new', 'new']);
    stopPeriodic('test');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual(['new', 'new']);
  });
});
