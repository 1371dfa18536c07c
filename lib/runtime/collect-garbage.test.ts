import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage';

describe('collectGarbage', () => {
  it('frees unreachable memory at once (without --expose-gc on the command line)', () => {
    let buffer: ArrayBuffer | null = new ArrayBuffer(64 * 1024 * 1024);
    const ref = new WeakRef(buffer);
    buffer = null;
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
