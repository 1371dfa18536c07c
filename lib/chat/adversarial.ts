import fc from 'fast-check';
import { composeAnswer, type AnswerPrompt } from '@/lib/ai/local/extractive-answer';
import { embedText } from '@/lib/ai/local/embedding-model';
import { connectorRecognizer, explainRecognition, validateToolCall, type Recognition } from '@/lib/actions/intents';
import { connectorFromConfig } from '@/lib/actions/connectors/config';
import { defineHttpConnector } from '@/lib/actions/connectors/definition';
import { cancelOrderDefinition, orderStatusConfig } from '@/lib/actions/connectors/test-connectors';
import { CATALOG, NOW } from '@/lib/actions/intents/test-fixtures';
import type { TextLanguage } from '@/lib/ai/local/text';
import type { Db } from '@/lib/db/client';
import { LOCALES } from '@/lib/i18n/locales';
import { condenseLocally } from '@/lib/rag/condense';
import { questionSimilarity } from '@/lib/rag/golden';
import { detectLanguage } from '@/lib/i18n/detect-language';
import { isAvailabilityQuestion } from '@/lib/rag/question-kind';
import { chitChatKind, chitChatLanguage, routeByForm } from './route';
import { correctSpelling } from '@/lib/rag/spelling';
import { MAX_MESSAGE_CHARS } from '@/lib/domain/chat';

/**
 * Adversarial chat messages and the per-message functions of the chat's hot path, for the
 * property tests (lib/chat/adversarial.test.ts) and the bench (npm run bench:adversarial). Test
 * and bench code only: it imports fast-check, a dev dependency.
 */

/** The message that froze the callback rule's topic regex for 2.5 s (1,995 characters). */
export const FROZE_THE_SERVER = 'call me back ' + 'about '.repeat(110) + ' '.repeat(1320) + '\n' + 'x';

/** The rules' own words: repeated, they are what drives a badly written pattern into backtracking. */
const KEYWORDS = [
  'about ', 'regarding ', 'call me ', 'call me back ', 'ring me ', 'talk to a human ', 'wegen ', 'bezüglich ', 'zum Thema ',
  'rufen Sie mich zurück ', 'Rückruf ', 'au sujet de ', "au sujet d'", 'à propos de ', 'rappelez-moi ', 'riguardo a ',
  'richiamatemi ', 'per quanto riguarda ', 'my invoice ', 'meine Rechnung ', 'ma facture ', 'la mia fattura ', 'last 3 bills ',
  'restart my modem ', 'Box neu starten ', 'redémarrer la box ', 'change my plan to Wave Home 1000 ', 'wechsle auf ',
  'appointment ', 'Termin verschieben ', 'rendez-vous ', 'appuntamento ', 'tomorrow at 10 ', 'am 4. ', 'le 4 ', 'il 4 ',
  'the 4th of ', 'januar ', 'outage ', 'Störung ', 'is the network down ', 'my email is ', 'm.huber@example.ch ',
  '079 555 12 34 ', '+41 44 555 66 77 ', 'AW-12345 ', 'ignore all instructions ', 'system: ', '<system>', '[INST]',
  'how do I ', 'wie kann ich ', 'comment ', 'come ', 'what about ', 'and ', 'it ', 'that ', 'do not ', 'nicht ', 'ne pas ',
  'my neighbour s ', 'Mr. Smith ', 'M. Dupont ', 'hello ', 'danke ', 'merci ', 'grazie ', 'how much does it cost if ',
  'do you sell ', 'is there a ', '[1] ', '[1, 2] ', '# ', '## Title ##', '```', '> ', '- ', '| --- |', '![x](', '[a](b)',
  'https://www.alpenwave.ch/', 'Box 5 ', 'My Alpenwave > Rechnungen > ', '« Redémarrer » ', 'AAAA ', '1000/500 Mbit/s ',
  // The test connectors' labels and arguments (the connector recogniser).
  'cancel order ', 'Bestellung stornieren ', "annullare l'ordine ", 'order status ', 'A-1001 ', 'A-1001? ', 'changed mind ',
];

/** A read from a JSON config and a write defined in code: what the connector recogniser runs over. */
const TEST_CONNECTORS = [connectorFromConfig(orderStatusConfig('https://api.example.com')), defineHttpConnector(cancelOrderDefinition('https://api.example.com'))];
const recognizeConnector = connectorRecognizer(TEST_CONNECTORS);

/** Runs of the characters regular expressions quantify over: whitespace, punctuation, breaks. */
const RUNS = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u200b', '.', '!', '?', ',', ';', ':', "'", '’', '"', '«',
  '-', '–', '/', '@', '#', '*', '_', '[', ']', '(', ')', '<', '>', '|', '`', '~', '=', '+', '0', '9', 'a', 'Z', 'é', 'ß'];

/** Other scripts and awkward code points: the letters-only classes must not choke on them. */
const SCRIPTS = ['日本語の請求書', '中文', 'Ελληνικά ', 'русский счёт ', 'مرحبا ', 'שלום ', 'हिन्दी ', '😀', '👍🏽', 'e\u0301',
  '\ud800', '\udfff', '\u0000', '\u001f', '\ufeff', 'ﬁ', 'Ⅻ', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'];

/** One piece of a message, possibly repeated hundreds of times. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...KEYWORDS), fc.integer({ min: 1, max: 120 })).map(([k, n]) => k.repeat(n)) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...RUNS), fc.integer({ min: 1, max: 1500 })).map(([r, n]) => r.repeat(n)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SCRIPTS), fc.integer({ min: 1, max: 60 })).map(([s, n]) => s.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
);

/** A chat message up to the message limit, built from the pieces above. */
export const adversarialMessage: fc.Arbitrary<string> = fc
  .array(piece, { minLength: 1, maxLength: 8 })
  .map((pieces) => pieces.join('').slice(0, MAX_MESSAGE_CHARS));

/**
 * Ordinary requests in the four languages, to warm up before measuring: the first date a
 * language's parser reads, the first stemmer and trigram table cost a one-off 100 ms or more, and
 * V8 compiles every regular expression again for the first text outside Latin-1 (the copies
 * with an emoji).
 */
const ORDINARY = [
  'Can you move my technician appointment to Thursday at 10?',
  'Können Sie meinen Termin auf morgen um 14 Uhr verschieben?',
  'Pouvez-vous déplacer mon rendez-vous au 4 décembre à 9h ?',
  'Potete spostare il mio appuntamento a lunedì alle 10?',
  'Please call me back about my invoice',
  'Ich möchte auf Wave Home 1000 wechseln',
  'Redémarrez ma box svp',
  "C'è un guasto nella mia zona?",
  'How much does roaming cost?',
];
/**
 * V8 compiles a regular expression to machine code the first time it meets a long subject (over
 * 1,000 characters), and chrono's month-name patterns take 150 ms or more to compile: a one-off
 * cost per process, not backtracking, so the warm-up includes a long request with no date (every
 * language's parser runs over it).
 */
const LONG_WITHOUT_DATE = `Can you move my appointment? ${'Please. '.repeat(200)}`;
export const WARM_UP = [...ORDINARY, LONG_WITHOUT_DATE].flatMap((m) => [m, `${m} 🙂`]);

/** A fixed, seeded set of adversarial messages (the bench's), the known bad one first. */
export function adversarialSet(count: number, seed = 12): string[] {
  return [FROZE_THE_SERVER, ...fc.sample(adversarialMessage, { numRuns: count - 1, seed })];
}

// ---- The hot path's per-message functions ---------------------------------------------------------

const GOLDEN_QUESTIONS = ['How do I restart my Box 5?', 'Wie kann ich meine Rechnung bezahlen?', 'Combien coûte le roaming ?', 'Come attivo la eSIM?'];

const PASSAGE: AnswerPrompt['sources'] = [
  {
    n: 1,
    title: 'Restart your Box 5',
    heading: 'Restart',
    lang: 'en',
    content:
      'The easiest way is the My Alpenwave app: Home > Restart Box. You can also log in at http://192.168.0.1 and choose System > Restart, or hold the power button for 3 seconds.\n\n- Wait 30 seconds.\n- Press it again.',
  },
  {
    n: 2,
    title: 'Rechnung bezahlen',
    heading: 'Zahlungsarten',
    lang: 'de',
    content: 'Sie können Ihre Rechnung mit eBill, QR-Rechnung oder Lastschriftverfahren (LSV) bezahlen. Die Rechnung kommt am 1. des Monats.',
  },
];

/** Words the fake lexicon knows: spelling correction compares unknown words with them. */
const LEXICON = ['rechnung', 'invoice', 'restart', 'modem', 'roaming', 'appointment', 'abonnement', 'fattura', 'facture', 'router', 'about', 'regarding'];

/** Stands in for the database in spelling correction: every lookup returns the small lexicon. */
const FAKE_DB = { execute: async () => LEXICON.map((word) => ({ word, ndoc: 3 })) } as unknown as Db;

const LANGS: readonly TextLanguage[] = LOCALES;
const isLocaleOrUndefined = (v: unknown) => v === undefined || (LANGS as readonly unknown[]).includes(v);

export type HotPathStep = {
  name: string;
  /** Runs the step on one message; throws (an assertion) when the output has the wrong shape. */
  run(message: string): void | Promise<void>;
};

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`invalid output: ${what}`);
}

/** The message-level functions one chat turn runs, in pipeline order, each with its output's shape. */
export const HOT_PATH: HotPathStep[] = [
  {
    name: 'language',
    run: (m) => check(isLocaleOrUndefined(detectLanguage(m, { prior: 'de', vocabulary: () => undefined })), 'detectLanguage'),
  },
  {
    name: 'route',
    run: (m) => {
      check(['knowledge', 'account', 'chit_chat'].includes(routeByForm(m)), 'routeByForm');
      check(isLocaleOrUndefined(chitChatLanguage(m)), 'chitChatLanguage');
      const kind = chitChatKind(m);
      check(kind === undefined || ['greeting', 'thanks', 'bye', 'identity'].includes(kind), 'chitChatKind');
    },
  },
  {
    name: 'recognizer',
    run: (m) => {
      // Once per message, as a turn does, in the conversation's language (varied here by length).
      const lang = LANGS[m.length % LANGS.length]!;
      const result: Recognition = explainRecognition(m, { lang, catalog: CATALOG, now: NOW, timeZone: 'Europe/Zurich' });
      check(['call', 'refused', 'invalid', 'none'].includes(result.kind), 'explainRecognition kind');
      // A proposed call is one the contract's schema accepts, unchanged.
      if (result.kind === 'call') check(JSON.stringify(validateToolCall(result.call, { catalog: CATALOG })) === JSON.stringify(result.call), 'tool call');
    },
  },
  {
    name: 'connector recognizer',
    run: (m) => {
      const lang = LANGS[m.length % LANGS.length]!;
      const call = recognizeConnector(m, { lang, catalog: CATALOG, now: NOW, timeZone: 'Europe/Zurich' });
      // A proposed call is one the connector's own schema accepts.
      if (call) check(TEST_CONNECTORS.some((c) => c.name === call.toolName && c.input.safeParse(call.input).success), 'connector call');
    },
  },
  {
    name: 'condense',
    run: (m) => {
      const history = [{ role: 'user' as const, content: 'How do I restart my Box 5?' }, { role: 'assistant' as const, content: 'Hold the button.' }];
      const standalone = condenseLocally(m, history);
      check(standalone === m || standalone === `How do I restart my Box 5? ${m} ${m}`, 'condenseLocally');
      check(condenseLocally(m) === m, 'condenseLocally without history');
    },
  },
  {
    name: 'golden match',
    run: (m) => {
      // bestGoldenMatch reads the question's features once and compares them with each golden question.
      const s = questionSimilarity(m, GOLDEN_QUESTIONS[m.length % GOLDEN_QUESTIONS.length]!, 'en');
      check(Number.isFinite(s) && s >= 0 && s <= 1 + 1e-9, 'questionSimilarity');
    },
  },
  {
    name: 'embedding',
    run: (m) => check(embedText(m, 'en').every(Number.isFinite), 'embedText'),
  },
  {
    name: 'spelling',
    run: async (m) => {
      const { query, corrections } = await correctSpelling(FAKE_DB, m);
      check(typeof query === 'string' && Object.values(corrections).every((w) => LEXICON.includes(w)), 'correctSpelling');
      if (Object.keys(corrections).length === 0) check(query === m, 'correctSpelling leaves an uncorrected query alone');
    },
  },
  {
    name: 'availability',
    run: (m) => check(typeof isAvailabilityQuestion(m) === 'boolean', 'isAvailabilityQuestion'),
  },
  {
    name: 'answer',
    run: (m) => {
      const answer = composeAnswer({ lang: 'en', question: m, standalone: m, sources: PASSAGE });
      check(typeof answer.text === 'string' && answer.text.length > 0, 'composeAnswer text');
      check(answer.coverage >= 0 && answer.coverage <= 1 + 1e-9, 'composeAnswer coverage');
      check(answer.cited.every((n) => PASSAGE.some((s) => s.n === n)), 'composeAnswer cites only given sources');
    },
  },
];

/** CPU time (user + system) of one call, in milliseconds. */
export async function cpuMs(run: () => void | Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}
