import { describe, expect, it } from 'vitest';
import type { SearchHit } from './search';
import { versionChoice } from './select-sources';

let next = 0;
function hit(documentId: string, score: number, version: string | null = null, translationOf?: string): SearchHit {
  next++;
  return {
    chunkId: next, documentId, title: documentId, slug: documentId, headingPath: '', anchor: null, content: '', lang: documentId.slice(-2), version,
    audience: 'public', score, ranks: { vector: null, fts: null, simple: null, fused: next, rerank: next }, translationOf,
  };
}

describe('versionChoice', () => {
  it('asks which version when the best articles differ only by version', () => {
    expect(versionChoice([hit('restart-box5-en', 0.6, 'box5'), hit('restart-box3-en', 0.55, 'box3'), hit('ipv6-en', 0.4)])).toEqual({
      versions: ['box3', 'box5'],
      documents: { box3: 'restart-box3-en', box5: 'restart-box5-en' },
    });
  });

  it('also when an unversioned article edges ahead of a versioned pair that is about as relevant', () => {
    const hits = [hit('fiber-10g-requirements-en', 0.56), hit('restart-box5-en', 0.52, 'box5'), hit('restart-box3-en', 0.5, 'box3')];
    expect(versionChoice(hits)?.versions).toEqual(['box3', 'box5']);
  });

  it('not when the versioned pair is well behind the best article, or has no sibling', () => {
    expect(versionChoice([hit('payment-methods-en', 0.7), hit('restart-box5-en', 0.5, 'box5'), hit('restart-box3-en', 0.48, 'box3')])).toBeNull();
    expect(versionChoice([hit('restart-box5-en', 0.6, 'box5'), hit('leds-box5-en', 0.5, 'box5'), hit('ipv6-en', 0.4)])).toBeNull();
  });

  it('also when the other version’s article exists only in another language (its translation group is the same article)', () => {
    const hits = [hit('reset-box5-fr', 0.6, 'box5', 'reset-box5'), hit('reset-box3-en', 0.5, 'box3', 'reset-box3'), hit('ipv6-fr', 0.4)];
    expect(versionChoice(hits)).toEqual({ versions: ['box3', 'box5'], documents: { box3: 'reset-box3-en', box5: 'reset-box5-fr' } });
  });

  it('not when an unversioned article scores about as well and its title states as much of the question', () => {
    const titled = (documentId: string, title: string, score: number, version: string | null = null) => ({ ...hit(documentId, score, version), title });
    const hits = [
      titled('wifi-password-box3-de', 'WLAN-Passwort der Alpenwave Box 3 finden oder ändern', 0.97, 'box3'),
      titled('password-reset-de', 'My Alpenwave Passwort zurücksetzen', 0.88),
      titled('wifi-password-box5-de', 'WLAN-Passwort der Alpenwave Box 5 finden oder ändern', 0.82, 'box5'),
    ];
    expect(versionChoice(hits)?.versions).toEqual(['box3', 'box5']);
    expect(versionChoice(hits, { text: 'Ich habe mein My Alpenwave Passwort vergessen.', lang: 'de' })).toBeNull();
    // The question is about the Box's Wi-Fi password: which Box decides the answer.
    expect(versionChoice(hits, { text: 'Wo finde ich das WLAN-Passwort der Box?', lang: 'de' })?.versions).toEqual(['box3', 'box5']);
  });
});
