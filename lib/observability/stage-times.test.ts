import { describe, expect, it } from 'vitest';
import { recordStages, timeStage, turnStartedAt } from './stage-times';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stage times', () => {
  it('counts each stage’s own time, without the stages inside it', async () => {
    const { result, stages } = await recordStages(async () => {
      await timeStage('search SQL', async () => {
        await wait(20);
        await timeStage('rerank', () => wait(30));
      });
      return 'done';
    });
    expect(result).toBe('done');
    expect(stages.rerank).toBeGreaterThanOrEqual(25);
    expect(stages['search SQL']).toBeGreaterThanOrEqual(15);
    // The rerank's 30 ms are not counted again in the search's.
    expect(stages['search SQL']).toBeLessThan(45);
  });

  it('adds up a stage run several times, and keeps concurrent branches apart', async () => {
    const { stages } = await recordStages(async () => {
      await Promise.all([timeStage('embed', () => wait(20)), timeStage('embed', () => wait(20)), timeStage('select', () => wait(5))]);
    });
    expect(stages.embed).toBeGreaterThanOrEqual(35);
    expect(stages.select).toBeLessThan(20);
  });

  it('gives every stage the turn’s start, so timings taken late still count the stages before', async () => {
    const before = performance.now();
    const { result } = await recordStages(async () => {
      const atStart = turnStartedAt();
      await timeStage('language', () => wait(15));
      return { atStart, inStage: await timeStage('generate', () => turnStartedAt()) };
    });
    expect(result.atStart).toBeGreaterThanOrEqual(before);
    expect(result.inStage).toBe(result.atStart);
    expect(turnStartedAt()).toBeUndefined();
  });

  it('just runs the work outside a recorded turn', async () => {
    expect(await timeStage('embed', () => 42)).toBe(42);
  });
});
