import { describe, expect, it } from 'vitest';
import { separableVerbs, withSeparableVerbs } from './separable-verbs';

describe('German separable verbs', () => {
  it.each([
    ['Wie setze ich meine Box auf Werkseinstellungen zurück?', 'zurucksetze'],
    ['Wie stelle ich das WLAN ein?', 'einstelle'],
    ['Wie starte ich meine Box neu?', 'neustarte'],
    ['Schalte ich Roaming im Ausland aus?', 'ausschalte'],
    ['Meine Box ist kaputt, wie tausche ich sie um?', 'umtausche'],
    ['und wie schalte ich es aus?', 'ausschalte'],
  ])('%s → %s', (text, joined) => {
    expect(separableVerbs(text).map((v) => v.joined)).toEqual([joined]);
  });

  it('finds none where no clause ends in a particle', () => {
    for (const text of ['Was kostet Roaming in Italien?', 'Wo finde ich mein WLAN-Passwort?', 'Ich möchte mein Abo kündigen']) expect(separableVerbs(text), text).toEqual([]);
  });

  it('searches the joined verb and lets it stand for the verb and the particle, in German only', () => {
    const plain = { text: 'Wie setze ich die Box zurück?', alternatives: {}, added: [] };
    const widened = withSeparableVerbs(plain, plain.text, 'de');
    expect(widened.text).toBe('Wie setze ich die Box zurück? zurucksetze');
    expect(widened.alternatives).toEqual({ setz: ['zurucksetz'], zuruck: ['zurucksetz'] });
    expect(withSeparableVerbs(plain, plain.text, 'en')).toBe(plain);
  });
});
