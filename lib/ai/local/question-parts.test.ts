import { describe, expect, it } from 'vitest';
import { questionParts } from './question-parts';

describe('questionParts', () => {
  it('splits where "and" (or a comma) opens another question, in four languages', () => {
    expect(questionParts('how much is roaming in italy and how do i turn it off', 'en')).toEqual(['how much is roaming in italy', 'and how do i turn it off']);
    expect(questionParts('Kann ich die Rechnung bar einzahlen und was kostet das?', 'de')).toEqual(['Kann ich die Rechnung bar einzahlen', 'und was kostet das?']);
    expect(questionParts('combien coûte le roaming en france et comment je le désactive', 'fr')).toEqual(['combien coûte le roaming en france', 'et comment je le désactive']);
    expect(questionParts('posso tenere il mio numero e quanto ci vuole', 'it')).toEqual(['posso tenere il mio numero', 'e quanto ci vuole']);
  });

  it('splits a message into its question sentences, leaving the story around them out', () => {
    expect(questionParts('We are moving in May. Can I move it? And will it cost anything?', 'en')).toEqual(['Can I move it?', 'And will it cost anything?']);
  });

  it('keeps a clause that asks nothing with the question it leads to', () => {
    expect(questionParts('techniker kommt morgen nachmittag, kann ich noch verschieben und was kostet das', 'de')).toEqual([
      'techniker kommt morgen nachmittag, kann ich noch verschieben',
      'und was kostet das',
    ]);
    expect(questionParts('If I cancel now, how much is the early termination fee?', 'en')).toEqual(['If I cancel now, how much is the early termination fee?']);
  });

  it('does not split a topic joined by "and" (nouns, verbs) or a message that asks one thing', () => {
    expect(questionParts('Can I pause internet and TV over the summer?', 'en')).toEqual(['Can I pause internet and TV over the summer?']);
    expect(questionParts('Ich bin umgezogen und habe kein Internet, was tun?', 'de')).toEqual(['Ich bin umgezogen und habe kein Internet, was tun?']);
    expect(questionParts('box 5 restart', 'en')).toEqual(['box 5 restart']);
  });

  it('reads a message of more questions than a customer asks at once as one (each part costs a whole answer)', () => {
    expect(questionParts('Where is my order? When does it come? What does it cost?', 'en')).toHaveLength(3);
    const flood = 'Where is order A-1001? '.repeat(40).trim();
    expect(questionParts(flood, 'en')).toEqual([flood]);
  });
});
