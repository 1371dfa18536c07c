import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage';

describe('collectGarbage', () => {
  it('frees unreachable memory at once (without --expose-gc on the command line)', async () => {
    const ref = new WeakRef(new ArrayBuffer(16 * 1024 * 1024));
    // A WeakRef's target stays alive until the end of the job that created or read it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    // A boolean, so that a failure does not print 16 MB.
    expect(ref.deref() === undefined).toBe(true);
  });
});
