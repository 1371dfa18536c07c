import { describe, expect, it } from 'vitest';
import { matchPlan, planKindOf } from './catalog';
import { normalizeText } from './normalize';
import { CATALOG } from './test-fixtures';

const plan = (text: string) => matchPlan(normalizeText(text), CATALOG)?.id;

describe('matchPlan', () => {
  it.each([
    ['Wave Home 1000', 'wave-home-1000'],
    ['wave home 1000', 'wave-home-1000'],
    ['WAVE HOME 1000', 'wave-home-1000'],
    ['Wave Home 1’000', 'wave-home-1000'],
    ["Wave Home 1'000", 'wave-home-1000'],
    ['das 1000er Abo', 'wave-home-1000'],
    ['home 1000', 'wave-home-1000'],
    ['1000 Mbit/s', 'wave-home-1000'],
    ['Home 500', 'wave-home-500'],
    ['Internet 100', 'wave-home-100'],
    ['Wave Fiber 10G', 'wave-fiber-10g'],
    ['Wave Fiber 10 G', 'wave-fiber-10g'],
    ['10 Gbit/s', 'wave-fiber-10g'],
    ['the 10 gig fiber plan', 'wave-fiber-10g'],
    ['Glasfaser 10G', 'wave-fiber-10g'],
    ['Wave Mobile L', 'wave-mobile-l'],
    ['mobile l', 'wave-mobile-l'],
    ['Wave Mobil M', 'wave-mobile-m'],
    ['Natel-Abo M', 'wave-mobile-m'],
    ['Handy S', 'wave-mobile-s'],
    ['Wave Mobile Unlimited', 'wave-mobile-unlimited'],
    ['Wave Mobile illimité', 'wave-mobile-unlimited'],
    ["l'abbonamento mobile illimitato", 'wave-mobile-unlimited'],
    ['unbegrenzt', 'wave-mobile-unlimited'],
    ['Wave TV Plus', 'wave-tv-plus'],
    ['TV+', 'wave-tv-plus'],
    ['TV Basic', 'wave-tv-basic'],
    ['Wave Phone Flat', 'wave-phone-flat'],
    ['Festnetz Basic', 'wave-phone-basic'],
    ['Wave Hmoe 1000', 'wave-home-1000'],
    ['Natel-Abo wechseln auf L', 'wave-mobile-l'],
  ])('%s → %s', (text, id) => {
    expect(plan(text)).toBe(id);
  });

  it.each([
    ['100 GB data'], // a data volume, not Home 100
    ['79 CHF'],
    ['Plus'], // "plus" alone is an ordinary word
    ['Basic'], // TV Basic or Phone Basic?
    ["l'abonnement"], // French elision, not "L"
    ['i want more'],
    ['Wave TV'],
  ])('finds no plan in %j', (text) => {
    expect(plan(text)).toBeUndefined();
  });

  it('takes the plan after "to" when two are named', () => {
    expect(plan('switch from Wave Home 100 to Wave Home 1000')).toBe('wave-home-1000');
    expect(plan('von Home 1000 auf Home 500 wechseln')).toBe('wave-home-500');
    expect(plan('passer de Wave Mobile S au Wave Mobile M')).toBe('wave-mobile-m');
    expect(plan('I have Home 100, switch me to 1000')).toBe('wave-home-1000');
  });

  it('does not take the current plan for the wanted one', () => {
    expect(plan('switch from Wave Home 100')).toBeUndefined();
  });

  it('only returns plans of the catalog it is given', () => {
    const small = CATALOG.filter((p) => p.kind === 'tv');
    expect(matchPlan(normalizeText('Wave Home 1000'), small)).toBeUndefined();
    expect(matchPlan(normalizeText('Wave TV Plus'), small)?.id).toBe('wave-tv-plus');
  });
});

describe('planKindOf', () => {
  it.each([
    ['which mobile plans', 'mobile'],
    ['Handy-Abos', 'mobile'],
    ['Natelabo', 'mobile'],
    ['offres TV', 'tv'],
    ['abbonamenti internet', 'internet'],
    ['Glasfaser', 'internet'],
  ])('%s → %s', (text, kind) => {
    expect(planKindOf(normalizeText(text))).toBe(kind);
  });

  it('gives no kind for the landline (not a plan kind of the contract) or for two kinds', () => {
    expect(planKindOf(normalizeText('Festnetz'))).toBeUndefined();
    expect(planKindOf(normalizeText('internet and mobile plans'))).toBeUndefined();
    expect(planKindOf(normalizeText('plans'))).toBeUndefined();
  });
});
