import { describe, expect, it } from 'vitest';
import { detectLanguage, tsConfigFor } from './detect-language';

describe('detectLanguage', () => {
  it.each([
    ['How do I change the Wi-Fi password on my modem?', 'en'],
    ['Wie kann ich mein WLAN-Passwort ändern?', 'de'],
    ['Comment changer le mot de passe du Wi-Fi ?', 'fr'],
    ['Come posso cambiare la password del Wi-Fi?', 'it'],
    ['rechnung ist zu hoch warum', 'de'],
    ["c'est quoi ces frais de roaming", 'fr'],
    ['perché la fattura è così alta', 'it'],
    ['my internet is slow', 'en'],
    // French "je" counts though German lists it too ("je nach"); "si" alone is no sign of Italian.
    ['Je garde le même numéro si je passe chez Alpenwave ?', 'fr'],
    ['Si je résilie, je rends la box ?', 'fr'],
    ['Si je déménage chez ma copine, je garde la box ?', 'fr'],
    ['Je nach Abo, wie viel kostet das Roaming?', 'de'],
    ['Se passo da voi tengo il numero?', 'it'],
  ])('%s → %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('returns the prior when a message is too short to tell', () => {
    expect(detectLanguage('wifi box 5')).toBeUndefined();
    expect(detectLanguage('wifi box 5', { prior: 'de' })).toBe('de');
    expect(detectLanguage('ok', { prior: 'it' })).toBe('it');
  });

  it('does not take a near tie of letter statistics on a short text for a language', () => {
    // franc scores it Italian 1.00, French 0.97, English 0.93: the page's language decides.
    expect(detectLanguage('wifi password box 3')).toBeUndefined();
    expect(detectLanguage('wifi password box 3', { prior: 'en' })).toBe('en');
    // A clear lead still decides a short text.
    expect(detectLanguage('prelevement automatique', { prior: 'de' })).toBe('fr');
  });
});

describe('tsConfigFor', () => {
  it('maps languages to text-search configurations and everything else to simple', () => {
    expect(tsConfigFor('de')).toBe('german');
    expect(tsConfigFor('xx')).toBe('simple');
    expect(tsConfigFor(undefined)).toBe('simple');
  });
});
