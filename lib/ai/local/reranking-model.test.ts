import { describe, expect, it } from 'vitest';
import { DEFAULT_RERANK_WEIGHTS, scoreCandidates } from './reranking-model';

const candidate = (title: string, headingPath: string, content: string, prior = 0.5) => ({ title, headingPath, content, lang: 'de' as const, prior });

describe('scoreCandidates', () => {
  it('ranks the passage that states the question’s words in their order (a name: "My Alpenwave Passwort") above one that has them scattered', () => {
    // Retrieval put the Wi-Fi article first (its heading says "Passwort vergessen"); the account article says the name.
    const wifi = candidate(
      'WLAN-Passwort der Box 3 finden oder ändern',
      'Auch das Admin-Passwort vergessen?',
      'Können Sie sich nicht mehr anmelden, weil Sie das Admin-Passwort vergessen haben, hilft nur das Zurücksetzen. Danach gilt wieder das Passwort vom Kleber. My Alpenwave zeigt es nicht an.',
      1.0,
    );
    const account = candidate('My Alpenwave Passwort zurücksetzen', '', 'Haben Sie Ihr My Alpenwave Passwort vergessen oder ist Ihr Konto gesperrt, können Sie selbst ein neues Passwort festlegen.', 0.75);
    const question = 'Ich habe mein My Alpenwave Passwort vergessen.';
    const [wifiScore, accountScore] = scoreCandidates(question, [wifi, account], 'de');
    expect(accountScore!).toBeGreaterThan(wifiScore!);
    // Without the word pairs (the weights before), the scattered words won.
    const [wifiBefore, accountBefore] = scoreCandidates(question, [wifi, account], 'de', { ...DEFAULT_RERANK_WEIGHTS, coverage: 0.45, proximity: 0.1, phrase: 0 });
    expect(wifiBefore!).toBeGreaterThan(accountBefore!);
  });

  it('gives the phrase credit only for pairs the question has: a passage with none of its word pairs gains nothing', () => {
    const noPairs = candidate('Rechnung', '', 'Passwort und Konto, dann Alpenwave.');
    const withoutPhrase = { ...DEFAULT_RERANK_WEIGHTS, phrase: 0 };
    const [a] = scoreCandidates('My Alpenwave Passwort vergessen', [noPairs], 'de');
    const [b] = scoreCandidates('My Alpenwave Passwort vergessen', [noPairs], 'de', withoutPhrase);
    expect(a).toBeCloseTo(b!, 10);
  });
});
