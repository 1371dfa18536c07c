import { describe, expect, it } from 'vitest';
import { separableVerbForms, separableVerbs, withSeparableVerbs } from './separable-verbs';

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
    const none = () => false;
    const widened = withSeparableVerbs(plain, plain.text, 'de', none);
    expect(widened.text).toBe('Wie setze ich die Box zurück? zurucksetze');
    expect(widened.alternatives).toEqual({ setz: ['zurucksetz'], zuruck: ['zurucksetz'] });
    expect(withSeparableVerbs(plain, plain.text, 'en', none)).toBe(plain);
    // The joined verb's participle, where the corpus has it, stands for the verb and the particle too.
    const withParticiple = withSeparableVerbs(plain, plain.text, 'de', (w) => w === 'zuruckgesetzt');
    expect(withParticiple.text).toBe('Wie setze ich die Box zurück? zurucksetze zuruckgesetzt');
    expect(withParticiple.alternatives).toEqual({ setz: ['zurucksetz', 'zuruckgesetzt'], zuruck: ['zurucksetz', 'zuruckgesetzt'], zurucksetz: ['zuruckgesetzt'] });
  });

  it.each([
    ['ausschalten', ['ausgeschaltet', 'ausgeschalten']],
    ['einrichte', ['eingerichtet', 'eingerichten']],
    ['zurucksetzen', ['zuruckgesetzt', 'zuruckgesetzen']],
    ['ausgeschaltet', ['ausschalten']],
    ['angemeldet', ['anmelden']],
    ['ausgefallen', ['ausfallen']],
    // The third person a question asks with: "wenn das Internet ausfällt", "wenn sich die Box ausschaltet".
    ['ausfallt', ['ausgefallt', 'ausgefallen']],
    ['ausschaltet', ['ausgeschaltet', 'ausgeschalten']],
  ])('gives a one-word separable verb its other forms: %s → %j', (word, forms) => {
    expect(separableVerbForms(word)).toEqual(forms);
  });

  it('gives none to words that only start like a particle, or whose verb would be too short to tell', () => {
    for (const word of ['ausserdem', 'angebot', 'ausgehen', 'anderen', 'nachts', 'internet']) expect(separableVerbForms(word), word).toEqual([]);
  });

  it('searches the forms the corpus uses, standing for the word the question wrote', () => {
    const question = 'Kann man das Licht ausschalten?';
    const plain = { text: question, alternatives: {}, added: [] };
    const widened = withSeparableVerbs(plain, question, 'de', (w) => w === 'ausgeschaltet');
    expect(widened.text).toBe(`${question} ausgeschaltet`);
    expect(widened.alternatives).toEqual({ ausschalt: ['ausgeschaltet'] });
    // Nothing the corpus lacks.
    expect(withSeparableVerbs(plain, question, 'de', () => false)).toBe(plain);
    // A capitalised word is a noun, whatever its letters after the first would read as.
    const noun = 'Das Ausschalten der Box';
    expect(withSeparableVerbs({ text: noun, alternatives: {}, added: [] }, noun, 'de', () => true).added).toEqual([]);
  });
});
