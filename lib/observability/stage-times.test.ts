import { describe, expect, it } from 'vitest';
import { recordStages, timeStage } from './stage-times';

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

  it('just runs the work outside a recorded turn', async () => {
    expect(await timeStage('embed', () => 42)).toBe(42);
  });
});
