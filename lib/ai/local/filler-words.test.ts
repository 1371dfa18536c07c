import { describe, expect, it } from 'vitest';
import { courtesyWords, fillerWords, timeExpressionWords } from './filler-words';

describe('timeExpressionWords', () => {
  it.each([
    ['en', 'my internet is really slow tonight', ['tonight']],
    ['en', 'wifi stopped working since yesterday evening', ['yesterday', 'evening']],
    ['de', 'Mein Internet ist seit heute Morgen langsam', ['heute', 'morgen']],
    ['fr', 'la TV ne marche plus depuis ce matin', ['ce', 'matin']],
    ['it', 'Il modem è lento stasera', ['stasera']],
  ] as const)('%s: %s', (lang, text, words) => {
    expect([...timeExpressionWords(text, lang)]).toEqual(words);
  });

  it('reads "the rest of" a period as one span of time, and leaves the rest of anything else', () => {
    expect([...timeExpressionWords('how do i get more data for the rest of the week', 'en')]).toEqual(['rest', 'of', 'the', 'week']);
    expect(timeExpressionWords('Wie bekomme ich mehr Daten für den Rest des Monats?', 'de')).toEqual(new Set(['rest', 'des', 'monats']));
    expect(timeExpressionWords('plus de données pour le reste du mois ?', 'fr')).toEqual(new Set(['reste', 'du', 'mois']));
    expect(timeExpressionWords('più giga per il resto del mese?', 'it')).toEqual(new Set(['resto', 'del', 'mese']));
    // The rest of the contract is what an early termination fee is about.
    expect(timeExpressionWords('do I pay the rest of my contract if I cancel?', 'en').size).toBe(0);
  });

  it('keeps expressions with a number, and finds none where there is no time', () => {
    expect(timeExpressionWords('what happens after 30 days', 'en').size).toBe(0);
    expect(timeExpressionWords('How do I restart my Box 5?', 'en').size).toBe(0);
    expect(timeExpressionWords('Combien coûte le roaming en Allemagne ?', 'fr').size).toBe(0);
  });
});

describe('fillerWords', () => {
  it('finds how, how much and when, and leaves what the question is about', () => {
    expect([...fillerWords('Comment on fait pour redémarrer le modem correctement ?', 'fr')].sort()).toEqual(['correctement', 'fait']);
    expect([...fillerWords('my internet is really slow tonight', 'en', { when: true })].sort()).toEqual(['really', 'tonight']);
    expect([...fillerWords('my internet is really slow tonight', 'en')]).toEqual(['really']);
    expect([...fillerWords('come si fa a riavviare il router nel modo giusto?', 'it')].sort()).toEqual(['fa', 'giusto', 'modo']);
    expect(fillerWords('Wie viel kostet Roaming in Italien?', 'de').size).toBe(0);
  });

  it('finds discourse particles, which colour a sentence and name no topic', () => {
    expect([...fillerWords('Was passiert eigentlich, wenn die Lastschrift platzt, weil grad zu wenig auf dem Konto ist?', 'de')].sort()).toEqual(['eigentlich', 'grad']);
    expect([...fillerWords('Alors, je dois carrément payer les frais ?', 'fr')].sort()).toEqual(['alors', 'carrement']);
    expect([...fillerWords('comunque, quanto costa la SIM?', 'it')]).toEqual(['comunque']);
    expect([...fillerWords('I basically need a new SIM', 'en')]).toEqual(['basically']);
  });

  it('finds a message\'s opening salutation and closing formula, and only there', () => {
    expect(courtesyWords('Sehr geehrte Damen und Herren, an welche Postadresse muss ich die Kündigung senden?')).toEqual(['sehr', 'geehrte', 'damen', 'und', 'herren']);
    expect(courtesyWords('Good afternoon. How many people can I authorise?')).toEqual(['good', 'afternoon']);
    expect(courtesyWords('Liebes Support-Team, wie kündige ich?')).toEqual(['liebes', 'support', 'team']);
    expect(courtesyWords('Bonsoir, internet rame depuis ce matin. Merci d’avance')).toEqual(['bonsoir', 'merci', 'd', 'avance']);
    expect(courtesyWords('Buongiorno, quanto costa la SIM? Cordiali saluti')).toEqual(['buongiorno', 'cordiali', 'saluti']);
    // Not within a sentence, not as part of a word, not a message that is only thanks.
    expect(courtesyWords('Can I say hello to the technician before the visit?')).toEqual([]);
    expect(courtesyWords('Hiding the SSID: how?')).toEqual([]);
    expect(courtesyWords('Thanks')).toEqual([]);
  });

  it('leaves courtesy out of what a question is about', () => {
    expect([...fillerWords('Guten Tag, wie ändere ich mein Passwort? Vielen Dank', 'de')].sort()).toEqual(['dank', 'guten', 'tag', 'vielen']);
  });
});
