import { describe, expect, it } from 'vitest';
import { stem } from '@/lib/ai/local/text';
import { germanVerbInfinitives, withGermanInfinitives } from './german-verb-endings';

describe('German verb forms in "-t"/"-et"', () => {
  it('finds the infinitive of each lower-case verb form whose stem the stemmer leaves apart', () => {
    expect(germanVerbInfinitives('Was bedeutet es, wenn am Modem ein Lämpchen rot blinkt?')).toEqual([
      { word: 'bedeutet', infinitive: 'bedeuten' },
      { word: 'blinkt', infinitive: 'blinken' },
    ]);
    expect(germanVerbInfinitives('Mein Router startet nicht').map((v) => v.infinitive)).toEqual(['starten']);
    // "-iert" meets "-ieren" in the terms themselves (lib/ai/local/text.ts): nothing to add.
    expect(germanVerbInfinitives('Mein Router funktioniert nicht')).toEqual([]);
    // The stems now meet: "bedeutet" stands for the title's "bedeuten".
    expect(stem('bedeuten', 'de')).not.toBe(stem('bedeutet', 'de'));
  });

  it('leaves nouns (capitalised), short words and stop words alone', () => {
    expect(germanVerbInfinitives('Das Internet im Paket ist gut, mit Budget')).toEqual([]);
    expect(germanVerbInfinitives('es geht nicht, hast du')).toEqual([]);
  });

  it('adds the infinitive’s stem as an alternative of the form’s, in German only, and leaves the search text as it was', () => {
    const plain = { text: 'Was bedeutet das Licht?', alternatives: { licht: ['lamp'] }, added: [] };
    const widened = withGermanInfinitives(plain, plain.text, 'de');
    expect(widened.text).toBe(plain.text);
    expect(widened.alternatives).toEqual({ licht: ['lamp'], [stem('bedeutet', 'de')]: [stem('bedeuten', 'de')] });
    expect(withGermanInfinitives(plain, plain.text, 'en')).toBe(plain);
  });
});
