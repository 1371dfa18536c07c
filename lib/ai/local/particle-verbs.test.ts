import { describe, expect, it } from 'vitest';
import { particleVerbs } from './particle-verbs';

describe('particleVerbs', () => {
  it('reads a verb with its particle, however the verb is inflected and with a pronoun between', () => {
    expect([...particleVerbs('and what happens when its used up', 'en')]).toEqual(['use up']);
    expect([...particleVerbs('When the volume is used up', 'en')]).toEqual(['use up']);
    expect([...particleVerbs('how do I turn it off?', 'en')]).toEqual(['turn off']);
    expect([...particleVerbs('when do you cut me off', 'en')]).toEqual(['cut off']);
    expect([...particleVerbs('Switch off the Box and set it up again.', 'en')]).toEqual(['switch off', 'set up']);
  });

  it('finds none where the verb stands alone, the word after it is no particle, or the text is not English', () => {
    expect(particleVerbs('Data used abroad is not taken from your Swiss volume.', 'en').size).toBe(0);
    expect(particleVerbs('You can use it in Switzerland and on your laptop.', 'en').size).toBe(0);
    expect(particleVerbs('Speeds of 1 Gbit/s, up to 3 devices.', 'en').size).toBe(0);
    expect(particleVerbs('Schalten Sie das Gerät up.', 'de').size).toBe(0);
  });
});
