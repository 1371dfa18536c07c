import { describe, expect, it } from 'vitest';
import { linkedPart, parseTable, renderTable, rowKey } from './tables';

const zones = parseTable(['| Zone | Countries |', '| --- | --- |', '| Zone 1 | Germany, France, Italy |', '| Zone 4 | Ships and aircraft |'])!;
const prices = parseTable(['| | Zone 1 | Zone 4 |', '| --- | --- | --- |', '| Data per MB | CHF 0.15 | CHF 10.00 |', '| Calls per minute | CHF 0.35 | CHF 6.00 |'])!;

describe('tables', () => {
  it('reads a header and data rows, and renders them back', () => {
    expect(zones).toEqual({ header: ['Zone', 'Countries'], rows: [['Zone 1', 'Germany, France, Italy'], ['Zone 4', 'Ships and aircraft']] });
    expect(renderTable(zones)).toBe('| Zone | Countries |\n| --- | --- |\n| Zone 1 | Germany, France, Italy |\n| Zone 4 | Ships and aircraft |');
    expect(parseTable(['| a | b |', '| c | d |'])).toBeNull();
  });

  it('takes the column a row’s key heads in another table, with the row labels', () => {
    const key = rowKey(zones.rows[0]!)!;
    expect(key).toBe('zone 1');
    expect(linkedPart(prices, key)).toEqual({ header: ['', 'Zone 1'], rows: [['Data per MB', 'CHF 0.15'], ['Calls per minute', 'CHF 0.35']] });
  });

  it('takes the row a key starts in another table, with the header; nothing when the key is absent', () => {
    const plans = parseTable(['| Plan | Roaming |', '| --- | --- |', '| Wave Mobile M | 1 GB |', '| Wave Mobile L | 5 GB |'])!;
    expect(linkedPart(plans, 'wave mobile l')).toEqual({ header: ['Plan', 'Roaming'], rows: [['Wave Mobile L', '5 GB']] });
    expect(linkedPart(plans, 'zone 2')).toBeNull();
  });
});
