import { describe, expect, it } from 'vitest';
import { contentTerms, termOf } from './text';

describe('irregular verb forms', () => {
  it('reads a form the stemmer keeps apart as the term its regular forms share', () => {
    expect(termOf('sent', 'en')).toBe(termOf('send', 'en'));
    expect(termOf('stolen', 'en')).toBe(termOf('steal', 'en'));
    expect(termOf('spento', 'it')).toBe(termOf('spegne', 'it'));
    expect(termOf('spengo', 'it')).toBe(termOf('spegnere', 'it'));
    expect(termOf('riaccendo', 'it')).toBe(termOf('acceso', 'it'));
    expect(termOf('recu', 'fr')).toBe(termOf('recevoir', 'fr'));
    expect(termOf('gestohlen', 'de')).toBe(termOf('stehlen', 'de'));
  });

  it('joins a regular form the stemmer cuts too far to its verb: "désactivé" (folded "desactive") and "désactiver"', () => {
    expect(termOf('desactive', 'fr')).toBe(termOf('desactiver', 'fr'));
    expect(termOf('desactive', 'fr')).toBe(termOf('desactivez', 'fr'));
    expect(termOf('modifica', 'it')).toBe(termOf('modificare', 'it'));
    expect(termOf('added', 'en')).toBe(termOf('add', 'en'));
    expect(termOf('try', 'en')).toBe(termOf('tried', 'en'));
  });

  it('reads the one-word form of a verb and its particle as the verb: "login" is "log in", "setup" is "set up"', () => {
    expect(contentTerms('how do I log in', 'en')).toEqual(contentTerms('login', 'en'));
    expect(termOf('logins', 'en')).toBe(termOf('log', 'en'));
    expect(termOf('setup', 'en')).toBe(termOf('set', 'en'));
  });

  it('takes every ending of a listed participle with it, and leaves look-alike nouns alone', () => {
    // "aperti" is not listed: it shares "aperto"'s stem.
    expect(termOf('aperti', 'it')).toBe(termOf('apre', 'it'));
    expect(termOf('presa', 'it')).not.toBe(termOf('prendere', 'it'));
    expect(termOf('accesso', 'it')).not.toBe(termOf('acceso', 'it'));
  });

  it('reads French imperatives and German "-iert" forms as their infinitive', () => {
    expect(termOf('retirez', 'fr')).toBe(termOf('retirer', 'fr'));
    expect(termOf('verifiez', 'fr')).toBe(termOf('verifier', 'fr'));
    expect(termOf('choisissez', 'fr')).toBe(termOf('choisir', 'fr'));
    expect(termOf('installiert', 'de')).toBe(termOf('installieren', 'de'));
    expect(termOf('aktivierung', 'de')).toBe(termOf('aktivieren', 'de'));
    expect(termOf('vier', 'de')).toBe('vier');
  });

  it('lets a question and a passage that use different forms share their words', () => {
    const question = contentTerms('Se lo spengo, devo aspettare prima di riaccenderlo?', 'it');
    const passage = contentTerms('Lo porti su O (spento), poi di nuovo su I (acceso).', 'it');
    expect(question.filter((t) => passage.includes(t))).toEqual(expect.arrayContaining([termOf('spento', 'it'), termOf('acceso', 'it')]));
  });
});
