import { describe, expect, it } from 'vitest';
import { editDistance } from './spelling';

describe('editDistance', () => {
  it.each([
    ['voicmail', 'voicemail', 1],
    ['chnage', 'change', 1],
    ['pasword', 'password', 1],
    ['factroy', 'factory', 1],
    ['debbit', 'debit', 1],
    ['router', 'router', 0],
    ['modem', 'model', 1],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(d);
  });

  it('stops early past the cap', () => {
    expect(editDistance('internet', 'telephone', 2)).toBe(3);
  });
});
