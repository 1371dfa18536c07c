import { describe, expect, it } from 'vitest';
import { fillerWords, timeExpressionWords } from './filler-words';

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
});
