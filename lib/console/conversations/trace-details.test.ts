import { describe, expect, it } from 'vitest';
import { describeGoldenUse, describeStageTimes, parseTraceDetails } from './trace-details';

describe('trace details in the console', () => {
  it('reads what the engine stores and says why a golden answer lost', () => {
    const details = parseTraceDetails({ golden: { id: 'g1', score: 0.86, used: 'no', matched: 'Comment redémarrer ma box ?', reason: 'version_unknown' }, version: null, dialog: null });
    expect(details.golden?.matched).toBe('Comment redémarrer ma box ?');
    expect(describeGoldenUse(details.golden!)).toBe('not used — written for one product version; the question names none');
    expect(describeGoldenUse({ id: 'g1', score: 0.9, used: 'verbatim', matched: 'x', reason: null })).toBe('given verbatim');
  });

  it('lists the stages that took time, slowest first', () => {
    const details = parseTraceDetails({ stagesMs: { language: 0.01, 'search SQL': 18.14, generate: 12, golden: 4.3 } });
    expect(describeStageTimes(details.stagesMs!)).toBe('search SQL 18.1 ms · generate 12.0 ms · golden 4.3 ms');
    expect(parseTraceDetails({ stagesMs: { embed: -1 } })).toEqual({});
  });

  it('treats older or foreign shapes as empty instead of failing the page', () => {
    expect(parseTraceDetails(null)).toEqual({});
    expect(parseTraceDetails({ golden: 'weird' })).toEqual({});
  });
});
