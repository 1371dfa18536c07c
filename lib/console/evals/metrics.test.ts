import { describe, expect, it } from 'vitest';
import { buildSeries, formatMetric } from './metrics';

describe('charted evaluation figures', () => {
  it('reads a dialog run as the CLI stores it: last turn and every turn, overall and per language', () => {
    const rate = (passed: number, total: number) => ({ passed, total, rate: passed / total });
    const run = {
      id: 7,
      kind: 'dialogs',
      createdAt: '2026-11-24T01:00:00Z',
      config: {},
      metrics: {
        overall: { lastTurn: rate(85, 100), allTurns: rate(78, 100) },
        byLanguage: { de: { lastTurn: rate(22, 25), allTurns: rate(21, 25) }, en: { lastTurn: rate(21, 27), allTurns: rate(20, 27) } },
      },
    };
    const { languages, series } = buildSeries([run, { ...run, id: 8, kind: 'answers' }], 'dialogs');
    expect(languages).toEqual(['de', 'en']);
    expect(series.map((s) => s.key)).toEqual(['lastTurn', 'allTurns']);
    expect(series[0]!.points).toEqual([expect.objectContaining({ runId: 7, overall: 0.85, de: 0.88, en: 21 / 27 })]);
    expect(formatMetric(series[1]!.points[0]!.overall as number, 'rate')).toBe('78.0 %');
  });
});
