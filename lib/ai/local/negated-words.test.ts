import { describe, expect, it } from 'vitest';
import { negatedTerms } from './negated-words';
import { contentTerms } from './text';

const terms = (text: string, lang: 'en' | 'de' | 'fr' | 'it') => new Set(contentTerms(text, lang));

describe('negatedTerms', () => {
  it('reads what a negation denies, to the end of its clause', () => {
    expect(negatedTerms('Off to Belgrade next week, no travel pack.', 'en')).toEqual(terms('travel pack', 'en'));
    expect(negatedTerms("Missed the game and didn't record it.", 'en')).toEqual(terms('record', 'en'));
    expect(negatedTerms('missed the game and didnt record it', 'en')).toEqual(terms('record', 'en'));
    // A conjunction or a comma ends the clause: the landing is not denied.
    expect(negatedTerms('No travel pack and I land on Monday.', 'en')).toEqual(terms('travel pack', 'en'));
  });

  it('reads the negations of each language', () => {
    expect(negatedTerms('Wir haben kein Reisepaket gebucht.', 'de')).toEqual(terms('Reisepaket gebucht', 'de'));
    expect(negatedTerms("Je n'ai pas quitté la Suisse.", 'fr')).toEqual(terms('ai quitté la Suisse', 'fr'));
    expect(negatedTerms('Le technicien ne vient pas.', 'fr')).toEqual(terms('vient', 'fr'));
    expect(negatedTerms("Non l'ho ancora usato.", 'it')).toEqual(terms("l'ho ancora usato", 'it'));
  });

  it('does not deny the negative pronoun itself, nor a wish the customer turns down', () => {
    expect(negatedTerms('il telefono è attaccato al wifi ma non carica niente', 'it')).toEqual(terms('carica', 'it'));
    expect(negatedTerms("I cancelled and honestly don't feel like posting the Box 5 back.", 'en').size).toBe(0);
    expect(negatedTerms('Ich will das Gerät nicht zurückschicken.', 'de').size).toBe(0);
  });

  it('reads the French "pas" after a number or an article as a step', () => {
    expect(negatedTerms('J’habite à deux pas de la frontière.', 'fr').size).toBe(0);
    expect(negatedTerms('Je ne passe pas la frontière.', 'fr')).toEqual(terms('passe la frontière', 'fr'));
  });
});
