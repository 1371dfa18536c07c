import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n/locales';
import { systemPrompt, userPrompt } from '@/lib/rag/prompt';
import type { SearchHit } from '@/lib/rag/search';
import { buildSources, type GoldenSource } from '@/lib/rag/sources';
import { composeAnswer, parseAnswerPrompt, splitUnits, type AnswerPrompt } from './extractive-answer';
import { OTHER_COUNTRIES } from './country-groups';
import { quantityTerm } from './quantities';
import { PHRASES } from './phrases';

let nextId = 0;
function hit(fields: Partial<SearchHit> & { title: string; content: string }): SearchHit {
  nextId++;
  return {
    chunkId: nextId,
    documentId: `doc-${nextId}`,
    slug: `article-${nextId}`,
    headingPath: fields.title,
    anchor: null,
    lang: 'en',
    version: null,
    audience: 'public',
    score: 1,
    ranks: { vector: null, fts: null, simple: null, fused: 1, rerank: null },
    ...fields,
  };
}

/** The pipeline's real prompt. Hits are in retrieval order (best first), as search returns them. */
function modelPrompt({
  question,
  standalone = question,
  lang = 'en',
  hits,
  golden,
  joined,
}: {
  question: string;
  standalone?: string;
  lang?: Locale;
  hits: SearchHit[];
  golden?: GoldenSource;
  joined?: boolean;
}): LanguageModelV4Prompt {
  const sources = buildSources({ hits, golden });
  return [
    { role: 'system', content: systemPrompt({ company: 'Alpenwave', lang }) },
    { role: 'user', content: [{ type: 'text', text: userPrompt({ question, standalone, lang, sources, joined }) }] },
  ];
}

function parsed(args: Parameters<typeof modelPrompt>[0]): AnswerPrompt {
  const p = parseAnswerPrompt(modelPrompt(args));
  if (!p) throw new Error('prompt not parsed');
  return p;
}

/** The source number buildSources gave a hit (the best hit is numbered last). */
function numberOf(prompt: AnswerPrompt, title: string): number {
  const source = prompt.sources.find((s) => s.title === title);
  if (!source) throw new Error(`no source ${title}`);
  return source.n;
}

const citations = (text: string) => [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

const restartBox5 = hit({
  title: 'Restart your Alpenwave Box 5',
  headingPath: 'Restart your Alpenwave Box 5 > Use the power button',
  anchor: 'use-the-power-button',
  content:
    'Hold the power button at the back of the Box 5 for 3 seconds until the light bar goes off. Wait 30 seconds. Press the power button once to switch the Box on.',
});
const wifiPassword = hit({
  title: 'Change the Wi-Fi password',
  content:
    'To change the Wi-Fi password, do this:\n1. Open the My Alpenwave app.\n2. Tap Home, then Wi-Fi.\n3. Enter the new password and tap Save.\n\nAll devices must reconnect with the new password.',
});
const voicemail = hit({
  title: 'Set up voicemail',
  content:
    'Your voicemail is switched on when your SIM is activated. To listen to your messages, call 086 079 123 45 67 from your phone.\n\nVoicemail is free of charge in Switzerland.',
});
const roaming = hit({
  title: 'Roaming zones & prices <2026> "EU"',
  content:
    'Data costs CHF 0.15/MB in Zone 1 (EU/EEA, UK). Outgoing calls cost CHF 0.35 per minute in Zone 1.\n\nRoaming data is capped at CHF 50 per month. Turn roaming off under Mobile > Roaming & more.',
});

describe('parseAnswerPrompt', () => {
  it('reads the numbered sources back exactly, undoing the XML escaping of titles and content', () => {
    const p = parsed({ question: 'How much is roaming?', hits: [roaming, restartBox5] });
    expect(p.lang).toBe('en');
    expect(p.question).toBe('How much is roaming?');
    expect(p.standalone).toBe('How much is roaming?');
    // buildSources puts the best hit last.
    expect(p.sources.map((s) => s.n)).toEqual([1, 2]);
    expect(p.sources[0]).toEqual({
      n: 1,
      title: 'Restart your Alpenwave Box 5',
      heading: 'Use the power button',
      lang: 'en',
      content: restartBox5.content,
    });
    expect(p.sources[1]).toEqual({ n: 2, title: 'Roaming zones & prices <2026> "EU"', heading: null, lang: 'en', content: roaming.content });
  });

  it('really reads escaped markup: the prompt carries &amp;, &lt; and &quot;, the parsed text does not', () => {
    const prompt = modelPrompt({ question: 'Is 5 < 10 & "why"?', hits: [roaming] });
    const text = JSON.stringify(prompt[1]);
    expect(text).toContain('&amp; prices &lt;2026&gt; &quot;EU&quot;');
    expect(text).toContain('Mobile &gt; Roaming &amp; more');
    const p = parseAnswerPrompt(prompt);
    expect(p?.question).toBe('Is 5 < 10 & "why"?');
    expect(p?.sources[0]?.title).toBe('Roaming zones & prices <2026> "EU"');
  });

  it('reads the standalone question when the pipeline rewrote a follow-up', () => {
    const p = parsed({ question: 'and on the Box 3?', standalone: 'How do I restart my Box 5 and on the Box 3?', lang: 'de', hits: [restartBox5] });
    expect(p.question).toBe('and on the Box 3?');
    expect(p.standalone).toBe('How do I restart my Box 5 and on the Box 3?');
    expect(p.lang).toBe('de');
  });

  it('returns null for a prompt without sources, and reads the last user message of a conversation', () => {
    expect(parseAnswerPrompt([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }])).toBeNull();
    const answer = modelPrompt({ question: 'How do I restart my Box 5?', hits: [restartBox5] });
    const conversation: LanguageModelV4Prompt = [
      ...answer,
      { role: 'assistant', content: [{ type: 'text', text: 'Hold the power button [1].' }] },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ];
    expect(parseAnswerPrompt(conversation)).toBeNull();
    expect(parseAnswerPrompt([...conversation, answer[1]!])?.question).toBe('How do I restart my Box 5?');
  });
});

describe('splitUnits', () => {
  it('splits prose into sentences, keeps list items, splits tables into rows, skips headings', () => {
    const units = splitUnits(
      '## Prices\nData costs CHF 0.15/MB in Zone 1. Calls cost CHF 0.35 per minute! Ask us?\nDo this:\n- Open the app\n2) Tap Save\n| Zone | Price |\n| --- | --- |\n| 1 | 0.15 |\nThe end.',
      'en',
    );
    expect(units.map((u) => [u.kind, u.text])).toEqual([
      ['sentence', 'Data costs CHF 0.15/MB in Zone 1.'],
      ['sentence', 'Calls cost CHF 0.35 per minute!'],
      ['sentence', 'Ask us?'],
      ['lead', 'Do this:'],
      ['item', '- Open the app'],
      ['item', '2) Tap Save'],
      ['row', '| 1 | 0.15 |'],
      ['sentence', 'The end.'],
    ]);
  });

  it('gives each unit its stemmed content terms, without stop words', () => {
    const [unit] = splitUnits('Restarting the Boxes keeps your settings.', 'en');
    expect([...(unit?.terms ?? [])].sort()).toEqual(['box', 'keep', 'restart', 'set'].sort());
  });

  it('reads a table row with its header’s words; only its own cells (not a menu path) name it', () => {
    const [row] = splitUnits('| | Wave Phone Basic |\n| --- | --- |\n| Calls to Swiss mobiles | My Alpenwave > Phone > Rates |', 'en');
    expect([...(row?.terms ?? [])]).toEqual(expect.arrayContaining(['basic', 'swiss', 'rate']));
    expect([...(row?.ownTerms ?? [])].sort()).toEqual(['call', 'mobil', 'swiss']);
    // A header of attributes (no empty corner cell) names no row: "price" is every row's column.
    const [record] = splitUnits('| Pack | Zone | Price |\n| --- | --- | --- |\n| Travel World | Zone 2 | CHF 39 |', 'en');
    expect([...(record?.terms ?? [])]).not.toContain('price');
  });

  it('drops the question line of a golden answer source', () => {
    const units = splitUnits('Q: box 5 restart\nA: Use the app. Or hold the power button.', 'en');
    expect(units.map((u) => u.text)).toEqual(['Use the app.', 'Or hold the power button.']);
  });
});

describe('composeAnswer', () => {
  it('quotes the passage that covers the question and cites its source number', () => {
    const p = parsed({ question: 'How do I restart my Box 5 with the power button?', hits: [restartBox5, voicemail, wifiPassword] });
    const n = numberOf(p, 'Restart your Alpenwave Box 5');
    expect(n).toBe(3);
    const answer = composeAnswer(p);
    expect(answer.grounded).toBe(true);
    expect(answer.cited).toEqual([n]);
    expect(answer.text).toContain('Hold the power button at the back of the Box 5 for 3 seconds');
    expect(answer.text).not.toContain('voicemail');
    expect(new Set(citations(answer.text))).toEqual(new Set([n]));
    expect(answer.text.startsWith(PHRASES.en.intro('Restart your Alpenwave Box 5', `[${n}]`))).toBe(true);
  });

  it('cites the right number when the answering source is not the best-ranked one', () => {
    const p = parsed({ question: 'How do I listen to my voicemail messages?', hits: [restartBox5, voicemail, wifiPassword] });
    const n = numberOf(p, 'Set up voicemail');
    expect(n).toBe(2);
    const answer = composeAnswer(p);
    expect(answer.cited).toEqual([n]);
    expect(answer.text).toContain('To listen to your messages, call 086 079 123 45 67 from your phone.');
    expect(new Set(citations(answer.text))).toEqual(new Set([n]));
  });

  const localised: { lang: Locale; question: string; unknown: string; source: SearchHit; quote: string }[] = [
    {
      lang: 'de',
      question: 'Wie starte ich meine Box 5 neu?',
      unknown: 'Verkauft ihr Handyhüllen?',
      source: hit({ lang: 'de', title: 'Box 5 neu starten', content: 'Halten Sie den Einschaltknopf der Box 5 drei Sekunden gedrückt. Warten Sie 30 Sekunden.' }),
      quote: 'Halten Sie den Einschaltknopf der Box 5 drei Sekunden gedrückt.',
    },
    {
      lang: 'fr',
      question: 'Comment redémarrer ma Box 5 ?',
      unknown: 'Vous vendez des coques de téléphone ?',
      source: hit({ lang: 'fr', title: 'Redémarrer la Box 5', content: "Maintenez le bouton d'alimentation de la Box 5 enfoncé pendant 3 secondes. Attendez 30 secondes." }),
      quote: "Maintenez le bouton d'alimentation de la Box 5 enfoncé pendant 3 secondes.",
    },
    {
      lang: 'it',
      question: 'Come riavvio la Box 5?',
      unknown: 'Vendete cover per telefoni?',
      source: hit({ lang: 'it', title: 'Riavviare la Box 5', content: 'Tenga premuto il pulsante di accensione della Box 5 per 3 secondi. Attenda 30 secondi.' }),
      quote: 'Tenga premuto il pulsante di accensione della Box 5 per 3 secondi.',
    },
  ];

  for (const { lang, question, source, quote } of localised) {
    it(`frames the quote in the question's language (${lang})`, () => {
      const answer = composeAnswer(parsed({ question, lang, hits: [source] }));
      expect(answer.grounded).toBe(true);
      expect(answer.text.startsWith(PHRASES[lang].intro(source.title, '[1]'))).toBe(true);
      expect(answer.text).not.toContain(PHRASES.en.intro(source.title, '[1]'));
      // A short section is quoted whole, under one citation.
      expect(answer.text).toContain(quote);
      expect(answer.text.trim().endsWith('[1]')).toBe(true);
      expect(answer.text).not.toContain(PHRASES[lang].otherLanguage);
    });
  }

  it('says when the quoted passage is in another language than the question', () => {
    const answer = composeAnswer(parsed({ question: 'Wie starte ich meine Box 5 neu?', lang: 'de', hits: [restartBox5] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text.startsWith(PHRASES.de.intro('Restart your Alpenwave Box 5', '[1]'))).toBe(true);
    expect(answer.text).toContain(PHRASES.de.otherLanguage);
  });

  it('says it does not know, citing nothing, when the telling words are in no source', () => {
    const answer = composeAnswer(parsed({ question: 'Do you sell phone cases?', hits: [restartBox5, voicemail, wifiPassword] }));
    // "phone" appears in the voicemail source; "sell" and "case" appear nowhere.
    expect(answer).toMatchObject({ text: PHRASES.en.unknown, grounded: false, cited: [] });
    expect(answer.coverage).toBeLessThan(0.5);
    for (const { lang, unknown, source } of localised) {
      const other = composeAnswer(parsed({ question: unknown, lang, hits: [source] }));
      expect(other.text, lang).toBe(PHRASES[lang].unknown);
      expect(citations(other.text), lang).toEqual([]);
      expect(other.cited, lang).toEqual([]);
    }
  });

  it('says it does not know when the question has no telling words at all', () => {
    expect(composeAnswer(parsed({ question: 'Why?', hits: [restartBox5] })).text).toBe(PHRASES.en.unknown);
  });

  it('quotes a short section whole: a list under its lead-in with one citation after the last item, then the rest', () => {
    const p = parsed({ question: 'How do I change my Wi-Fi password?', hits: [wifiPassword, voicemail] });
    const n = numberOf(p, 'Change the Wi-Fi password');
    const answer = composeAnswer(p);
    expect(answer.cited).toEqual([n]);
    const quoted = answer.text.split('\n\n').slice(1).join('\n\n');
    expect(quoted).toBe(
      `To change the Wi-Fi password, do this:\n\n1. Open the My Alpenwave app.\n2. Tap Home, then Wi-Fi.\n3. Enter the new password and tap Save. [${n}]\n\nAll devices must reconnect with the new password. [${n}]`,
    );
  });

  it('brings the lead-in and sibling items when the question matches one list item', () => {
    const answer = composeAnswer(parsed({ question: 'Where do I tap Save?', hits: [wifiPassword] }));
    expect(answer.grounded).toBe(true);
    for (const line of ['To change the Wi-Fi password, do this:', '1. Open the My Alpenwave app.', '2. Tap Home, then Wi-Fi.', '3. Enter the new password and tap Save. [1]']) {
      expect(answer.text).toContain(line);
    }
  });

  it('answers a multi-part question from two sources, the second under "See also"', () => {
    const p = parsed({ question: 'How much does roaming data cost in Zone 1 and how do I listen to my voicemail messages?', hits: [roaming, voicemail] });
    const roamingN = numberOf(p, 'Roaming zones & prices <2026> "EU"');
    const voicemailN = numberOf(p, 'Set up voicemail');
    const answer = composeAnswer(p);
    expect(answer.grounded).toBe(true);
    expect(answer.cited).toEqual([roamingN, voicemailN]);
    const [before, after] = answer.text.split(PHRASES.en.seeAlso('Set up voicemail'));
    expect(after).toBeDefined();
    expect(before).toContain(`Zone 1`);
    expect(new Set(citations(before ?? ''))).toEqual(new Set([roamingN]));
    expect(after).toContain('To listen to your messages, call 086 079 123 45 67 from your phone.');
    expect(new Set(citations(after ?? ''))).toEqual(new Set([voicemailN]));
    // A single-part question does not pull a second source.
    const single = composeAnswer(parsed({ question: 'How do I listen to my voicemail messages?', hits: [roaming, voicemail] }));
    expect(single.cited).toEqual([voicemailN]);
    expect(single.text).not.toContain('See also');
  });

  it('does not answer from a case item whose case the question names none of', () => {
    const failedUpdate = hit({
      title: 'Firmware updates on the Box 3',
      headingPath: 'Firmware updates on the Box 3 > If an update fails',
      content:
        'If an update fails:\n- **The Power LED stays orange for more than 30 minutes**: switch the Box off with the switch at the back, wait 30 seconds and switch it on again.\n- **The Power LED is red after the update**: call us.',
    });
    const restartBox3 = hit({
      title: 'Restart the Box 3',
      headingPath: 'Restart the Box 3 > With the switch',
      content: 'Put the switch at the back of the Box to O. After 30 seconds, put the switch to I.',
    });
    const question = 'If I switch the Box off at the back, how long do I wait before I switch it on again?';
    const answer = composeAnswer(parsed({ question, hits: [failedUpdate, restartBox3] }));
    expect(answer.text).toContain('Put the switch at the back of the Box to O');
    expect(answer.text).not.toContain('stays orange');
    // The same item answers when the question names its case.
    const named = composeAnswer(parsed({ question: 'The Power LED stays orange for more than 30 minutes after the update. Do I switch the Box off at the back?', hits: [failedUpdate, restartBox3] }));
    expect(named.text).toContain('switch the Box off with the switch at the back');
  });

  it('lets term weights decide: a missing rare word makes it abstain, the same word weighted low does not', () => {
    const p = parsed({ question: 'Can I restart the Box 5 from the moon?', hits: [restartBox5] });
    const rare = composeAnswer(p, { termWeight: (t) => (t === 'moon' ? 10 : 1) });
    expect(rare.grounded).toBe(false);
    expect(rare.text).toBe(PHRASES.en.unknown);
    expect(rare.coverage).toBeLessThan(0.5);
    const common = composeAnswer(p, { termWeight: (t) => (t === 'moon' ? 0.1 : 1) });
    expect(common.grounded).toBe(true);
    expect(common.cited).toEqual([1]);
    expect(common.coverage).toBeGreaterThan(0.9);
    // minCoverage is the bar: demanding every word makes the unweighted question abstain too.
    expect(composeAnswer(p).grounded).toBe(true);
    expect(composeAnswer(p, { minCoverage: 1 }).grounded).toBe(false);
  });

  it('matches the standalone question, not the follow-up as typed', () => {
    const hits = [restartBox5, voicemail];
    const followUp = 'and what about the other thing?';
    expect(composeAnswer(parsed({ question: followUp, hits })).grounded).toBe(false);
    const p = parsed({ question: followUp, standalone: 'How do I listen to my voicemail messages?', hits });
    const answer = composeAnswer(p);
    expect(answer.grounded).toBe(true);
    expect(answer.cited).toEqual([numberOf(p, 'Set up voicemail')]);
    // And a standalone question about something else wins over a typed question that would match.
    const other = parsed({ question: 'How do I listen to my voicemail?', standalone: 'Do you sell phone cases?', hits });
    expect(composeAnswer(other).text).toBe(PHRASES.en.unknown);
  });

  it('quotes a golden answer source without its question line', () => {
    const golden: GoldenSource = {
      documentId: 'doc-golden',
      title: 'Restart your Alpenwave Box 5',
      slug: 'restart-alpenwave-box-5',
      lang: 'en',
      question: 'box 5 restart',
      answer: 'Use the My Alpenwave app: Home > Restart Box.',
    };
    const answer = composeAnswer(parsed({ question: 'box 5 restart', hits: [voicemail], golden }));
    expect(answer.cited).toEqual([1]);
    expect(answer.text).toContain('Use the My Alpenwave app: Home > Restart Box. [1]');
    expect(answer.text).not.toContain('Q: ');
  });

  // The window search lets a two-sentence passage collect the question's words from unrelated
  // sentences ("cost" and "Zone 1" from the calls price, "roaming data" from the cap) and score
  // above the one sentence that states the data price, whose "roaming" only gets heading credit.
  // The customer asked for the data price and is shown the calls price and the cap instead.
  it('quotes the sentence that states the price asked for, not one that merely collects the words', () => {
    const answer = composeAnswer(parsed({ question: 'How much does roaming data cost in Zone 1?', hits: [roaming] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('Data costs CHF 0.15/MB in Zone 1');
  });

  describe('answers the kind of question that was asked, or declines', () => {
    const title = 'Roaming zones and prices';
    const zonesSection = hit({
      title,
      headingPath: 'Roaming zones',
      content: '| Zone | Countries |\n| --- | --- |\n| Zone 1 | EU/EEA countries (e.g. Germany, France, Italy) |\n| Zone 4 | Ships and aircraft (satellite networks) |',
    });
    const pricesSection = hit({
      title,
      headingPath: 'Pay-per-use prices',
      content: '| | Zone 1 | Zone 4 |\n| --- | --- | --- |\n| Data per MB | CHF 0.15 | CHF 10.00 |\n| Outgoing calls per minute | CHF 0.35 | CHF 6.00 |',
    });
    const blockedSection = hit({
      title,
      headingPath: 'Ships and aircraft',
      content: 'On ships and aircraft roaming is very expensive: CHF 10.00 per MB and CHF 6.00 per minute.',
    });

    // The ships-and-aircraft sentence holds "roaming" and a price; Italy is only in the zones table.
    it('links the country to its zone and quotes that zone’s prices, not another zone’s', () => {
      const answer = composeAnswer(parsed({ question: 'How much is roaming in Italy?', hits: [blockedSection, zonesSection, pricesSection] }));
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('| Zone 1 | EU/EEA countries (e.g. Germany, France, Italy) |');
      expect(answer.text).toContain('| Data per MB | CHF 0.15 |');
      expect(answer.text).not.toContain('10.00');
      expect(answer.text).not.toContain('Zone 4');
    });

    describe('tables with the same columns in several sections (one per LED)', () => {
      const lights = 'What the lights on the Box 3 mean';
      const header = '| Colour | Meaning | What to do |\n| --- | --- | --- |\n';
      const power = hit({ title: lights, headingPath: 'Power LED', content: `${header}| Green | Box is on | Nothing |\n| Orange | Box is starting | Wait up to 10 minutes |\n| Red | Hardware fault | Restart once |\n| Off | No power | Check the adapter |` });
      const internet = hit({ title: lights, headingPath: 'Internet LED', content: `${header}| Green | Online | Nothing |\n| Orange blinking | Synchronising with the line | Normal for 5 minutes |\n| Orange solid | The login to the network failed | Restart the Box |\n| Off | Box off | Check the Power LED |` });
      const wifi = hit({ title: lights, headingPath: 'Wi-Fi LED', content: `${header}| Green | Wi-Fi on | Nothing |\n| Off | Wi-Fi switched off | Press the **Wi-Fi** button for 5 seconds |` });

      // A list of bold-labelled cases reads as options (half steps); a row's "What to do" cell is its steps too.
      const combinations = hit({ title: lights, headingPath: 'Typical combinations', content: '- **Power orange for a long time at night**: a firmware update. Leave the Box alone.\n- **All LEDs off**: no power.' });

      it('quotes the row of each table the question names, each under its heading, and no other row', () => {
        const answer = composeAnswer(parsed({ question: 'box light orange', hits: [power, internet, wifi, combinations] }));
        expect(answer.grounded).toBe(true);
        // The rows come first, the first under its heading, right after the intro.
        expect(answer.text.split('\n\n')[1]).toBe('**Power LED**');
        for (const row of ['| Orange | Box is starting |', '| Orange blinking | Synchronising', '| Orange solid | The login']) expect(answer.text).toContain(row);
        expect(answer.text).toContain('**Power LED**');
        expect(answer.text).toContain('**Internet LED**');
        for (const other of ['Hardware fault', 'No power', 'Wi-Fi switched off', 'Online']) expect(answer.text).not.toContain(other);
      });

      it('keeps to the section the question names: another table’s row with the same first cell is neither added nor linked', () => {
        const answer = composeAnswer(parsed({ question: 'the Wi-Fi light is off', hits: [power, internet, wifi] }));
        expect(answer.text).toContain('| Off | Wi-Fi switched off |');
        expect(answer.text).not.toContain('No power');
        expect(answer.text).not.toContain('Box off');
      });
    });

    it('prefers the section whose heading the question states word for word, small words included', () => {
      const upgrade = hit({ title: 'Change your plan', headingPath: 'Mobile changes', content: '- An upgrade under **Contract > Change plan** gives you the new data volume at once.' });
      const boost = hit({ title: 'Check your mobile data usage', headingPath: 'Get more data', content: 'Book a Data Boost in the app under **Mobile > Usage > Add Data Boost**.' });
      const answer = composeAnswer(parsed({ question: 'How do I get more data?', hits: [upgrade, boost] }));
      expect(answer.text).toContain('Add Data Boost');
      expect(answer.text).not.toContain('new data volume');
    });

    it('answers a follow-up from the passage that states its words together, not from steps that spread them', () => {
      const reset = hit({
        title: 'Factory reset your Box 5',
        headingPath: 'With the Reset button',
        content: '1. Press and hold the **Reset** button for 15 seconds.\n2. Release when the light bar blinks red.\n3. The light bar pulses, then turns solid white.',
      });
      const lights = hit({
        title: 'What the light bar on the Box 5 means',
        headingPath: 'All states',
        content: '| Light bar | Meaning | What to do |\n| --- | --- | --- |\n| Red blinking | Factory reset in progress | Wait |\n| Red solid | Hardware fault | Restart once; if it stays red, call us |',
      });
      const restart = hit({ title: 'Restart your Box 5', content: 'Hold the power button for 3 seconds until the light bar goes off.' });
      const answer = composeAnswer(
        parsed({ question: 'and if the light bar is solid red?', standalone: 'my box 5 blinks red and if the light bar is solid red?', joined: true, hits: [reset, lights, restart] }),
      );
      expect(answer.text).toContain('| Red solid | Hardware fault |');
      expect(answer.text).not.toContain('Press and hold');
    });

    it('quotes the whole price table for a follow-up whose own words name none of its rows', () => {
      const costs = hit({
        title: 'Move your eSIM to a new phone',
        headingPath: 'Costs',
        content: '| Case | Price |\n| --- | --- |\n| First 3 re-issues per year | Free |\n| From the 4th re-issue | CHF 10 |\n| Switch from eSIM to a physical SIM | CHF 20 |',
      });
      const answer = composeAnswer(parsed({ question: 'does that cost anything?', standalone: 'how do i move my esim to a new phone does that cost anything?', joined: true, hits: [costs] }));
      for (const row of ['| First 3 re-issues per year | Free |', '| From the 4th re-issue | CHF 10 |', '| Switch from eSIM to a physical SIM | CHF 20 |']) expect(answer.text).toContain(row);
    });

    it('keeps to the row a message names when its later question asks the price ("Can I downgrade? Does it cost anything?")', () => {
      const fees = hit({
        title: 'Change your plan',
        headingPath: 'Fees',
        content: '| Change | Takes effect | Fee |\n| --- | --- | --- |\n| Internet upgrade | Within 24 hours | Free |\n| Internet downgrade | 1st of the next month | CHF 49 during the minimum term |\n| Mobile upgrade | Immediately | Free |',
      });
      const answer = composeAnswer(parsed({ question: 'Can I downgrade my internet during the minimum term? Does it cost anything?', hits: [fees] }));
      expect(answer.text).toContain('| Internet downgrade | 1st of the next month | CHF 49 during the minimum term |');
      expect(answer.text).not.toContain('Mobile upgrade');
    });

    it('answers "what does it cost" from the section headed by costs, not an overview that says "free"', () => {
      const article = 'Moving house';
      const overview = hit({ title: article, content: 'When you move, you can take your services with you. If you tell us at least 30 days before your moving date, the move is free.' });
      const costs = hit({ title: article, headingPath: 'Costs and timing', content: '| Reported | Moving fee |\n| --- | --- |\n| 30 days or more ahead | Free |\n| Less than 30 days ahead | CHF 49 |' });
      // Every word known to the corpus: the first sentence is the customer's story.
      const answer = composeAnswer(parsed({ question: 'Moving in 2 weeks, forgot to tell you. What does it cost to move my internet now?', hits: [overview, costs] }), { knownTerm: () => true });
      expect(answer.text).toContain('| Less than 30 days ahead | CHF 49 |');
      // The fee first: the intro's next paragraph is the costs table.
      expect(answer.text.split('\n\n')[1]).toMatch(/^\| Reported \| Moving fee \|/);
    });

    it('gives no heading credit to a costs section that covers too little of the question to answer it', () => {
      const article = 'Moving house';
      const overview = hit({ title: article, content: 'Moving your internet and TV to a new flat is free.' });
      // Headed by the kind asked, but about a smaller part of the question (the phone line).
      const fees = hit({ title: article, headingPath: 'Fees', content: 'Moving your phone line costs CHF 5.' });
      const answer = composeAnswer(parsed({ question: 'What does it cost to move my internet, TV, router and phone line to the new flat?', hits: [fees, overview] }));
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('Moving your internet and TV to a new flat is free.');
    });

    it('declines an amount question when no passage states an amount', () => {
      const noPrices = hit({ title: 'Turn roaming on or off', content: 'Turn roaming off in the app under Mobile > Roaming. Roaming is blocked on ships by default.' });
      const answer = composeAnswer(parsed({ question: 'How much does roaming cost?', hits: [noPrices] }));
      expect(answer).toMatchObject({ text: PHRASES.en.unknown, grounded: false, cited: [] });
    });

    it('quotes the numbered steps for a "how do I" question, not a sentence that merely shares its words', () => {
      const article = 'Find or change the Wi-Fi password on the Box 5';
      const warning = hit({ title: article, headingPath: 'Good to know', content: 'Alpenwave staff will never ask for your Wi-Fi password by phone.' });
      const steps = hit({
        title: article,
        headingPath: 'Change the password in the app',
        content: '1. Open the My Alpenwave app.\n2. Tap **Home > Wi-Fi**.\n3. Enter the new password.\n4. Tap **Save**.',
      });
      const answer = composeAnswer(parsed({ question: 'How do I change my Wi-Fi password on the Box 5?', hits: [warning, steps] }));
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('2. Tap **Home > Wi-Fi**.');
      expect(answer.text).not.toContain('never ask');
    });
  });

  describe('tables: rows read with their header, named by their own cells', () => {
    const rates = hit({
      title: 'Landline plans and call rates',
      headingPath: 'The plans',
      content: '| | Wave Phone Basic | Wave Phone Flat |\n| --- | --- | --- |\n| Monthly price | CHF 5.– | CHF 15.– |\n| Calls to Swiss mobiles | CHF 0.25/min | Unlimited |',
    });
    const advice = hit({
      title: 'Landline plans and call rates',
      headingPath: 'Bundle discount',
      content: 'With internet, TV and Wave Phone Basic together, the discount is CHF 15/month.',
    });

    it('reads an ordinal in a row as its digit: "le deuxième rappel" is the row "2e rappel"', () => {
      const reminders = hit({
        title: 'Factures impayées et rappels',
        headingPath: 'Les étapes',
        lang: 'fr',
        content:
          "| Quand | Ce qui se passe | Frais |\n| --- | --- | --- |\n| 10 jours après l'échéance | 1er rappel par e-mail | Gratuit |\n| 20 jours après l'échéance | 2e rappel | CHF 20 |\n| Après paiement | Services rétablis | Frais de réactivation CHF 30 |",
      });
      const answer = composeAnswer(parsed({ question: 'Le deuxième rappel pour une facture impayée, il coûte combien?', lang: 'fr', hits: [reminders] }));
      expect(answer.text).toContain('| 20 jours après l\'échéance | 2e rappel | CHF 20 |');
      expect(answer.text).not.toContain('CHF 30');
    });

    it('credits a row with its header’s words: the plan named in the header column, the service in the row', () => {
      const answer = composeAnswer(parsed({ question: 'on wave phone basic what do i pay per minute to call a swiss mobile?', hits: [advice, rates] }));
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('| Calls to Swiss mobiles | CHF 0.25/min | Unlimited |');
      expect(answer.text).not.toContain('| Monthly price |');
    });

    it('quotes the rows a question names with the lead-in that says where their options are, not the other rows', () => {
      const barring = hit({
        title: 'Block nuisance calls',
        headingPath: 'Block calls on your landline',
        content:
          'Open My Alpenwave > **Phone > Call barring**:\n\n| Option | What it does |\n| --- | --- |\n| **Block anonymous calls** | Callers with hidden numbers cannot get through |\n| **Blocked numbers** | Up to 50 numbers you add yourself |\n| **Block premium numbers** | 0900 numbers cannot be called |\n| **Block international calls** | No outgoing calls abroad |\n\nChanges take effect within 5 minutes.\n\nYou can also block numbers on the Box.\n\nThe app shows them too.\n\nAsk us for help.\n\nOr visit a store.\n\nWe are open daily.\n\nCalls are free.',
      });
      const answer = composeAnswer(parsed({ question: 'How can I block anonymous calls on my landline?', hits: [barring] }));
      expect(answer.text).toContain('Phone > Call barring');
      expect(answer.text).toContain('| **Block anonymous calls** |');
      expect(answer.text).not.toContain('| **Block international calls** |');
    });

    it('quotes the whole table when the question names only its header or a menu path in a row', () => {
      const methods = hit({
        title: 'Payment methods',
        headingPath: 'Overview',
        content:
          '| Payment method | Cost | Set up in |\n| --- | --- | --- |\n| eBill | Free | Your e-banking |\n| Direct debit | Free | My Alpenwave > Billing > Payment method |\n| Paper invoice | CHF 2.50 | Post office |',
      });
      const answer = composeAnswer(parsed({ question: 'payment methods', hits: [methods] }));
      expect(answer.text).toContain('| eBill | Free | Your e-banking |');
      expect(answer.text).toContain('| Paper invoice | CHF 2.50 | Post office |');
    });

    it('reads an ordinal as the number the article numbers things with: "the second reminder" is "2. Reminder"', () => {
      const reminders = hit({
        title: 'Overdue invoices and reminders',
        headingPath: 'After the due date',
        content: '| When | What happens | Fee |\n| --- | --- | --- |\n| 10 days after | 1. Reminder | Free |\n| 20 days after | 2. Reminder | CHF 20 |',
      });
      const answer = composeAnswer(parsed({ question: 'Was kostet die zweite Mahnung?', lang: 'de', hits: [hit({ ...reminders, lang: 'de', content: reminders.content.replace(/Reminder/g, 'Mahnung') })] }));
      expect(answer.text).toContain('| 20 days after | 2. Mahnung | CHF 20 |');
      expect(answer.text).not.toContain('1. Mahnung');
    });
  });

  it('answers each part a question asks for: an amount nothing quoted states comes from the passage that states it', () => {
    const turnOff = hit({ title: 'Turn roaming on or off', content: '1. Open the app.\n2. Choose **Mobile > Roaming**.\n3. Switch roaming off.' });
    const prices = hit({ title: 'Roaming zones and prices', content: 'Roaming data in Zone 1 costs CHF 0.15 per MB.' });
    const answer = composeAnswer(parsed({ question: 'how much is roaming in zone 1 and how do i turn it off', hits: [turnOff, prices] }));
    expect(answer.text).toContain('Switch roaming off');
    expect(answer.text).toContain('CHF 0.15 per MB');
    expect(answer.cited).toHaveLength(2);
  });

  describe('a message that reports a situation and asks nothing', () => {
    const article = 'Lost or stolen phone';
    const intro = hit({ title: article, headingPath: article, section: 1, content: 'If your phone (natel) is lost or stolen, block your SIM right away. A replacement SIM keeps your number.' });
    const police = hit({ title: article, headingPath: 'Step 3: Report the theft to the police', section: 4, content: 'If it was stolen, report it to the police and send us the report.' });
    const block = hit({ title: article, headingPath: 'Step 1: Block your SIM', section: 2, content: '- **Phone**: call **0800 246 247** (free, 24/7).\n- **Online**: My Alpenwave > **Mobile > Block SIM**.' });

    it('gets what to do: the article’s first steps after the passage that matches its words', () => {
      const answer = composeAnswer(parsed({ question: 'someone stole my natel', hits: [intro, police, block] }));
      expect(answer.text).toContain('If your phone (natel) is lost or stolen');
      expect(answer.text).toContain('0800 246 247');
      expect(answer.text).not.toContain('report it to the police');
    });

    it('a bare topic (no function words) or a question is not a report: no steps are added', () => {
      expect(composeAnswer(parsed({ question: 'stolen natel', hits: [intro, police, block] })).text).not.toContain('0800 246 247');
    });
  });


  describe('a question whose best passage only retells the customer’s story', () => {
    const article = 'Recognise phishing and scams';
    const scams = hit({ title: article, headingPath: `${article} > Typical scams`, section: 3, content: '- **"You have a refund of CHF 84.50"** by SMS, with a link asking for your card or login.\n- **"Your parcel is waiting"** with a link to install a "profile".' });
    const whatToDo = hit({ title: article, headingPath: `${article} > What to do with a suspicious message`, section: 4, content: '- **SMS**: forward it to us free of charge, then delete it.\n- **Call**: hang up and call us back.' });

    it('is followed by the article’s section on what to do', () => {
      const answer = composeAnswer(parsed({ question: 'Got an SMS about a refund of CHF 84.50 with a link asking for my card or login. Where can I report it?', hits: [scams, whatToDo] }));
      expect(answer.text).toContain('refund of CHF 84.50');
      expect(answer.text).toContain('forward it to us');
    });

    it('a question of one sentence, or whose asking words the passage states, is not', () => {
      expect(composeAnswer(parsed({ question: 'Is an SMS with a link about a refund of CHF 84.50 a scam?', hits: [scams, whatToDo] })).text).not.toContain('forward it to us');
      expect(composeAnswer(parsed({ question: 'Got an SMS about a refund. Is a link asking for my card a scam?', hits: [scams, whatToDo] })).text).not.toContain('forward it to us');
    });
  });
  it('answers from the article a short passage refers the reader to, when that article is among the sources', () => {
    const pointer = hit({ title: 'Your invoice explained', headingPath: 'Your invoice explained > Paying the invoice', section: 4, content: 'The QR slip on the last page holds the payment details. For automatic options see «Payment methods».' });
    const methods = hit({ title: 'Payment methods', headingPath: 'Payment methods', section: 1, content: 'You can pay the invoice by eBill, direct debit or card: in My Alpenwave choose **Invoices > Pay now**.' });
    const answer = composeAnswer(parsed({ question: 'How can I pay the invoice?', hits: [pointer, methods] }));
    expect(answer.text).toContain('Invoices > Pay now');
    expect(answer.text).not.toContain('QR slip');
  });

  describe('a longer passage that sends the reader to another article', () => {
    const pointer = hit({
      title: 'Change the Wi-Fi password',
      headingPath: 'Change the Wi-Fi password > Forgot the admin password too?',
      section: 4,
      content: 'If you cannot log in because you forgot the admin password, the only solution is a factory reset. Afterwards the admin password returns to the value on the sticker. See "Factory reset your Box".',
    });
    const reset = hit({ title: 'Factory reset your Box', headingPath: 'Factory reset your Box > With the pinhole', section: 2, content: '1. Hold the Reset pinhole for 10 seconds.\n2. Wait until the lights turn green.' });
    const options = { knownTerm: () => true, termWeight: () => 1 };

    it('is answered from that article’s steps when the question asks for steps', () => {
      const answer = composeAnswer(parsed({ question: 'How do I do a factory reset? I forgot the admin password.', hits: [pointer, reset] }), options);
      expect(answer.text).toContain('Hold the Reset pinhole');
      expect(answer.text).not.toContain('the only solution');
    });

    it('is quoted itself when the question asks something else', () => {
      const answer = composeAnswer(parsed({ question: 'Is a factory reset the only solution? I forgot the admin password.', hits: [pointer, reset] }), options);
      expect(answer.text).toContain('the only solution');
    });
  });

  it('follows the quoted passage to the section of its article it sends the reader to', () => {
    const article = 'My internet is slow';
    const measure = hit({ title: article, headingPath: `${article} > Measure the speed`, section: 2, content: '1. Connect a computer with a LAN cable.\n2. Run the speed test three times.\n\nIf the cable result is clearly too low, go to "When to contact us".' });
    const wifi = hit({ title: article, headingPath: `${article} > Improve the Wi-Fi`, section: 3, content: '- Place the Box in the open.\n- Use 5 GHz near the Box; the internet is faster there.' });
    const contact = hit({ title: article, headingPath: `${article} > When to contact us`, section: 5, content: 'With less than 70 % of your plan speed, call technical support.' });
    const answer = composeAnswer(parsed({ question: 'my internet is slow', hits: [measure, wifi, contact] }), { knownTerm: () => true, termWeight: () => 1 });
    expect(answer.text).toContain('LAN cable');
    expect(answer.text).toContain('less than 70 %');
  });

  describe('the article whose title the question states (found by retrieval for the customer’s model)', () => {
    const restart = hit({ title: 'Restart your Box 5', headingPath: 'Restart your Box 5 > In the app', section: 2, content: '1. Open the app.\n2. Tap **Home > Restart Box**.' });
    const slow = hit({ title: 'My internet is slow', headingPath: 'My internet is slow > Check for outages', section: 2, content: '1. Netflix stalls all evening? Check the outage map first.\n2. Run a speed test.' });
    const question = 'Netflix stalls all evening. My husband says I should just restart the thing – how do I do that properly without losing anything?';
    const options = { knownTerm: () => true, termWeight: () => 1 };

    it('is quoted, though the customer’s other words cover little of it', () => {
      const answer = composeAnswer(parsed({ question, hits: [slow, restart] }), { ...options, titled: 'Restart your Box 5' });
      expect(answer.text).toContain('Home > Restart Box');
      expect(answer.text).not.toContain('outage map');
    });

    it('is not quoted on those words alone when retrieval named no article', () => {
      const answer = composeAnswer(parsed({ question, hits: [slow, restart] }), options);
      expect(answer.text).not.toContain('Home > Restart Box');
    });
  });

  it('takes a section about another model than asked for off topic, though its article’s title names the one asked for', () => {
    const upgrade = 'Upgrade to the Alpenwave Box 5';
    const oldBox = hit({ title: upgrade, headingPath: `${upgrade} > Return the Box 3`, section: 4, content: 'If you keep the Box 3 after the upgrade, it is charged at CHF 150. Return it within 30 days.' });
    const keep = hit({ title: 'Return your equipment', headingPath: 'Return your equipment > If you keep a device', section: 3, content: 'A device you keep is charged on the final invoice: Box 5 CHF 250.' });
    const answer = composeAnswer(parsed({ question: 'What do I pay if I keep my Box 5 after I upgrade?', hits: [oldBox, keep] }), { knownTerm: () => true, termWeight: () => 1 });
    expect(answer.text).toContain('CHF 250');
    expect(answer.text).not.toContain('CHF 150');
  });

  it('does not answer on closed-class words alone: "niente" in a table cell says nothing of the question', () => {
    const leds = hit({
      lang: 'it',
      title: 'Cosa significano le spie della Box 3',
      headingPath: 'Cosa significano le spie della Box 3 > Spia Wi-Fi',
      section: 3,
      content: '| Colore | Significato | Cosa fare |\n| --- | --- | --- |\n| Verde | Wi-Fi acceso | Niente |\n| Spenta | Wi-Fi spento | Lo accenda nell’app |',
    });
    const answer = composeAnswer(parsed({ question: 'non va più niente', lang: 'it', hits: [leds] }), { knownTerm: () => true, termWeight: () => 1, minCoverage: 0.4 });
    expect(answer.grounded).toBe(false);
    expect(answer.text).not.toContain('Niente');
  });

  describe('the article the answer before quoted, for a follow-up about it', () => {
    const guest = 'Set up a guest Wi-Fi network';
    const onBox3 = hit({ title: guest, headingPath: `${guest} > On the Box 3`, section: 3, content: '1. Open http://192.168.1.1 and log in.\n2. Go to **Wireless > Guest** and tick **Enable**.\n\nThe Box 3 guest network has no time limit: switch it off yourself.' });
    const password = hit({ title: 'Change the Wi-Fi password on the Box 3', headingPath: 'Change the Wi-Fi password on the Box 3 > Change it', section: 2, content: '1. Open http://192.168.1.1 on the Box 3.\n2. Go to **Wireless > Security** and enter a new key.' });
    const question = 'My parents have the Box 3. Does it switch off by itself there?';
    const standalone = `Can friends who come round get online without our main key? ${question} ${question}`;
    // A bar the follow-up's own words clear and the whole dialog's do not.
    const options = { knownTerm: () => true, termWeight: () => 1, minCoverage: 0.7 };
    // Retrieval puts the article a follow-up is about first (lib/rag/retrieve.ts).
    const prompt = () => parsed({ question, standalone, joined: true, hits: [onBox3, password] });

    it('is quoted where it states what the follow-up itself asks: the question before was its own', () => {
      const answer = composeAnswer(prompt(), { ...options, followed: guest });
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('switch it off yourself');
    });

    it('needs the words of the question before too when the dialog quoted no article', () => {
      const answer = composeAnswer(prompt(), options);
      expect(answer.grounded).toBe(false);
      expect(answer.coverage).toBeLessThan(options.minCoverage);
    });
  });

  describe('steps that use what an earlier section of the article is about', () => {
    const article = 'Activate your eSIM';
    const options = { knownTerm: () => true, termWeight: () => 1 };
    const getCode = hit({ title: article, headingPath: `${article} > Get the QR code`, section: 2, content: '1. Order a new plan or choose **Switch to eSIM** in My Alpenwave.\n2. The QR code appears under **Mobile > eSIM**.' });
    const iphone = hit({ title: article, headingPath: `${article} > Install on the iPhone`, section: 3, content: '1. Connect the iPhone to a Wi-Fi network.\n2. Choose **Settings > Mobile Service > Add eSIM**.\n3. Choose **Use QR Code** and scan the code.' });

    it('quotes that section’s steps first, each list under its heading', () => {
      const answer = composeAnswer(parsed({ question: 'how do I install the esim on my iphone', hits: [iphone, getCode] }), options);
      expect(answer.text).toContain('Mobile > eSIM');
      expect(answer.text.indexOf('**Get the QR code**')).toBeGreaterThan(-1);
      expect(answer.text.indexOf('Mobile > eSIM')).toBeLessThan(answer.text.indexOf('Add eSIM'));
      expect(answer.text).toContain('**Install on the iPhone**');
    });

    it('leaves out an earlier section of bullets (options or facts, not steps to do first)', () => {
      const bullets = hit({ title: article, headingPath: `${article} > Get the QR code`, section: 2, content: '- In a store, printed.\n- Under **Mobile > eSIM** in My Alpenwave.' });
      const answer = composeAnswer(parsed({ question: 'how do I install the esim on my iphone', hits: [iphone, bullets] }), options);
      expect(answer.text).toContain('Add eSIM');
      expect(answer.text).not.toContain('In a store, printed');
    });

    it('leaves out an earlier section whose heading the steps state only in part', () => {
      const defaults = hit({ title: article, headingPath: `${article} > Find the default eSIM QR code`, section: 2, content: '1. Open the label on the box.\n2. Read the profile name printed on it.' });
      const answer = composeAnswer(parsed({ question: 'how do I install the esim on my iphone', hits: [iphone, defaults] }), options);
      expect(answer.text).toContain('Add eSIM');
      expect(answer.text).not.toContain('Read the profile name');
    });
  });

  it('adds no second passage for words only the customer’s story says', () => {
    const reset = hit({ title: 'Factory reset your Box', headingPath: 'Factory reset your Box > With the pinhole', section: 2, content: '1. Hold the Reset pinhole for 10 seconds.\n2. Wait until the lights turn green.' });
    const login = hit({ title: 'Forgot your My Alpenwave login', headingPath: 'Forgot your My Alpenwave login', section: 1, content: 'Forgot the password of your login? Choose **Forgot password** on the login page.' });
    const question = 'How do I do a factory reset? I forgot my login.';
    const answer = composeAnswer(parsed({ question, hits: [reset, login] }), { knownTerm: () => true, termWeight: () => 1 });
    expect(answer.text).toContain('Hold the Reset pinhole');
    expect(answer.text).not.toContain('Forgot password');
  });

  it('prefers, among passages that cover the question alike, the article whose title the question states', () => {
    const cancel = hit({ title: 'Cancel your contract', headingPath: 'Cancel your contract > What to do', section: 2, content: '1. Return the Box within 30 days if you move abroad.\n2. Your internet ends on the last day.' });
    const move = hit({ title: 'Moving house', headingPath: 'Moving house > What to do', section: 2, content: '1. Take the Box with you when you move.\n2. Your internet moves with you on the day.' });
    const other = hit({ title: 'Set up voicemail', content: 'Call 086 to set up your voicemail.' });
    // Retrieval put the cancellation article first.
    const answer = composeAnswer(parsed({ question: 'Moving next month, what do I do about my internet?', hits: [cancel, move, other] }), { knownTerm: () => true, termWeight: () => 1 });
    expect(answer.text).toContain('Take the Box with you');
  });

  describe('an overview that names the task without its steps', () => {
    const article = 'Invoices and service in French';
    const overview = hit({ title: article, headingPath: article, section: 1, content: 'If your account was opened in German, you can receive your invoices, e-mails and text messages in French. This page explains how to change the language.' });
    const change = hit({ title: article, headingPath: `${article} > Change the language of correspondence`, section: 2, content: '1. Log in to My Alpenwave.\n2. Go to **Profile > Language**.\n3. Choose **French**.' });

    it('is followed by the article’s steps when the question asks how', () => {
      const answer = composeAnswer(parsed({ question: 'How do I get my invoices in French? My account was opened in German.', hits: [overview, change] }));
      expect(answer.text).toContain('If your account was opened in German');
      expect(answer.text).toContain('Profile > Language');
    });

    it('a section about the very situation asked about is not followed by another section’s steps', () => {
      const leds = 'Box 5 light bar';
      const purple = hit({ title: leds, headingPath: `${leds} > Flashing purple: update in progress`, section: 3, content: 'The Box is installing a firmware update. Do not unplug it; the light bar turns white when done.' });
      const orange = hit({ title: leds, headingPath: `${leds} > Orange: no signal`, section: 2, content: '1. Check that the fibre cable of the Box is plugged in.\n2. Restart the Box.' });
      const answer = composeAnswer(parsed({ question: 'my box is flashing purple, is that bad?', hits: [purple, orange] }));
      expect(answer.text).toContain('firmware update');
      expect(answer.text).not.toContain('fibre cable');
    });
  });

  describe('a question naming only the article’s topic', () => {
    const article = 'Restart your Alpenwave Box 5';
    const app = hit({ title: article, headingPath: `${article} > Option 1: the app`, section: 2, content: '1. Open the My Alpenwave app.\n2. Tap **Restart Box 5**.' });
    const web = hit({ title: article, headingPath: `${article} > Option 2: the web interface`, section: 3, content: '1. Open http://192.168.0.1.\n2. Choose **Restart Box 5**.' });
    const why = hit({ title: article, headingPath: article, section: 1, content: 'Restart the Box 5 when the light bar stays orange.' });
    // The passage quoted first, after the intro line (another section of the article may follow).
    const firstQuote = (text: string) => text.split('\n\n').slice(1).join('\n\n').split(/\[\d+\]/)[0];

    it('gets steps, though it did not ask "how do I": a passage with the same words but no steps loses', () => {
      // The opening ranks best and comes first; only the kind of answer tells the two apart.
      const answer = composeAnswer(parsed({ question: 'box 5 restart', hits: [why, app] }));
      expect(answer.grounded).toBe(true);
      expect(firstQuote(answer.text)).toContain('Tap **Restart Box 5**');
    });

    it('of two procedures that say as much, quotes the one nearer the article’s start', () => {
      const answer = composeAnswer(parsed({ question: 'box 5 restart', hits: [web, app] }));
      expect(firstQuote(answer.text)).toContain('Open the My Alpenwave app');
    });

    it('reads each passage’s place in its article from the prompt', () => {
      expect(parsed({ question: 'box 5 restart', hits: [why, app] }).sources.map((s) => s.section)).toEqual([2, 1]);
    });
  });

  it('a word inside a longer compound does not cover it: "Kündigung" is not the "Kündigungsbestätigung"', () => {
    const title = 'Vertrag kündigen';
    const special = hit({ title, lang: 'de', headingPath: 'Sonderfälle', content: 'Eine Kündigung ohne Gebühr ist beim Wegzug ins Ausland möglich.' });
    const question = { question: 'Kündigungsbestätigung', lang: 'de' as const };
    expect(composeAnswer(parsed({ ...question, hits: [special] })).grounded).toBe(false);
    const confirmation = hit({ title, lang: 'de', headingPath: 'Danach', content: 'Die Kündigungsbestätigung erhalten Sie per E-Mail.' });
    expect(composeAnswer(parsed({ ...question, hits: [special, confirmation] })).text).toContain('per E-Mail');
  });

  it('a compound ending in the word covers it: a "Postschalter" is a "Schalter"', () => {
    const counter = hit({ title: 'Zahlungsarten', lang: 'de', headingPath: 'Zahlungsarten > Bar', content: 'Am Postschalter zahlen Sie die Rechnung bar.' });
    const answer = composeAnswer(parsed({ question: 'Kann ich am Schalter zahlen?', lang: 'de', hits: [counter] }), { minCoverage: 0.9 });
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('Am Postschalter');
  });

  it('a name of capitalised words is stated only where it is written whole: "My Alpenwave" is not the "Alpenwave Box 3"', () => {
    const wifi = hit({ title: 'Wi-Fi password of the Alpenwave Box 3', headingPath: 'Wi-Fi password of the Alpenwave Box 3 > Forgot it?', content: '1. Look at the sticker under the Box.\n2. Type the password shown there.' });
    const portal = hit({ title: 'Reset your password', headingPath: 'Reset your password > By e-mail', content: '1. Open the My Alpenwave login page.\n2. Choose **Forgot password**.' });
    const options = { knownTerm: () => true, termWeight: (t: string) => (t === 'alpenwav' ? 3 : 1) };
    // Retrieval put the Wi-Fi article first.
    const answer = composeAnswer(parsed({ question: 'I forgot my password for My Alpenwave', hits: [wifi, portal] }), options);
    expect(answer.text).toContain('Choose **Forgot password**');
    // Punctuation after the name, and an elided article before another name ("dell'Alpenwave Box 3").
    const wifiIt = hit({ ...wifi, title: "Password Wi-Fi dell'Alpenwave Box 3", headingPath: "Password Wi-Fi dell'Alpenwave Box 3 > Forgot it?" });
    expect(composeAnswer(parsed({ question: 'I forgot my password for My Alpenwave.', hits: [wifiIt, portal] }), options).text).toContain('Choose **Forgot password**');
    // Written in lower case it is no name: both articles state "Alpenwave".
    expect(composeAnswer(parsed({ question: 'I forgot my password for my alpenwave', hits: [wifi, portal] }), options).text).toContain('Look at the sticker');
    // A passage that writes the word outside any other name states it.
    const notice = hit({ title: 'Suspicious e-mails', content: 'Alpenwave never asks for your password by e-mail.' });
    expect(composeAnswer(parsed({ question: 'I forgot my password for My Alpenwave', hits: [notice] }), { ...options, minCoverage: 0.6 }).grounded).toBe(true);
  });

  describe('synonyms, amount words and follow-ups', () => {
    it('a passage using the company’s word for the customer’s covers it (synonyms from search)', () => {
      const prompt = parsed({ question: 'How do I restart my modem?', hits: [restartBox5] });
      expect(composeAnswer(prompt, { minCoverage: 0.75 }).grounded).toBe(false);
      const answer = composeAnswer(prompt, { minCoverage: 0.75, alternatives: { modem: ['box'] } });
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('Hold the power button');
    });

    it('a passage stating the amount answers the question’s fee words, even when it calls it a cost', () => {
      const paper = hit({ title: 'Payment methods', headingPath: 'Paper invoices', content: 'Paper invoices sent by post cost **CHF 3** each. Large-print invoices are free.' });
      const question = 'Are there fees for paper invoices?';
      const answer = composeAnswer(parsed({ question, hits: [paper] }), { minCoverage: 0.75 });
      expect(answer.grounded).toBe(true);
      expect(answer.text).toContain('CHF 3');
      // Without an amount the fee word stays uncovered, and a strict bar declines.
      const noAmount = hit({ title: 'Payment methods', headingPath: 'Paper invoices', content: 'Paper invoices are sent by post once a month.' });
      expect(composeAnswer(parsed({ question, hits: [noAmount] }), { minCoverage: 0.75 }).grounded).toBe(false);
    });

    it('a follow-up gets no second passage for the words it carried over from the question before', () => {
      const prices = hit({ title: 'Roaming prices', content: 'Roaming in Europe costs CHF 0.15 per MB.' });
      const turnOff = hit({ title: 'Turn roaming on or off', content: '1. Open the app.\n2. Choose **Mobile > Roaming**.\n3. Switch roaming off.' });
      const args = { question: 'and how do I turn it off?', standalone: 'Roaming prices in Europe per MB? and how do I turn it off? and how do I turn it off?', hits: [turnOff, prices] };
      const joined = parsed({ ...args, joined: true });
      expect(joined.followUp).toBe(true);
      const answer = composeAnswer(joined);
      expect(answer.text).toContain('Switch roaming off');
      expect(answer.text).not.toContain('CHF 0.15');
      // The same words as one question of its own may take both passages.
      expect(composeAnswer(parsed(args)).text).toContain('CHF 0.15');
    });
  });
});


describe('key details of the answering article', () => {
  const title = 'Your contact details';
  const steps = hit({ title, headingPath: `${title} > Change your email address`, section: 2, content: '1. Log in to My Alpenwave.\n2. Go to **Profile > Contact details**.\n3. Enter the new address and confirm.' });
  const goodToKnow = hit({
    title,
    headingPath: `${title} > Good to know`,
    section: 3,
    content: 'Our shops are open from 09:00 to 18:00. The link we send to your new email address works for 60 minutes. A paper invoice costs CHF 3 per month.',
  });

  it('follow the quote when they state a fact (a duration, an amount, a place) about the question’s words', () => {
    const prompt = parsed({ question: 'How do I change my email address?', hits: [steps, goodToKnow] });
    const answer = composeAnswer(prompt);
    expect(answer.grounded).toBe(true);
    const [quote, details] = answer.text.split(PHRASES.en.details);
    expect(quote).toContain('Profile > Contact details');
    expect(quote).not.toContain('60 minutes');
    // The deadline is about the email address; the shops' hours and the invoice fee are not.
    expect(details).toContain(`- The link we send to your new email address works for 60 minutes. [${numberOf(prompt, title)}]`);
    expect(details).not.toContain('CHF 3');
    expect(details).not.toContain('09:00');
  });

  it('never add a second fact of the kind asked for that the quote already states', () => {
    const roamingPrices = hit({ title: 'Roaming prices', headingPath: 'Roaming prices > Europe', section: 2, content: 'Roaming data in Zone 1 costs CHF 0.15 per MB.' });
    const ships = hit({ title: 'Roaming prices', headingPath: 'Roaming prices > Ships', section: 3, content: 'On ships roaming data costs CHF 10.00 per MB.' });
    const answer = composeAnswer(parsed({ question: 'How much is roaming data in Zone 1?', hits: [ships, roamingPrices] }));
    expect(answer.text).toContain('CHF 0.15');
    expect(answer.text).not.toContain('CHF 10.00');
    expect(answer.text).not.toContain(PHRASES.en.details);
  });
});

describe('a message that asks two things', () => {
  const title = 'Keep your mobile number';
  const keep = hit({ title, headingPath: title, section: 1, content: 'Yes, you can keep your mobile number when you switch to Alpenwave. We ask your old provider to transfer it for you.' });
  const timing = hit({ title, headingPath: `${title} > Timing`, section: 2, content: 'The transfer takes 1 to 3 working days. Your old SIM works until the switch.' });
  const delivery = hit({ title: 'SIM delivery', headingPath: 'SIM delivery', content: 'A new SIM card arrives by post within 2 working days.' });

  it('answers each question with its own kind of answer, each passage once', () => {
    const prompt = parsed({ question: 'Can I keep my number and how long does it take?', hits: [keep, timing, delivery] });
    const answer = composeAnswer(prompt);
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('you can keep your mobile number');
    expect(answer.text).toContain('1 to 3 working days');
    expect(answer.text).not.toContain('arrives by post');
    expect(answer.text.split('you can keep your mobile number').length).toBe(2);
  });

  it('answers the second question from the section that answers it, not with another fact of its kind', () => {
    const title = 'Technikertermine buchen, verschieben oder absagen';
    const intro = hit({ title, headingPath: title, lang: 'de', section: 1, content: 'Ein Technikerbesuch ist nötig bei neuen Glasfaserinstallationen. Sie wählen ein Zeitfenster, das Ihnen passt, und können es bis 24 Stunden vor Beginn kostenlos verschieben oder absagen.' });
    const reschedule = hit({
      title,
      headingPath: `${title} > Verschieben oder absagen`,
      lang: 'de',
      section: 2,
      content: '- **Kostenlos** bis **24 Stunden vor Beginn des Zeitfensters**.\n- Über den Link in der Bestätigungs-SMS oder die Hotline.\n- Änderungen weniger als 24 Stunden vorher oder wenn niemand zu Hause ist: **CHF 90**.',
    });
    const missed = hit({ title, headingPath: `${title} > Wenn der Techniker nicht kommt`, lang: 'de', section: 3, content: 'Verpasst unser Techniker das Zeitfenster ohne Benachrichtigung, erhalten Sie automatisch eine **Gutschrift von CHF 50** auf der nächsten Rechnung.' });
    const answer = composeAnswer(parsed({ question: 'techniker kommt morgen nachmittag, kann ich noch verschieben und was kostet das', lang: 'de', hits: [intro, reschedule, missed] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('CHF 90');
  });

  it('reads the same in Italian ("quanto ci vuole" asks for a duration)', () => {
    const keepIt = hit({ title: 'Mantenere il numero', headingPath: 'Mantenere il numero', section: 1, lang: 'it', content: 'Sì, può tenere il suo numero di cellulare passando ad Alpenwave. Chiediamo noi il trasferimento al vecchio operatore.' });
    const timingIt = hit({ title: 'Mantenere il numero', headingPath: 'Mantenere il numero > Tempi', section: 2, lang: 'it', content: 'Il trasferimento del numero richiede da 1 a 3 giorni lavorativi.' });
    const answer = composeAnswer(parsed({ question: 'posso tenere il mio numero e quanto ci vuole', lang: 'it', hits: [keepIt, timingIt] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('può tenere il suo numero');
    expect(answer.text).toContain('da 1 a 3 giorni lavorativi');
  });

  it('still declines when the questions together are not covered: a part’s few words do not make an answer', () => {
    const answer = composeAnswer(parsed({ question: 'Do you sell gift vouchers and can I pay for them with bitcoin?', hits: [keep, timing, delivery] }));
    expect(answer.grounded).toBe(false);
  });
});

describe("the customer's story around the question", () => {
  const passwordBox5 = hit({
    title: 'Find or change the Wi-Fi password on the Alpenwave Box 5',
    content: 'The Wi-Fi password is printed on the label at the back of the Box 5 and on the Wi-Fi card in the box. To change it, open the My Alpenwave app and tap Home > Wi-Fi > Password.',
  });
  const corpus = new Set(['wi', 'fi', 'password', 'label', 'back', 'box', 'find', 'chang', 'app', 'card', 'print']);
  const known = (t: string) => corpus.has(t);

  it('does not need the words of the sentences around the question that the help center never uses', () => {
    const question = 'My mother-in-law arrives for the weekend with her tablet. Where do I find the Wi-Fi password?';
    const answer = composeAnswer(parsed({ question, hits: [passwordBox5] }), { knownTerm: known, termWeight: () => 1 });
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('label at the back');
  });

  it('counts the story words the help center does use only where the passage states them', () => {
    const question = 'The sticker got scratched, my daughter moved the router and the little paper went missing during our move. Where do I find the Wi-Fi password?';
    const withMove = new Set([...corpus, 'sticker', 'scratch', 'daughter', 'move', 'router', 'littl', 'paper', 'went', 'miss', 'dure']);
    expect(composeAnswer(parsed({ question, hits: [passwordBox5] }), { knownTerm: (t) => withMove.has(t), termWeight: () => 1 }).grounded).toBe(true);
  });

  it('still needs them in the question itself, and in a message of one sentence', () => {
    const inQuestion = 'Thanks. Does the Wi-Fi password work for my mother-in-law on her tablet at the weekend?';
    expect(composeAnswer(parsed({ question: inQuestion, hits: [passwordBox5] }), { knownTerm: known, termWeight: () => 1 }).grounded).toBe(false);
    const oneSentence = 'my mother in law arrives for the weekend with her tablet and her new phone where do I find the Wi-Fi password';
    expect(composeAnswer(parsed({ question: oneSentence, hits: [passwordBox5] }), { knownTerm: known, termWeight: () => 1 }).grounded).toBe(false);
  });

  it('needs several story words stated when the question asks nothing of its own, or the amount it asks for', () => {
    const resetMail = hit({
      title: 'Reset your My Alpenwave password',
      content: 'You received an e-mail with a reset link. Open it within 30 minutes and choose a new password.',
    });
    const words = new Set(['receiv', 'mail', 'refund', 'enter', 'card', 'bank', 'reset', 'link', 'password', 'minut', 'choos', 'new', 'open', 'cancel', 'month', 'cost', 'fee', 'chf']);
    const options = { knownTerm: (t: string) => words.has(t), termWeight: () => 1 };
    // The story's words "received" and "e-mail" are all this passage states: not an answer.
    const phishing = 'I received an e-mail saying I have a refund and must enter my bank card. Is that really you?';
    expect(composeAnswer(parsed({ question: phishing, hits: [resetMail] }), options).grounded).toBe(false);
    // Three of them stated: it answers.
    const reset = 'I received an e-mail with a reset link for my password. Is that really you?';
    expect(composeAnswer(parsed({ question: reset, hits: [resetMail] }), options).grounded).toBe(true);
    // Asked how much: a passage with the amount answers, whatever else the story says.
    const fee = hit({ title: 'Early termination fees', content: 'If you cancel before the end of the minimum term, the fee is CHF 25 per remaining month.' });
    const cost = 'I want to cancel, I signed up 5 months ago. What does that cost me?';
    expect(composeAnswer(parsed({ question: cost, hits: [fee] }), options).grounded).toBe(true);
  });

  it('takes a section whose heading names the situation told as its answer, with two story words', () => {
    const article = 'Technician appointments';
    const noShow = hit({
      title: article,
      headingPath: `${article} > If our technician does not come`,
      section: 4,
      content: 'If our technician misses the slot without telling you, you automatically get a credit of CHF 50 on your next invoice.',
    });
    const words = new Set(['technician', 'come', 'wait', 'morn', 'call', 'slot', 'miss', 'credit', 'invoic', 'tell']);
    const options = { knownTerm: (t: string) => words.has(t), termWeight: () => 1 };
    const told = 'I waited all morning, the technician did not come. What now?';
    const answer = composeAnswer(parsed({ question: told, hits: [noShow] }), options);
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('CHF 50');
    // The same two words stated under a heading about something else are not enough.
    const elsewhere = hit({ ...noShow, chunkId: 9_999, headingPath: `${article} > Costs at a glance` });
    expect(composeAnswer(parsed({ question: told, hits: [elsewhere] }), options).grounded).toBe(false);
  });

  it('does not take what the customer says they do not have as the topic', () => {
    const packs = hit({
      title: 'Roaming travel packs',
      content: 'A travel pack is the cheapest data on a trip abroad: Travel World 500 MB for CHF 19, valid 7 days.',
    });
    const perUse = hit({ title: 'Roaming zones and prices', headingPath: 'Roaming zones and prices > Pay-per-use', content: 'Data per MB: CHF 0.15 in Zone 1 and CHF 0.90 in Zone 2.' });
    const words = new Set(['trip', 'week', 'travel', 'pack', 'mobil', 'data', 'mb', 'cost', 'chf', 'zone', 'abroad', 'book', 'app']);
    const options = { knownTerm: (t: string) => words.has(t), termWeight: () => 1 };
    const without = composeAnswer(parsed({ question: 'Off on a trip next week, no travel pack. What will mobile data cost me per MB?', hits: [perUse, packs] }), options);
    expect(without.text).toContain('CHF 0.90');
    expect(without.text).not.toContain('Travel World');
    // Said as something they have, the pack is what the question is about.
    const withPack = composeAnswer(parsed({ question: 'Off on a trip next week with a travel pack. What will mobile data cost me per MB?', hits: [perUse, packs] }), options);
    expect(withPack.text).toContain('Travel World');
  });

  it('keeps an absence the articles name as a trouble', () => {
    const backup = hit({
      title: 'No internet connection',
      headingPath: 'No internet connection > Stay online',
      content: 'While your internet is down for more than 24 hours, mobile subscriptions on the same account get free data.',
    });
    const words = new Set(['internet', 'connect', 'yesterday', 'mobil', 'data', 'free', 'surf', 'kid', 'meanwhil', 'hour', 'account', 'subscript']);
    const options = { knownTerm: (t: string) => words.has(t), termWeight: () => 1 };
    const question = 'We have had no internet since yesterday. Can the kids surf free on their mobiles meanwhile?';
    expect(composeAnswer(parsed({ question, hits: [backup] }), options).grounded).toBe(true);
    // The same absence where no article names it as a trouble does not count.
    const elsewhere = hit({ ...backup, chunkId: 9_998, title: 'Outage compensation', headingPath: 'Outage compensation > Backup data' });
    expect(composeAnswer(parsed({ question, hits: [elsewhere] }), options).grounded).toBe(false);
  });
});

describe('a German verb and the noun of its action', () => {
  it('meets "zahle" in "Zahlung"', () => {
    const afterPayment = hit({ title: 'Offene Rechnungen', lang: 'de', content: 'Nach der Zahlung dauert es höchstens 2 Stunden, bis die Dienste wieder laufen.' });
    const processing = hit({ title: 'Einwände', lang: 'de', content: 'Die Prüfung eines Einwands dauert bis zu 10 Tage, dann sind die Dienste wieder aktiv.' });
    const answer = composeAnswer(parsed({ question: 'Wenn ich heute zahle, wie lange dauert es, bis die Dienste wieder laufen?', lang: 'de', hits: [processing, afterPayment] }));
    expect(answer.text).toContain('2 Stunden');
    expect(answer.text).not.toContain('10 Tage');
  });
});

describe("the customer's case by their own numbers", () => {
  const intro = hit({
    title: 'Moving house',
    content: 'When you move, your internet moves with you. If you tell us at least 30 days before your moving date, the move of your internet is free.',
  });
  const costs = hit({
    title: 'Moving house',
    headingPath: 'Moving house > Costs',
    section: 2,
    content: '| Reported | Moving fee |\n| --- | --- |\n| 30 days or more ahead | Free |\n| Less than 30 days ahead | CHF 49 |',
  });

  it('quotes the row whose time limit the durations the customer gives meet', () => {
    const answer = composeAnswer(parsed({ question: 'We move in three weeks. What does moving our internet cost now?', hits: [intro, costs] }));
    // The row first; the article's other case may follow it, not lead.
    expect(answer.text).toContain('CHF 49');
    const other = answer.text.indexOf('the move of your internet is free');
    expect(other === -1 || other > answer.text.indexOf('CHF 49')).toBe(true);
  });

  it('quotes the passage whose range of days holds the day of the month the customer names', () => {
    const early = hit({
      title: 'Set up direct debit',
      headingPath: 'Set up direct debit > Early in the month',
      section: 1,
      content: 'Set up from the 1st–20th of the month: direct debit starts with the invoice of the 1st of the next month.',
    });
    const late = hit({
      title: 'Set up direct debit',
      headingPath: 'Set up direct debit > Late in the month',
      section: 2,
      content: 'Set up from the 21st–end of the month: direct debit starts with the invoice one month later.',
    });
    const answer = composeAnswer(parsed({ question: 'If I set up direct debit on the 25th, which invoice does it start with?', hits: [late, early] }));
    const other = answer.text.indexOf('the 1st of the next month');
    expect(answer.text).toContain('one month later');
    expect(other === -1 || other > answer.text.indexOf('one month later')).toBe(true);
  });

  it('quotes the other case for another duration', () => {
    const answer = composeAnswer(parsed({ question: 'We move in six weeks. What does moving our internet cost now?', hits: [intro, costs] }));
    expect(answer.text).toContain('at least 30 days before');
  });
});

describe('a long message', () => {
  const restart = hit({ title: 'Restart your Alpenwave Box 5', content: 'Open the My Alpenwave app, tap Home, then Restart Box, and confirm. Your settings are kept.' });
  const prompt = (question: string) => parsed({ question, hits: [restart] });
  const rare = () => 5;

  it('is answered when the passage covers several of its rarer words and is from the article retrieval put first', () => {
    const question = 'honestly my husband and the kids cannot watch netflix this evening, they want me to restart the box from the app but keep the settings, what now';
    expect(composeAnswer(prompt(question), { termWeight: rare }).grounded).toBe(true);
  });

  it('is declined when it covers too few of them', () => {
    const question = 'honestly my husband and the kids cannot watch netflix this evening on the tablet in the garden, the box is fine, what now';
    expect(composeAnswer(prompt(question), { termWeight: rare }).grounded).toBe(false);
  });
});

describe('a section under the model asked about', () => {
  // One article for both models: the Box 5 steps sit under "… on the Box 5 › In the app", the Box 3
  // steps under "… on the Box 3" (whose fifth step would otherwise cover the question's "5").
  const box5 = hit({
    title: 'Set up a guest Wi-Fi network',
    headingPath: 'Set up a guest Wi-Fi network › Set up guest Wi-Fi on the Box 5 › In the app',
    content: '1. Open the app > **Home > Wi-Fi > Guest network**.\n2. Switch **Guest network** on.\n3. Optional: set **Turn off automatically** after 2 hours, 24 hours or 7 days.',
  });
  const box3 = hit({
    title: 'Set up a guest Wi-Fi network',
    headingPath: 'Set up a guest Wi-Fi network › Set up guest Wi-Fi on the Box 3',
    content:
      '1. Open **http://192.168.1.1** and log in.\n2. Go to **Wireless > Guest**.\n3. Tick **Enable guest network**.\n4. Enter a name and a network key.\n5. Click **Apply**.\n\nThe Box 3 guest network has no automatic time limit. Switch it off manually when your guests leave.',
  });

  it('passes the enclosing headings to the model, and the answer quotes the Box 5 steps', () => {
    const p = parsed({ question: 'Can the guest wifi on the box 5 switch itself off after a while?', hits: [box3, box5] });
    expect(p.sources.find((s) => s.heading === 'In the app')?.within).toBe('Set up guest Wi-Fi on the Box 5');
    const answer = composeAnswer(p);
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('Turn off automatically');
    expect(answer.text).not.toContain('Wireless > Guest');
  });

  it('quotes the Box 3 steps for the Box 3', () => {
    const answer = composeAnswer(parsed({ question: 'How do I set up guest wifi on my box 3?', hits: [box5, box3] }));
    expect(answer.text).toContain('Wireless > Guest');
  });

  // A signed-in customer's model is on their account, not in their words.
  it('quotes the steps for the model the turn is about when the question names none', () => {
    const p = parsed({ question: 'How do I set up guest wifi?', hits: [box3, box5] });
    expect(composeAnswer(p).text).toContain('Wireless > Guest');
    const forBox5 = composeAnswer(p, { model: 'Box 5' });
    expect(forBox5.text).toContain('Home > Wi-Fi > Guest network');
    expect(forBox5.text).not.toContain('Wireless > Guest');
    // A message that names both models compares them, whichever is the customer's.
    const both = composeAnswer(parsed({ question: 'How do I set up guest wifi on the Box 3 and on the Box 5?', hits: [box3, box5] }), { model: 'Box 5' });
    expect(both.text).toContain('Wireless > Guest');
  });
});

describe('function words the stop word lists lack', () => {
  const restart = hit({
    title: 'Redémarrer votre Box',
    lang: 'fr',
    content: "1. Éteignez la Box avec l'interrupteur à l'arrière.\n2. Attendez 30 secondes.\n3. Rallumez la Box.",
  });
  const ask = (question: string) => composeAnswer(parsed({ question, lang: 'fr', hits: [restart] }), { termWeight: () => 1 });

  it('do not make a question unanswerable ("depuis", "chez", "encore")', () => {
    const answer = ask('Comment redémarrer la Box depuis chez moi, encore une fois ?');
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('Attendez 30 secondes');
  });

  it('while the words that say what it is about still must be covered', () => {
    expect(ask('Comment redémarrer la Box depuis le jardin de la voisine, près de la piscine ?').grounded).toBe(false);
  });
});

describe('a city read as its country (lib/rag/places.ts gives its name as an alternative)', () => {
  const title = 'Roaming zones and prices';
  const zones = hit({
    title,
    headingPath: 'Roaming zones',
    content: '| Zone | Countries |\n| --- | --- |\n| Zone 1 | EU/EEA countries (e.g. Germany, France, Italy) |\n| Zone 2 | USA, Canada, Turkey, Serbia |',
  });
  const prices = hit({
    title,
    headingPath: 'Pay-per-use prices',
    content: '| | Zone 1 | Zone 2 |\n| --- | --- | --- |\n| Data per MB | CHF 0.15 | CHF 0.90 |\n| Outgoing calls per minute | CHF 0.35 | CHF 1.20 |',
  });
  const pack = hit({ title: 'Roaming travel packs', content: 'The Travel Europe pack gives you 1 GB of data for CHF 9 and works in Zone 1 only.' });
  const corpus = new Set(['zone', 'countri', 'eu', 'eea', 'germani', 'franc', 'itali', 'usa', 'canada', 'turkey', 'serbia', 'data', 'mb', 'chf', 'price', 'roam', 'travel', 'europ', 'pack', 'week', 'cost', 'outgo', 'call', 'minut']);
  const options = { knownTerm: (t: string) => corpus.has(t), termWeight: () => 1, alternatives: { istanbul: ['turkey'] } };

  it('answers from the zone row that names the country, with the prices the row links to', () => {
    const answer = composeAnswer(parsed({ question: 'What does data cost per MB in Istanbul?', hits: [pack, zones, prices] }), options);
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('| Zone 2 | USA, Canada, Turkey, Serbia |');
    expect(answer.text).toContain('| Data per MB | CHF 0.90 |');
    expect(answer.text).not.toContain('0.15');
  });

  it('answers a country the list does not name from the row for all other countries', () => {
    const withRest = hit({
      title,
      headingPath: 'Roaming zones',
      content: '| Zone | Countries |\n| --- | --- |\n| Zone 1 | EU/EEA countries (e.g. Germany, France, Italy) |\n| Zone 3 | All other countries |',
    });
    const restPrices = hit({ title, headingPath: 'Pay-per-use prices', content: '| | Zone 1 | Zone 3 |\n| --- | --- | --- |\n| Data per MB | CHF 0.15 | CHF 2.50 |' });
    const answer = composeAnswer(parsed({ question: 'What does data cost per MB in Japan?', hits: [withRest, restPrices] }), {
      ...options,
      alternatives: { japan: [OTHER_COUNTRIES] },
    });
    expect(answer.text).toContain('| Zone 3 | All other countries |');
    expect(answer.text).toContain('| Data per MB | CHF 2.50 |');
    expect(answer.text).not.toContain('0.15');
  });

  // The story's words the articles never use do not count; a city the articles know by its country does.
  it('counts the city in the story around the question', () => {
    const question = 'Off to Istanbul next week for work. What does data cost per MB there?';
    const answer = composeAnswer(parsed({ question, hits: [pack, zones, prices] }), options);
    expect(answer.text).toContain('| Zone 2 | USA, Canada, Turkey, Serbia |');
    expect(answer.text).toContain('| Data per MB | CHF 0.90 |');
    expect(answer.text).not.toContain('0.15');
  });
});

describe('a value the customer states against the limit an article states', () => {
  const present = hit({
    title: 'Rendez-vous technicien',
    headingPath: 'Qui doit être présent',
    lang: 'fr',
    content: "Un adulte (18 ans ou plus) doit être présent pendant toute la visite. Si vous ne pouvez pas être là, un adulte autorisé peut vous représenter.",
  });
  const reschedule = hit({ title: 'Rendez-vous technicien', headingPath: 'Déplacer', lang: 'fr', content: "Déplacez la visite dans My Alpenwave jusqu'à 24 heures avant, sans frais." });
  const question = "Je serai pas là pour le technicien, mon fils de 16 ans peut lui ouvrir ?";

  it('answers from the passage that states the limit of the same kind', () => {
    const answer = composeAnswer(parsed({ question, lang: 'fr', hits: [present, reschedule] }), { alternatives: { '16': [quantityTerm('years')] } });
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('18 ans ou plus');
  });

  it('does not without the quantity as the number’s alternative (the number is no word of the article)', () => {
    const answer = composeAnswer(parsed({ question, lang: 'fr', hits: [present, reschedule] }), {});
    expect(answer.text).not.toContain('18 ans ou plus');
  });
});

describe('a plan named by a letter', () => {
  const plans = hit({
    title: 'Check your mobile data usage',
    headingPath: 'Data included per month',
    content: '| Plan | Data in Switzerland | Price |\n| --- | --- | --- |\n| Wave Mobile S | 3 GB | CHF 19.– |\n| Wave Mobile M | 20 GB | CHF 35.– |\n| Wave Mobile L | 100 GB | CHF 55.– |',
  });

  it('answers from the row of the plan the question names, with the header row', () => {
    const answer = composeAnswer(parsed({ question: 'how much data do i get on wave mobile m', hits: [plans] }), {});
    expect(answer.text).toContain('| Plan | Data in Switzerland | Price |');
    expect(answer.text).toContain('| Wave Mobile M | 20 GB | CHF 35.– |');
    expect(answer.text).not.toContain('Wave Mobile S');
  });
});


describe('a verb with its particle', () => {
  const roaming = hit({
    title: 'Check your mobile data usage',
    headingPath: 'Roaming data',
    content: 'Data used abroad is not taken from your Swiss volume. It is covered by the roaming included in Wave Mobile M and L, or charged per MB.',
  });
  const usedUp = hit({
    title: 'Check your mobile data usage',
    headingPath: 'When the volume is used up',
    content: 'You stay online, but the speed is reduced to **256 kbit/s** until the 1st of the next month. You are never charged extra for data in Switzerland.',
  });

  it('answers "and what happens when it is used up?" from the passage about the volume used up, not one that only uses the verb', () => {
    const answer = composeAnswer(
      parsed({ question: 'and what happens when it is used up?', standalone: 'how much data do i get on wave mobile m? and what happens when it is used up?', joined: true, hits: [roaming, usedUp] }),
      {},
    );
    expect(answer.grounded).toBe(true);
    // Quoted first; the roaming passage may follow as more about the question's words.
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('256 kbit/s')).toBeLessThan(at('Data used abroad'));
  });
});

describe('a question that asks which offer to take', () => {
  const title = 'Streaming bundles';
  const bundles = hit({
    title,
    headingPath: `${title} > The bundles`,
    section: 1,
    content: '| Bundle | Channels | Price |\n| --- | --- | --- |\n| Stream Basic | 40 channels | CHF 12 per month |\n| Stream Sport | 40 channels and live football | CHF 25 per month |',
  });
  const buy = hit({
    title,
    headingPath: `${title} > Buy a bundle`,
    section: 2,
    content: '1. Open the TV app.\n2. Go to **Settings > Bundles**.\n3. Pick the bundle you want to buy and confirm with your PIN.',
  });
  const colours = hit({
    title: 'Remote control buttons',
    headingPath: 'Remote control buttons > Coloured buttons',
    content: '| Button | What it does |\n| --- | --- |\n| Red | Opens the recordings |\n| Green | Opens the bundle guide |',
  });

  it('answers with the offers the article names (its priced table) first, not the steps to buy one', () => {
    const answer = composeAnswer(parsed({ question: 'Which bundle should I buy to watch football?', hits: [bundles, buy] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('| Stream Sport | 40 channels and live football | CHF 25 per month |');
    // The steps may follow, for the word "buy" the table does not state.
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('Stream Sport')).toBeLessThan(at('Open the TV app'));
  });

  it('declines when no source names an offer: a table without prices lists things, not offers', () => {
    const answer = composeAnswer(parsed({ question: 'Which bundle would you recommend for my parents?', hits: [colours, buy] }));
    expect(answer.grounded).toBe(false);
  });
});

describe('a message of two questions whose whole is covered only by its parts’ answers', () => {
  const title = 'Travel packs';
  const packs = hit({
    title,
    headingPath: `${title} > Packs`,
    section: 1,
    content: '| Pack | Countries | Price |\n| --- | --- | --- |\n| Travel Near 2 GB | Europe | CHF 10 |\n| Travel Far 2 GB | USA and Canada | CHF 30 |',
  });
  const rules = hit({
    title,
    headingPath: `${title} > How packs work`,
    section: 2,
    content: 'Data you do not use expires at the end of the validity period. You get an SMS when 80 % of the volume is used.',
  });

  it('is answered when the parts’ passages together cover it, though no one passage does', () => {
    const answer = composeAnswer(parsed({ question: 'my daughter flies to canada, which pack should she get and does my data expire', hits: [packs, rules] }));
    expect(answer.grounded).toBe(true);
    expect(answer.text).toContain('Travel Far 2 GB');
    expect(answer.text).toContain('expires at the end of the validity period');
  });
});

describe('a message that tells something fails', () => {
  const appLogin = hit({
    title: 'Log in to your account',
    headingPath: 'Log in to your account > First login',
    section: 1,
    content: '1. Install the TV app.\n2. Log in with your account email and password.\n3. The device is registered automatically.',
  });
  const problems = hit({
    title: 'Log in to your account',
    headingPath: 'Log in to your account > Login problems',
    section: 2,
    content: '| Problem | Solution |\n| --- | --- |\n| Wrong password | Use **Forgot password?** to get a reset link |\n| Account locked | Wait 30 minutes, or reset your password |',
  });

  it('is answered from the section about the problem, not from the steps for when it works', () => {
    const answer = composeAnswer(parsed({ question: 'cant log in', hits: [problems, appLogin] }));
    expect(answer.grounded).toBe(true);
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('Forgot password?')).toBeLessThan(at('Install the TV app'));
  });
});

describe('a situation told without a question', () => {
  const reset = hit({
    title: 'Factory reset your Box',
    headingPath: 'Factory reset your Box > Reset button',
    content: '1. Press and hold the Reset button for 15 seconds.\n2. Release when the light blinks orange.\n3. The Box restarts.',
  });
  const lights = hit({
    title: 'What the lights on your Box mean',
    headingPath: 'What the lights on your Box mean > Status light',
    content: '| Light | Meaning | What to do |\n| --- | --- | --- |\n| Green | Connected | Nothing |\n| Orange blinking | No signal on the line | Check the cable to the wall socket |',
  });

  it('is answered from the table row keyed by the state told, not from steps that mention the state', () => {
    const answer = composeAnswer(parsed({ question: 'my box is blinking orange', hits: [lights, reset, restartBox5] }));
    expect(answer.grounded).toBe(true);
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('No signal on the line')).toBeLessThan(at('Press and hold the Reset button'));
  });
});

describe('a question that asks why', () => {
  const restartTvBox = hit({
    title: 'TV picture problems',
    headingPath: 'TV picture problems > Restart the TV Box',
    content: '1. Unplug the TV Box.\n2. Wait 10 seconds.\n3. Plug it back in; the picture returns after a minute.',
  });
  const freezes = hit({
    title: 'TV picture problems',
    headingPath: 'TV picture problems > The picture freezes in the evening',
    content: 'In the evening many devices in your home use the Wi-Fi at once. A TV Box on Wi-Fi then gets too little of it and the picture freezes. A LAN cable to the Box solves it.',
  });

  it('is answered from the passage that explains first, not from steps that share fewer of its words', () => {
    const answer = composeAnswer(parsed({ question: 'The picture on our TV box freezes every evening. Any idea why?', hits: [restartTvBox, freezes] }));
    expect(answer.grounded).toBe(true);
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('too little of it')).toBeLessThan(at('Unplug the TV Box'));
  });
});

describe('a question that names something no article uses', () => {
  const channels = hit({
    title: 'TV channels and channel list',
    headingPath: 'TV channels and channel list',
    content: 'Wave TV Basic includes more than 120 channels. Wave TV Plus includes more than 250 channels, 110 of them in HD.',
  });
  const known = new Set(['wave', 'tv', 'plus', 'includ', 'basic', 'channel', 'belgrad']);
  // The name weighs as the rarest words do: the passage covers 4 of 9, between the relaxed and the usual share.
  const options = { knownTerm: (t: string) => known.has(t), termWeight: (t: string) => (t === 'netflix' || t === 'belgrad' ? 5 : 1), minCoverage: 0.38 };
  const question = 'Is Netflix included with Wave TV Plus?';

  it('is declined when only the relaxed coverage of a confident retrieval would answer it', () => {
    const answer = composeAnswer(parsed({ question, hits: [channels] }), { ...options, usualCoverage: 0.5 });
    expect(answer.grounded).toBe(false);
    // The relaxed share alone quotes what Wave TV Plus includes.
    expect(composeAnswer(parsed({ question, hits: [channels] }), options).grounded).toBe(true);
  });

  it('is answered when the name is one the articles use', () => {
    const answer = composeAnswer(parsed({ question: 'Is Belgrade included with Wave TV Plus?', hits: [channels] }), { ...options, usualCoverage: 0.5 });
    expect(answer.grounded).toBe(true);
  });
});

describe('a question whether something must be done', () => {
  const resetTitle = 'Factory reset your Box 5';
  const resetSteps = hit({ title: resetTitle, headingPath: `${resetTitle} > With the Reset button`, section: 2, content: '1. Press and hold the **Reset** button for 15 seconds.\n2. Release when the light bar blinks red.' });
  const deleted = hit({ title: resetTitle, headingPath: `${resetTitle} > What is deleted`, section: 3, content: '- Your Wi-Fi name and password\n- Mesh connections to your extenders (they must be paired again)' });
  const beforeSending = hit({
    title: 'Return your equipment',
    headingPath: 'Return your equipment > Before you send it',
    section: 4,
    content: '- You do not need to factory reset the Box; we delete all data when we receive it.\n- Remove your own USB sticks.',
  });

  it('is answered by the passage that says whether it must be done, not by the steps for doing it', () => {
    const answer = composeAnswer(parsed({ question: 'I am returning my Box 5. Do I need to factory reset it first?', hits: [resetSteps, deleted, beforeSending] }), { knownTerm: () => true, termWeight: () => 1 });
    expect(answer.grounded).toBe(true);
    const at = (words: string) => (answer.text.includes(words) ? answer.text.indexOf(words) : Infinity);
    expect(at('do not need to factory reset')).toBeLessThan(at('Press and hold'));
    // Another thing that must be done, in the article about the reset, is no answer to it.
    expect(at('do not need to factory reset')).toBeLessThan(at('must be paired again'));
  });
});
