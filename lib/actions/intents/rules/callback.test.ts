import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topicOf } from './callback';

/**
 * The rule's former single expression: the reference for topicOf's behaviour. It backtracks
 * cubically on long inputs, so it only ever sees the short strings generated here.
 */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- the slow reference itself, run on strings of at most 40 characters
const FORMER = /(?:^|\s)(?:about|regarding|concerning|wegen|bezüglich|bezueglich|betreffend|zum Thema|concernant|au sujet d(?:e|u|es)?|à propos d(?:e|u|es)?|a propos d(?:e|u|es)?|riguardo a|riguardo|a proposito di|per quanto riguarda)(?:\s+|(?<=d)['’])(.{3,}?)\s*[.!?]*$/i;

function formerTopicOf(raw: string): string | undefined {
  const topic = FORMER.exec(raw.trim())?.[1]?.trim();
  return topic ? topic.slice(0, 200) : undefined;
}

describe('topicOf', () => {
  it('reads the topic after a cue, without closing punctuation', () => {
    expect(topicOf('please call me back about my invoice')).toBe('my invoice');
    expect(topicOf('Rückruf wegen meinem Umzug!!')).toBe('meinem Umzug');
    expect(topicOf("rappelez-moi au sujet d'une facture ?")).toBe('une facture');
    expect(topicOf('mi richiami riguardo al trasloco.')).toBe('al trasloco');
    expect(topicOf('mi richiami riguardo a b')).toBe('a b');
    expect(topicOf('call me back')).toBeUndefined();
    expect(topicOf('call me about\nit\nplease')).toBeUndefined();
  });

  it('agrees with the former regular expression on short messages', () => {
    // Pieces of the cues, separators, line breaks and closing marks, so that the edge cases
    // (short topics, topics across lines, "riguardo a" vs "riguardo") come up often.
    const piece = fc.constantFrom(
      'about', 'ABOUT', 'wegen', 'zum Thema', 'au sujet d', 'e', 's', 'à propos', ' d', "'", '’', 'riguardo', ' a',
      'a proposito di', 'per quanto riguarda', ' ', '  ', '\t', '\n', '\r\n', '.', '!', '?', 'x', 'my bill', 'é', '😀',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('').slice(0, 40)), (message) => {
        expect(topicOf(message)).toBe(formerTopicOf(message));
      }),
      { numRuns: 3000, seed: 12 },
    );
  });

  it('reads a long adversarial message in linear time', () => {
    const message = 'call me back ' + 'about '.repeat(110) + ' '.repeat(1320) + '\nx';
    const start = process.cpuUsage();
    expect(topicOf(message)).toBeUndefined(); // "x" is too short a topic
    expect(topicOf(message.replace(/x$/, 'my bill'))).toBe('my bill');
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000).toBeLessThan(100);
  });
});
