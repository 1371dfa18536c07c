import { describe, expect, it } from 'vitest';
import { scoreCandidates } from './reranking-model';

const candidate = (title: string, content: string) => ({ title, headingPath: '', content, lang: 'fr' as const, prior: 0.5 });
const english = (title: string, content: string) => ({ ...candidate(title, content), lang: 'en' as const });

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

  it('counts what the best other passage of the same article adds (topic in one section, detail in the next)', () => {
    const query = 'PIN parental faux trop de fois combien de temps attendre';
    const other = candidate('Carte SIM', 'PIN faux trop de fois : la carte SIM est bloquée, entrez le PUK.');
    const detail = candidate('PIN parental', 'Après trois essais faux, attendez 15 minutes.');
    const topic = 'Le PIN parental se bloque quand il est tapé trop de fois.';
    // The same passages; only whether the topic passage is of the detail's article differs ("archive" is no query word).
    const [detailApart, otherApart] = scoreCandidates(query, [detail, other, candidate('PIN parental archive', topic)], 'fr');
    const [detailTogether, otherTogether] = scoreCandidates(query, [detail, other, candidate('PIN parental', topic)], 'fr');
    expect(detailTogether).toBeGreaterThan(detailApart!);
    expect(otherTogether).toBeCloseTo(otherApart!, 6);
    expect(detailTogether).toBeGreaterThan(otherTogether!);
  });

  it('adds one sibling, not the whole article: many passages of a long article do not add up', () => {
    const query = 'modem orange light restart';
    const first = english('Lights', 'An orange light means it is starting.');
    const second = english('Lights', 'To restart, hold the button.');
    const third = 'The modem stands upright.';
    // The same passages; only whether the third is of the first one's article differs ("archive" is no query word).
    const [oneSibling] = scoreCandidates(query, [first, second, english('Lights archive', third)], 'en');
    const [twoSiblings] = scoreCandidates(query, [first, second, english('Lights', third)], 'en');
    expect(twoSiblings).toBeCloseTo(oneSibling!, 6);
  });

  it('gives a passage that matches nothing of the query nothing for its article', () => {
    const query = 'restart modem';
    const [unrelated] = scoreCandidates(query, [english('Help', 'Our opening hours are on the contact page.'), english('Help', 'To restart the modem, hold the button.')], 'en');
    expect(unrelated).toBeCloseTo(0.25 * 0.5, 6);
  });
});

describe('scoreCandidates and case items', () => {
  const restart = english('Restart the Box 3', 'Put the switch at the back to O. Wait 30 seconds, then put it back to I.');
  const failedUpdate = english(
    'Firmware updates',
    'If an update fails:\n- **The Power LED stays orange for more than 30 minutes**: switch the Box off with the switch at the back, wait 30 seconds and switch it on again.',
  );

  it('does not let the words of a case the query names none of outrank the passage about the question', () => {
    const [plain, scoped] = scoreCandidates('If I switch it off at the back, how long do I wait before I switch it on again?', [restart, failedUpdate], 'en');
    expect(plain).toBeGreaterThan(scoped!);
  });

  it('counts a case item’s words fully when the query names its case', () => {
    const query = 'The power LED stays orange after the update: do I switch it off at the back and wait?';
    const [named] = scoreCandidates(query, [failedUpdate, restart], 'en');
    const [unlabelled] = scoreCandidates(query, [{ ...failedUpdate, content: failedUpdate.content.replace(/\*\*/g, '') }, restart], 'en');
    expect(named).toBeCloseTo(unlabelled!, 6);
  });
});
