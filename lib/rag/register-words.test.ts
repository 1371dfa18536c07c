import { describe, expect, it } from 'vitest';
import { registerWords, withRegisterWords } from './register-words';

describe('everyday words for the written register', () => {
  it('finds an everyday verb in any form of its stem, in its own language', () => {
    expect(registerWords('Je garde mon numéro ?', 'fr')).toEqual([{ word: 'garde', written: ['conserver'] }]);
    expect(registerWords('posso tenere il mio numero?', 'it')).toEqual([{ word: 'tenere', written: ['mantenere'] }]);
    expect(registerWords('posso tenere il mio numero?', 'fr')).toEqual([]);
    expect(registerWords('Was kostet Roaming in Italien?', 'de')).toEqual([]);
  });

  it('searches the written word where the corpus uses it, as an alternative of the everyday one', () => {
    const plain = { text: 'je peux garder mon numéro ?', alternatives: {}, added: [] };
    const widened = withRegisterWords(plain, plain.text, 'fr', (word) => word === 'conserver');
    expect(widened.text).toBe('je peux garder mon numéro ? conserver');
    expect(widened.alternatives).toEqual({ gard: ['conserv'] });
    expect(withRegisterWords(plain, plain.text, 'fr', () => false)).toBe(plain);
    expect(withRegisterWords(plain, plain.text, undefined, () => true)).toBe(plain);
  });
});
