import { describe, expect, it } from 'vitest';
import { scoreCandidates } from './reranking-model';

const candidate = (title: string, content: string) => ({ title, headingPath: '', content, lang: 'fr' as const, prior: 0.5 });

describe('scoreCandidates', () => {
  it('does not take a question word for the topic ("comment" in "Cet article explique comment…")', () => {
    const [aside, plain] = scoreCandidates(
      'Comment activer ma carte SIM ?',
      [candidate('Carte SIM', 'Cet article explique comment activer la carte SIM.'), candidate('Carte SIM', 'Cet article explique activer la carte SIM.')],
      'fr',
    );
    expect(aside).toBeCloseTo(plain!, 6);
  });

  it('ranks the passage with more of the rarer query words first', () => {
    const [fee, other] = scoreCandidates(
      'frais de rappel facture',
      [candidate('Rappels', 'Le deuxième rappel de facture coûte des frais de CHF 20.'), candidate('Facture', 'Votre facture arrive le 5 du mois.')],
      'fr',
    );
    expect(fee).toBeGreaterThan(other!);
  });

  it('prefers the passage where the query’s words stand together as a phrase ("PIN parentale")', () => {
    const [apart, together] = scoreCandidates(
      'pin parentale bloccato',
      [
        { ...candidate('TV', 'Parentale: il PIN è bloccato dopo cinque tentativi.'), lang: 'it' as const },
        { ...candidate('TV', 'Il PIN parentale è bloccato dopo cinque tentativi.'), lang: 'it' as const },
      ],
      'it',
    );
    expect(together).toBeGreaterThan(apart!);
  });
});
