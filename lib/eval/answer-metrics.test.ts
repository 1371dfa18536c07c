import { describe, expect, it } from 'vitest';
import {
  answerMetricsByLanguage,
  computeAnswerMetrics,
  factsMissing,
  DEFAULT_ANSWER_TARGETS,
  formatAnswerReport,
  replyLanguageMatches,
  sameArticle,
  stripForLanguageDetection,
  targetStatus,
  tokenF1,
  type AnswerResult,
} from './answer-metrics';

// Replies as the chat would show them: citation markers, URLs, phone numbers, product names.
const DE_REPLY =
  'Am einfachsten starten Sie die Box 5 in der My Alpenwave App unter Home > Box neu starten [1]. Alternativ öffnen Sie http://192.168.0.1 und wählen System > Neustart. Nicht neu starten, solange die Lichtleiste violett blinkt [2].';
const FR_REPLY =
  "Placez l'interrupteur à l'arrière sur O, attendez 30 secondes et remettez-le sur I [1]. Vous pouvez aussi redémarrer depuis http://192.168.1.1 sous System > Restart. N'appuyez pas sur le trou Reset, qui efface tout [2].";
const IT_REPLY =
  'Il modo più semplice è l’app My Alpenwave: Casa > Riavvia Box [1]. In alternativa tenga premuto il tasto di accensione sul retro 3 secondi, attenda 30 secondi e lo prema di nuovo.';
const EN_REPLY =
  "The easiest way is the My Alpenwave app: Home > Restart Box [1]. You can also hold the power button at the back for 3 seconds, wait 30 seconds and press it again. Don't use the Reset button, which wipes your settings.";

let nextId = 0;
function result(overrides: Partial<AnswerResult>): AnswerResult {
  nextId += 1;
  return {
    id: `g-${nextId}`,
    lang: 'en',
    answerable: true,
    expectedSourceIds: ['modem-restart-box5-en'],
    outcome: 'answered',
    text: EN_REPLY,
    citedDocumentIds: [],
    passedDocumentIds: [],
    ...overrides,
  };
}

describe('tokenF1', () => {
  it('is 1 for the same content words, ignoring case, accents, stop words and citation markers', () => {
    expect(tokenF1('Restart the Box [1].', 'restart box')).toBe(1);
    expect(tokenF1('Die Gebühr beträgt CHF 30 [2]', 'gebuhr betragt chf 30', 'de')).toBe(1);
  });

  it('is 0 when no content word is shared', () => {
    expect(tokenF1('restart the box', 'roaming prices abroad')).toBe(0);
  });

  it('is the harmonic mean of token precision and recall', () => {
    // {restart, box} vs {restart, router}: 1 shared of 2 each.
    expect(tokenF1('restart the box', 'restart the router')).toBeCloseTo(0.5, 10);
    // {box, box, box} vs {box}: precision 1/3, recall 1 → F1 0.5 (counts are clipped, not sets).
    expect(tokenF1('box box box', 'box')).toBeCloseTo(0.5, 10);
    // {box, restart, modem, wait} vs {box, restart}: precision 2/4, recall 1 → 2/3.
    expect(tokenF1('box restart modem wait', 'box restart')).toBeCloseTo(2 / 3, 10);
  });

  it('stems with the given language so inflected forms meet', () => {
    expect(tokenF1('Rechnungen und Geräte', 'Rechnung, Gerät', 'de')).toBe(1);
    expect(tokenF1('restarting boxes', 'restart box', 'en')).toBe(1);
  });

  it('handles texts without content words', () => {
    expect(tokenF1('[1]', 'the')).toBe(1);
    expect(tokenF1('', 'restart the box')).toBe(0);
  });
});

describe('stripForLanguageDetection', () => {
  it('removes markers, URLs, menu paths, numbers, product names and acronyms, keeping the prose', () => {
    expect(
      stripForLanguageDetection('Sur la Box 3, ouvrez http://192.168.1.1 puis System > Restart [2]. Appelez le 0800 246 246 ou voyez alpenwave.ch/status.'),
    ).toBe('Sur la , ouvrez puis . Appelez le ou voyez .');
    expect(stripForLanguageDetection('Mit LAN-Kabel und WLAN messen, siehe `speedtest` oder support@alpenwave.ch.')).toBe(
      'Mit -Kabel und messen, siehe oder .',
    );
  });

  it('removes the given product names, longest first, and leaves function words of the prose', () => {
    expect(stripForLanguageDetection('Wave Extender Pro oder Wave Extender: Sie wählen.', { productNames: ['Wave Extender', 'Wave Extender Pro'] })).toBe(
      'oder : Sie wählen.',
    );
    // "Sie 3 Sekunden" looks like "Name + number" but "Sie" is a function word: kept.
    expect(stripForLanguageDetection('Drücken Sie 3 Sekunden.')).toBe('Drücken Sie Sekunden.');
  });
});

describe('replyLanguageMatches', () => {
  it('recognises real replies in their language despite product names, menu paths and URLs', () => {
    expect(replyLanguageMatches(DE_REPLY, 'de')).toBe(true);
    expect(replyLanguageMatches(FR_REPLY, 'fr')).toBe(true);
    expect(replyLanguageMatches(IT_REPLY, 'it')).toBe(true);
    expect(replyLanguageMatches(EN_REPLY, 'en')).toBe(true);
  });

  it('rejects a reply in another language', () => {
    expect(replyLanguageMatches(DE_REPLY, 'fr')).toBe(false);
    expect(replyLanguageMatches(EN_REPLY, 'de')).toBe(false);
    expect(replyLanguageMatches(FR_REPLY, 'it')).toBe(false);
    expect(replyLanguageMatches(IT_REPLY, 'en')).toBe(false);
  });

  it('uses the expected language as the prior for a very short reply that cannot be told', () => {
    expect(replyLanguageMatches('Wave Extender [1].', 'fr')).toBe(true);
    expect(replyLanguageMatches('Wave Extender [1].', 'de')).toBe(true);
    // The prior does not override a short reply that is clearly in another language.
    expect(replyLanguageMatches('Yes, you can do that [1].', 'de')).toBe(false);
    expect(replyLanguageMatches('Ja, das können Sie [1].', 'de')).toBe(true);
  });

  it('counts a reply with no prose left (only a number and a link) as matching', () => {
    expect(replyLanguageMatches('0800 246 246 · alpenwave.ch/status', 'it')).toBe(true);
  });
});

describe('sameArticle', () => {
  it('treats translations of one article as the same and different topics as different', () => {
    expect(sameArticle('internet-slow-de', 'internet-slow-en')).toBe(true);
    expect(sameArticle('internet-slow-de', 'internet-slow-de')).toBe(true);
    expect(sameArticle('modem-restart-box5-de', 'modem-restart-box3-de')).toBe(false);
    expect(sameArticle('internet-slow-es', 'internet-slow-en')).toBe(false);
  });
});

describe('computeAnswerMetrics', () => {
  const results: AnswerResult[] = [
    // Answered in German, cites the expected article and one that was not passed.
    result({
      lang: 'de',
      expectedSourceIds: ['modem-restart-box5-de'],
      expectedAnswer: DE_REPLY,
      text: DE_REPLY,
      citedDocumentIds: ['modem-restart-box5-de', 'modem-leds-box5-de'],
      passedDocumentIds: ['modem-restart-box5-de', 'modem-restart-box3-de'],
      ttftMs: 100,
      totalMs: 900,
    }),
    // Answered in English although the question was French; cites the English translation.
    result({
      lang: 'fr',
      expectedSourceIds: ['modem-restart-box5-fr'],
      expectedAnswer: 'Redémarrez la Box depuis l’app.',
      text: EN_REPLY,
      citedDocumentIds: ['modem-restart-box5-en'],
      passedDocumentIds: ['modem-restart-box5-en'],
      ttftMs: 200,
      totalMs: 1200,
    }),
    // Answerable, but the chat handed off: a false abstention.
    result({
      lang: 'it',
      expectedSourceIds: ['roaming-prices-it'],
      expectedAnswer: 'I prezzi dipendono dalla zona.',
      outcome: 'no_answer',
      text: 'Non ho trovato una risposta sicura nel centro assistenza. Volete parlare con una persona del supporto?',
      ttftMs: 300,
      totalMs: 400,
    }),
    // Answered, answerable, cites the wrong topic.
    result({
      lang: 'en',
      expectedSourceIds: ['internet-slow-en'],
      expectedAnswer: 'Restart the Box, then test the speed with a LAN cable.',
      text: 'Restart the Box, then test the speed with a cable [1].',
      citedDocumentIds: ['wifi-tips-en'],
      passedDocumentIds: ['wifi-tips-en'],
      ttftMs: 400,
    }),
    // Unanswerable and correctly declined.
    result({ lang: 'en', answerable: false, expectedSourceIds: [], outcome: 'out_of_scope', text: 'I can only help with Alpenwave services.' }),
    // Unanswerable but answered anyway (no timings: an error before the stream, say).
    result({ lang: 'de', answerable: false, expectedSourceIds: [], outcome: 'answered', text: '' }),
  ];
  const m = computeAnswerMetrics(results);

  it('counts questions', () => {
    expect(m.questions).toBe(6);
    expect(m.answerable).toBe(4);
    expect(m.unanswerable).toBe(2);
  });

  it('measures language match over the replies with text', () => {
    // 5 replies with text; the French question got an English reply.
    expect(m.languageMatch).toBeCloseTo(4 / 5, 10);
  });

  it('measures citation validity over every shown citation', () => {
    // 4 citations shown, 'modem-leds-box5-de' was never passed to the generator.
    expect(m.citationValidity).toBeCloseTo(3 / 4, 10);
  });

  it('measures citation match over answered answerable questions, translations included', () => {
    // Answered answerable: de (expected doc), fr (English translation), en (wrong topic).
    expect(m.citationMatch).toBeCloseTo(2 / 3, 10);
  });

  it('measures abstention on unanswerable and false abstention on answerable questions', () => {
    expect(m.abstentionCorrect).toBe(0.5);
    expect(m.falseAbstention).toBe(0.25);
  });

  it('averages token F1 over answered answerable questions with an expert answer', () => {
    const expected =
      (tokenF1(DE_REPLY, DE_REPLY, 'de') +
        tokenF1(EN_REPLY, 'Redémarrez la Box depuis l’app.', 'fr') +
        tokenF1('Restart the Box, then test the speed with a cable [1].', 'Restart the Box, then test the speed with a LAN cable.', 'en')) /
      3;
    expect(m.tokenOverlapF1).toBeCloseTo(expected, 10);
    expect(m.tokenOverlapF1).toBeGreaterThan(0.5);
    expect(m.tokenOverlapF1).toBeLessThan(1);
  });

  it('takes nearest-rank latency percentiles over the results that have timings', () => {
    expect(m.ttftMs).toEqual({ p50: 200, p95: 400 });
    expect(m.totalMs).toEqual({ p50: 900, p95: 1200 });
  });

  it('treats golden answers as answered and clarifying questions as neither answered nor abstained', () => {
    const golden = computeAnswerMetrics([result({ outcome: 'golden' }), result({ outcome: 'clarify' }), result({ outcome: 'no_answer' }), result({ outcome: 'answered' })]);
    expect(golden.falseAbstention).toBe(0.25);
    expect(golden.clarified).toBe(0.25);
    const unanswerable = computeAnswerMetrics([result({ answerable: false, outcome: 'golden' }), result({ answerable: false, outcome: 'error' })]);
    expect(unanswerable.abstentionCorrect).toBe(0.5);
  });

  it('uses null for undefined rates and 1 for citation validity when nothing was cited', () => {
    const empty = computeAnswerMetrics([]);
    expect(empty).toMatchObject({
      questions: 0,
      languageMatch: null,
      citationValidity: 1,
      citationMatch: null,
      abstentionCorrect: null,
      falseAbstention: null,
      tokenOverlapF1: null,
      ttftMs: { p50: null, p95: null },
    });
    const answerableOnly = computeAnswerMetrics([result({})]);
    expect(answerableOnly.abstentionCorrect).toBeNull();
    expect(answerableOnly.falseAbstention).toBe(0);
    expect(answerableOnly.tokenOverlapF1).toBeNull(); // no expert answer given
  });
});

describe('answerMetricsByLanguage', () => {
  it('groups by expected language with sorted keys', () => {
    const byLang = answerMetricsByLanguage([
      result({ lang: 'it', text: IT_REPLY }),
      result({ lang: 'de', text: DE_REPLY }),
      result({ lang: 'it', text: EN_REPLY }),
      result({ lang: '', text: EN_REPLY }),
    ]);
    expect(Object.keys(byLang)).toEqual(['de', 'it', 'unknown']);
    expect(byLang.it?.questions).toBe(2);
    expect(byLang.it?.languageMatch).toBe(0.5);
    expect(byLang.de?.languageMatch).toBe(1);
  });
});

describe('targetStatus', () => {
  it('compares at the printed precision, so 49/50 meets 98 %', () => {
    expect(targetStatus(49 / 50, { op: '≥', value: 0.98 })).toBe('PASS');
    expect(targetStatus(0.979, { op: '≥', value: 0.98 })).toBe('FAIL');
    expect(targetStatus(0.1, { op: '≤', value: 0.1 })).toBe('PASS');
    expect(targetStatus(0.101, { op: '≤', value: 0.1 })).toBe('FAIL');
    expect(targetStatus(null, { op: '≤', value: 0.1 })).toBe('n/a');
  });
});

describe('formatAnswerReport', () => {
  const results = [
    result({ lang: 'de', text: DE_REPLY, citedDocumentIds: ['a-de'], passedDocumentIds: ['a-de'], ttftMs: 120.04, totalMs: 800 }),
    result({ lang: 'fr', text: EN_REPLY, citedDocumentIds: ['a-fr'], passedDocumentIds: ['a-fr'], ttftMs: 80, totalMs: 700 }),
    result({ lang: 'de', answerable: false, outcome: 'no_answer', text: 'Dazu habe ich leider keine Antwort gefunden.' }),
  ];
  const report = formatAnswerReport(computeAnswerMetrics(results), answerMetricsByLanguage(results), { targets: DEFAULT_ANSWER_TARGETS });
  const line = (label: string) => report.split('\n').find((l) => l.startsWith(label)) ?? '';

  it('has one column per language after overall, and a target and result column', () => {
    expect(report.split('\n')[0]).toMatch(/^Metric\s+overall\s+de\s+fr\s+Target\s+Result$/);
  });

  it('marks each target PASS or FAIL on the overall figure', () => {
    // 2 of 3 replies in the right language.
    expect(line('Language match')).toMatch(/66\.7 %\s+100\.0 %\s+0\.0 %\s+≥ 98\.0 %\s+FAIL$/);
    expect(line('Citation validity')).toMatch(/100\.0 %.*≥ 100\.0 %\s+PASS$/);
    expect(line('Abstain (unanswerable)')).toMatch(/100\.0 %\s+100\.0 %\s+—\s+≥ 90\.0 %\s+PASS$/);
    expect(line('Declined (answerable)')).toMatch(/0\.0 %.*≤ 12\.0 %\s+PASS$/);
    expect(line('TTFT p95 ms')).toMatch(/120\.0\s+120\.0\s+80\.0$/);
    expect(report).toContain('Targets met: 3/4 (2 not applicable).');
    expect(report).toContain('Below target by language: fr language match 0.0 %.');
  });

  it('says n/a for a target that does not apply', () => {
    const answerable = [result({ lang: 'en', text: EN_REPLY })];
    const text = formatAnswerReport(computeAnswerMetrics(answerable), answerMetricsByLanguage(answerable));
    expect(text.split('\n').find((l) => l.startsWith('Abstain'))).toMatch(/—\s+—\s+≥ 90\.0 %\s+n\/a$/);
    expect(text).toContain('Targets met: 3/3 (3 not applicable).');
    expect(text).not.toContain('Below target');
  });
});

describe('key facts', () => {
  const facts = ['0.15', ['turn off', 'switch off']];

  it('counts an answer right when it states every fact, incomplete when some, confidently wrong when it cites and states none', () => {
    const right = result({ facts, text: 'Zone 1 data costs CHF 0.15 per MB [1]. To switch off roaming, open Settings [2].' });
    const half = result({ facts, text: 'Zone 1 data costs CHF 0.15 per MB [1].' });
    const wrong = result({ facts, text: 'Zone 4 data costs CHF 10.00 per MB [1].' });
    const declined = result({ facts, outcome: 'no_answer', text: "I don't know." });
    const noFacts = result({});
    const m = computeAnswerMetrics([right, half, wrong, declined, noFacts]);
    expect(m.withFacts).toBe(4);
    expect(m.keyFactAccuracy).toBeCloseTo(1 / 4, 10);
    expect(m.incomplete).toBeCloseTo(1 / 4, 10);
    expect(m.confidentlyWrong).toBeCloseTo(1 / 4, 10);
    // 1 + 1/2 + 0 + 0 of 4 questions' facts.
    expect(m.factsStated).toBeCloseTo(1.5 / 4, 10);
    expect(factsMissing(wrong)).toEqual(facts);
    expect(factsMissing(declined)).toBeNull();
  });

  it('does not read a citation marker as a stated number', () => {
    expect(factsMissing(result({ facts: ['1 GB'], text: 'Wave Mobile M includes data [1] GB.' }))).toEqual(['1 GB']);
    expect(factsMissing(result({ facts: ['1'], text: 'See the table [1].' }))).toEqual(['1']);
  });

  it('prints key-fact accuracy and confidently wrong against their targets', () => {
    const results = [result({ facts: ['0.15'], text: 'CHF 0.15 [1]' }), result({ facts: ['0.15'], text: 'CHF 10.00 [1]' })];
    const text = formatAnswerReport(computeAnswerMetrics(results), answerMetricsByLanguage(results));
    expect(text.split('\n').find((l) => l.startsWith('Key-fact accuracy'))).toMatch(/50\.0 %.*≥ 85\.0 %\s+FAIL$/);
    expect(text.split('\n').find((l) => l.startsWith('Confidently wrong'))).toMatch(/50\.0 %.*≤ 5\.0 %\s+FAIL$/);
  });
});
