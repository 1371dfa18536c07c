import { describe, expect, it } from 'vitest';
import { isSignpost } from './signposts';

describe('isSignpost', () => {
  it('finds the sentences that announce what an article explains, in each language', () => {
    expect(isSignpost('This article explains what happens when the volume is used up and how to get more data.', 'en')).toBe(true);
    expect(isSignpost('This page lists all channels, numbers and opening hours.', 'en')).toBe(true);
    expect(isSignpost('Hier erfahren Sie, wie Sie kündigen und was danach passiert.', 'de')).toBe(true);
    expect(isSignpost('Diese Seite zeigt, wie Sie die Behördengänge kombinieren.', 'de')).toBe(true);
    expect(isSignpost('Cet article explique les créneaux, les coûts et les règles.', 'fr')).toBe(true);
    expect(isSignpost('Questo articolo spiega come disdire e cosa succede dopo.', 'it')).toBe(true);
    expect(isSignpost('Questa pagina La aiuta a scegliere l\'abbonamento giusto.', 'it')).toBe(true);
  });

  it('keeps sentences that state a fact about the article or anything else', () => {
    expect(isSignpost('This article is for the Box 3 (four front LEDs, rocker switch); the Box 5 works differently.', 'en')).toBe(false);
    expect(isSignpost('Questo articolo riguarda la Box 3; la Box 5 funziona diversamente.', 'it')).toBe(false);
    expect(isSignpost('The speed is reduced to 256 kbit/s until the 1st of the next month.', 'en')).toBe(false);
    expect(isSignpost('This article explains what happens.', undefined)).toBe(false);
  });
});
