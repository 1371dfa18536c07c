import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPacer } from './pace';

describe('createPacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function pauseAfter(busyMs: number, options?: Parameters<typeof createPacer>[0]): Promise<number> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const pace = createPacer(options);
    vi.advanceTimersByTime(busyMs); // the job works this long
    let done = false;
    const paused = pace().then(() => (done = true));
    let waited = 0;
    while (!done && waited < 10_000) {
      await vi.advanceTimersByTimeAsync(1);
      waited++;
    }
    await paused;
    return waited;
  }

  it('sleeps in proportion to the work, leaving the rest of the thread to requests', async () => {
    // share 0.6: 60 ms of work buys 40 ms of rest.
    expect(await pauseAfter(60)).toBe(40);
    expect(await pauseAfter(50, { share: 0.5 })).toBe(50);
  });

  it('never pauses longer than the cap', async () => {
    expect(await pauseAfter(5_000, { maxPauseMs: 100 })).toBe(100);
  });
});
