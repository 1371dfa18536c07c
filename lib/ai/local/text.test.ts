import { describe, expect, it } from 'vitest';
import { askedPart, contentTerms, isAsking, isFunctionTerm, sentencesOf } from './text';

describe('sentences of a message', () => {
  it('splits after sentence punctuation and at line breaks, keeping each sentence as written', () => {
    expect(sentencesOf('Ok danke. Wo find ich das?\nAm liebsten übers Handy… sonst egal; danke!')).toEqual([
      'Ok danke.',
      'Wo find ich das?',
      'Am liebsten übers Handy…',
      'sonst egal;',
      'danke!',
    ]);
    expect(sentencesOf('  ')).toEqual([]);
  });

  it('asks when it ends in a question mark, an emoji or quote after it aside', () => {
    expect(isAsking('Wo find ich das?')).toBe(true);
    expect(isAsking('vorrei cambiarla, posso farlo da solo? 😅')).toBe(true);
    expect(isAsking('is it "Box 3?"')).toBe(true);
    expect(isAsking('my parents have that one')).toBe(false);
    expect(isAsking('what? no, that is not it')).toBe(false);
  });

  it('asks from its first asking sentence on; the story before it is left out', () => {
    expect(askedPart('Just upgraded to Wave Fiber 10G. Which port do I need? And which cable')).toBe('Which port do I need? And which cable');
    expect(askedPart('le technicien vient demain, je peux encore déplacer? ça coûte combien')).toBe('le technicien vient demain, je peux encore déplacer? ça coûte combien');
    expect(askedPart('restart my modem please')).toBe('restart my modem please');
    expect(askedPart('My internet is down. Restart it.')).toBe('My internet is down. Restart it.');
  });
});

describe('content terms', () => {
  it('leaves out stop words, elisions and what English contractions leave behind', () => {
    expect(contentTerms("We've tried, it doesn't work and I don't know what you'll say", 'en')).toEqual(['tri', 'work', 'know', 'say']);
    // Pronouns the stop word lists lack would weigh like the rarest words.
    expect(contentTerms('My mum has the Box 3 – can she reset it herself, or must hers go back to us?', 'en')).toEqual(['mum', 'box', '3', 'reset', 'back']);
    expect(contentTerms('essa si spegne da sola?', 'it')).toEqual(['spegn', 'sol']);
    expect(contentTerms("c'est l'app qu'il faut", 'fr')).toEqual(['app']);
  });

  it('leaves out contractions typed without the apostrophe, and keeps the words they could be mistaken for', () => {
    expect(contentTerms('i cant find the pin and it doesnt work, thats annoying', 'en')).toEqual(['find', 'pin', 'work', 'annoy']);
    expect(contentTerms('I feel ill, bring my ID', 'en')).toEqual(['feel', 'ill', 'bring', 'id']);
  });

  it('leaves out "go" in its forms, a light verb like "get": it would match every "Go to …" instruction', () => {
    expect(contentTerms('going to thailand, is there a pack? my phone is gone', 'en')).toEqual(['thailand', 'pack', 'phone']);
  });

  it('keeps a version or an address whole, and a decimal or a sentence end in parts', () => {
    expect(contentTerms('It says 5.4.1 on my Box 5; open 192.168.0.1', 'en')).toEqual(['say', '5.4.1', 'box', '5', 'open', '192.168.0.1']);
    expect(contentTerms('CHF 0.15 per MB. Done.5 minutes', 'en')).toEqual(['chf', '0', '15', 'mb', 'done', '5', 'minut']);
  });

  it('keeps a letter standing on its own as a name ("Wave Mobile M"), not one against an apostrophe or a hyphen, nor a one-letter word', () => {
    expect(contentTerms('how much data on Wave Mobile M', 'en')).toContain('m');
    expect(contentTerms('Se passo da Wave Mobile M a L', 'it')).toEqual(expect.arrayContaining(['m', 'l']));
    for (const [text, lang] of [["I'm sure the customer's e-bill is late", 'en'], ["l'app et qu'il y a-t-il", 'fr'], ['can u tell me if i e o a', 'en']] as const) {
      expect(contentTerms(text, lang).filter((t) => t.length === 1), text).toEqual([]);
    }
  });

  it('gives an English comparative or superlative its adjective’s term, and leaves other "-er" words alone', () => {
    expect(contentTerms('why is my bill so high', 'en')).toContain(contentTerms('Your first invoice is usually higher', 'en').at(-1));
    expect(contentTerms('older newest smaller', 'en')).toEqual(contentTerms('old new small', 'en'));
    expect(contentTerms('router order number', 'en')).toEqual(['router', 'order', 'number']);
  });

  it('keeps "ändern" (change), which folds into the stop word "andern" (others)', () => {
    expect(contentTerms('Wie kann ich das Passwort ändern?', 'de')).toEqual(['passwort', 'and']);
  });

  it('gives a French verb one term in every form, accents typed or not', () => {
    const same = (...words: string[]) => new Set(words.flatMap((w) => contentTerms(w, 'fr'))).size;
    // Folded, the participle ("appuyé" → "appuye") lost the ending Snowball removes from "appuyez".
    expect(same('appuyé', 'appuye', 'appuyez', 'appuyer')).toBe(1);
    expect(same('activée', 'activees', 'activer', 'activez')).toBe(1);
    expect(same('oublié', 'oublie', 'oublier')).toBe(1);
    expect(same('frontière', 'frontiere', 'frontières')).toBe(1);
    // Other languages are stemmed as before.
    expect(contentTerms('activée', 'en')).not.toEqual(contentTerms('activer', 'en'));
  });
});

describe('closed-class words the stop lists lack', () => {
  it('reads the cut form of one as the word itself: Italian "un po\'" is "un poco"', () => {
    const terms = contentTerms("Devo aspettare un po' prima di riaccenderlo?", 'it');
    const po = terms.find((t) => t.startsWith('po'));
    expect(po).toBeDefined();
    expect(isFunctionTerm(po!, 'it')).toBe(true);
    expect(isFunctionTerm(contentTerms('poco', 'it')[0]!, 'it')).toBe(true);
    expect(terms.filter((t) => !isFunctionTerm(t, 'it'))).toContain(contentTerms('aspettare', 'it')[0]);
  });
});

describe('adverbs of degree, frequency and alternative', () => {
  it('are closed-class words in the four languages: they say how, not what about', () => {
    const cases: [string, 'en' | 'de' | 'fr' | 'it'][] = [
      ['almost', 'en'], ['instead', 'en'], ['stattdessen', 'de'], ['manchmal', 'de'], ['seulement', 'fr'], ['presque', 'fr'], ['soltanto', 'it'], ['quasi', 'it'],
    ];
    for (const [word, lang] of cases) expect(isFunctionTerm(contentTerms(word, lang)[0]!, lang)).toBe(true);
    // The words around them stay content words.
    expect(isFunctionTerm(contentTerms('abonnement', 'fr')[0]!, 'fr')).toBe(false);
  });
});
