import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atxHeading } from './heading';

// eslint-disable-next-line regexp/no-super-linear-backtracking -- the former expression, the reference here, only ever run on strings of at most 30 characters
const FORMER = /^(#{1,6})\s+(.+?)\s*(?:#+\s*)?$/;

describe('atxHeading', () => {
  it('reads level and title, without the closing sequence', () => {
    expect(atxHeading('## Set up the Box 5 ##  ')).toEqual({ hashes: '##', text: 'Set up the Box 5' });
    expect(atxHeading('# Title')).toEqual({ hashes: '#', text: 'Title' });
    expect(atxHeading('####### seven')).toBeNull();
    expect(atxHeading('#hashtag')).toBeNull();
    expect(atxHeading('text # not a heading')).toBeNull();
  });

  it('agrees with the former regular expression', () => {
    const piece = fc.constantFrom('#', '##', ' ', '  ', '\t', '\r', '\u2028', 'a', 'Title', '#x', ' #', '\u00a0');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }).map((parts) => parts.join('').slice(0, 30)), (line) => {
        const m = FORMER.exec(line);
        expect(atxHeading(line)).toEqual(m ? { hashes: m[1], text: m[2] } : null);
      }),
      { numRuns: 3000, seed: 12 },
    );
  });

  it('reads a long line of spaces and hashes in linear time', () => {
    const line = '# ' + ' #'.repeat(20_000) + '\r';
    const start = process.cpuUsage();
    atxHeading(line);
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000).toBeLessThan(100);
  });
});
