import { describe, expect, it } from 'vitest';
import { quantityTerm } from '@/lib/ai/local/quantities';
import { withQuantityKinds } from './quantity-kinds';

describe('withQuantityKinds', () => {
  const plain = { text: 'q', alternatives: { box: ['modem'] }, added: [] };

  it('gives a stated age or year the term of its kind as an alternative, keeping the others', () => {
    const widened = withQuantityKinds(plain, 'My phone is from 2017 and my son is 16 years old');
    expect(widened.alternatives).toEqual({ box: ['modem'], '2017': [quantityTerm('calendar-year')], '16': [quantityTerm('years')] });
    expect(widened.text).toBe('q');
  });

  it('leaves a question without one as it is', () => {
    expect(withQuantityKinds(plain, 'How do I restart the Box 5?')).toBe(plain);
  });
});
