import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and leaves numbers and empties plain', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines'], [1, 0.5, null, undefined]])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n1,0.5,,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv([['=HYPERLINK("http://evil")', '+1', '@SUM(A1)', '-2', -2]])).toBe(`"'=HYPERLINK(""http://evil"")",'+1,'@SUM(A1),'-2,-2\r\n`);
    expect(toCsv([[NaN, Infinity]])).toBe(',\r\n');
  });
});
