import { describe, expect, it } from 'vitest';
import { phrasalVerbs, withPhrasalVerbs } from './phrasal-verbs';

describe('verbs in two parts', () => {
  it.each([
    ['Do I have to send the old Box 5 back?', 'send', 'back', 'return'],
    ['I am sending back my Box after cancelling', 'sending', 'back', 'return'],
    ['Can I give the TV Box back in a shop?', 'give', 'back', 'return'],
    ['My father passed away last week', 'passed', 'away', 'death'],
    ['how do i turn voicemail off', 'turn', 'off', 'deactivate'],
    ['my voicemail picks up too early', 'picks', 'up', 'answer'],
    ['when do you cut my phone off if I do not pay?', 'cut', 'off', 'restrict'],
  ])('%s → %s … %s', (text, verb, particle, meaning) => {
    const found = phrasalVerbs(text, 'en');
    expect(found.map((f) => [f.verb, f.particle])).toEqual([[verb, particle]]);
    expect(found[0]!.means).toContain(meaning);
  });

  it('needs the particle after the verb, in the same clause and near it', () => {
    for (const text of [
      'Back home I will send you the form',
      'I sent the form, and I am back from holiday',
      'Send the signed contract with the deregistration certificate and a copy of the ID back',
      'How do I turn the Wi-Fi password into a QR code?',
    ])
      expect(phrasalVerbs(text, 'en'), text).toEqual([]);
  });

  it.each([
    ['it', 'Se disdico e non riporto indietro la Box 3, quanto pago?', 'riporto', 'indietro', 'restituire'],
    ['de', 'Schicke ich die alte Box einfach zurück?', 'schicke', 'zuruck', 'zurückgeben'],
    ['de', 'Muss ich die Box zurückschicken?', 'zuruckschicken', 'zuruck', 'zurückgeben'],
    ['de', 'Ich habe das Gerät zurückgeschickt', 'zuruckgeschickt', 'zuruck', 'zurücksenden'],
  ] as const)('%s: %s → %s … %s', (lang, text, verb, particle, meaning) => {
    const found = phrasalVerbs(text, lang);
    expect(found.map((f) => [f.verb, f.particle])).toEqual([[verb, particle]]);
    expect(found[0]!.means).toContain(meaning);
  });

  it('reads each language with its own verbs', () => {
    expect(phrasalVerbs('Do I have to send the Box back?', 'de')).toEqual([]);
    expect(phrasalVerbs('Wie setze ich die Box zurück?', 'de')).toEqual([]);
    expect(phrasalVerbs('Krieg ich dafür was zurück?', 'de')).toEqual([]);
    expect(phrasalVerbs('Torno indietro dalle vacanze domani', 'it')).toEqual([]);
  });

  it('searches the meanings the corpus uses and lets them stand for the verb and the particle', () => {
    const plain = { text: 'Do I have to send the Box back?', alternatives: {}, added: [] };
    const widened = withPhrasalVerbs(plain, plain.text, 'en', (word) => word === 'return');
    expect(widened.text).toBe('Do I have to send the Box back? return');
    expect(widened.alternatives).toEqual({ send: ['return'], back: ['return'] });
    expect(widened.added).toEqual(['return']);
    // A meaning no article uses is not searched; another language's verbs are not read.
    expect(withPhrasalVerbs(plain, plain.text, 'en', () => false)).toBe(plain);
    expect(withPhrasalVerbs(plain, plain.text, 'de', () => true)).toBe(plain);
    expect(withPhrasalVerbs(plain, plain.text, undefined, () => true)).toBe(plain);
  });
});
