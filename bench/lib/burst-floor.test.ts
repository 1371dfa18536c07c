import { describe, expect, it } from 'vitest';
import { burstTtftFloorMs } from './burst-floor';

describe('burstTtftFloorMs', () => {
  it('is the CPU of the p95 chat and every chat before it, spread over the cores', () => {
    // 20 chats: the p95 is the 19th first token; 19 × 40 ms of CPU over 2 cores.
    expect(burstTtftFloorMs({ chats: 20, cpuMsPerChat: 40, cores: 2 })).toBe(380);
    expect(burstTtftFloorMs({ chats: 20, cpuMsPerChat: 40, cores: 4 })).toBe(190);
    expect(burstTtftFloorMs({ chats: 20, cpuMsPerChat: 40, cores: 2, percentile: 50 })).toBe(200);
  });

  it('has no floor without chats or cores', () => {
    expect(burstTtftFloorMs({ chats: 0, cpuMsPerChat: 40, cores: 2 })).toBeNaN();
    expect(burstTtftFloorMs({ chats: 20, cpuMsPerChat: 40, cores: 0 })).toBeNaN();
  });
});
