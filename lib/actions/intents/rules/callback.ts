import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';
import { any } from './common';

/** request_callback: "call me back", "rufen Sie mich zurück", "rappelez-moi", "richiamatemi", "talk to a human". */

const CALLBACK = [
  /\b(call|ring|phone) me( back| please| later| tomorrow| today|$)|\bgive me a (call|ring)\b|\b(call ?back)\b|\b(have|get|can|could) (someone|somebody|an agent|a person|a human) (to )?(call|phone|ring)\b/,
  /\b(talk|speak|chat) (to|with) (a |an |someone|somebody|a real )?(human|person|agent|someone|somebody|representative|employee|operator|real person|advisor|adviser)\b/,
  /\bruf\w* (sie |ihr |du )?mich (bitte )?(\w+ )?(zuruck|zurueck|an)\b|\b(ruckruf|rueckruf)\w*|\b(zuruckrufen|zurueckrufen|anrufen)\b.+\bmich\b|\bmich\b.+\b(zuruckrufen|zurueckrufen|anrufen)\b/,
  /\bmit (einem|einer) (menschen|mitarbeiter\w*|berater\w*|person|agent\w*)\b.+\b(sprechen|reden)\b|\b(echten|richtigen) (menschen|person)\b/,
  /\b(rappel\w* moi|me rappeler|me rappelle|me rappelliez|qu on me rappelle|rappel telephonique|demande de rappel|un rappel|m appeler|m appelle|appel\w* moi)\b/,
  /\bparler (a|avec) (un |une |un vrai |une vraie )?(humain|conseiller|conseillere|personne|agent|operateur|operatrice|employe|quelqu un)\b/,
  /\b(richiamami|richiamatemi|richiamarmi|mi richiam\w*|essere richiamat\w*|farmi richiamare|una richiamata|chiamatemi|chiamami|mi chiam\w*|chiamarmi)\b/,
  /\bparlare con (un |una |un vero |una vera )?(operatore|operatrice|persona|umano|consulente|addetto|qualcuno)\b/,
  // A short request naming a person: "agent please", "Bitte einen Mitarbeiter", "je veux un humain", "un operatore per favore".
  /^((i want|i need|i would like|can i (have|get)|give me|get me) )?(an? )?(human|agent|person|real person|representative|operator|live agent)( please| pls| now)?$/,
  /^((ich (brauche|will|mochte|moechte)|bitte) )?(einen |eine )?(menschen|mitarbeiter\w*|berater\w*|person|agent\w*)( bitte)?$/,
  /^((je veux|je voudrais|je souhaite) )?(un |une )?(humain|conseiller|conseillere|agent|operateur|operatrice|personne)( svp| stp| s il vous plait)?$|\bune personne (peut|pourrait) (m aider|me repondre)\b/,
  /^((voglio|vorrei) )?(un |una )?(umano|operatore|operatrice|persona|consulente)( per favore| grazie)?$|\bchattare con (qualcuno|un operatore|una persona)\b/,
];

const NOT_CALLBACK = /\b(?:do not|dont|never|stop|nicht|keine?n?|ne \w+ pas|pas de|non|mai) (?:\w+ ){0,2}(?:call|calling|anrufen|zuruckrufen|rappeler|appeler|richiamare|chiamare|chiamarmi)\b/;

/**
 * The words that introduce a topic, in the order they are tried at one position ("riguardo a"
 * before "riguardo", "au sujet de" before "au sujet d").
 */
const TOPIC_CUES = [
  'about', 'regarding', 'concerning', 'wegen', 'bezüglich', 'bezueglich', 'betreffend', 'zum Thema', 'concernant',
  ...['au sujet d', 'à propos d', 'a propos d'].flatMap((cue) => [`${cue}e`, `${cue}u`, `${cue}es`, cue]),
  'riguardo a', 'riguardo', 'a proposito di', 'per quanto riguarda',
].map((cue) => new RegExp(cue, 'iy')); // plain words: no character needs escaping

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const isLineBreak = (ch: string) => ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029';

/**
 * A short topic, as written: "about my invoice" → "my invoice". The topic is the rest of the
 * message after the first cue, on one line, at least three characters, without the closing
 * whitespace and . ! ? marks. A scan in linear time: as one regular expression
 * (`cue\s+(.{3,}?)\s*[.!?]*$`) it backtracked cubically on long runs of spaces and cues
 * (two seconds for one 2,000-character message).
 */
export function topicOf(raw: string): string | undefined {
  const s = raw.trim();
  const n = s.length;
  // Where the closing `\s*[.!?]*` starts: the topic ends there, or later if it would be too short.
  let tail = n;
  while (tail > 0 && '.!?'.includes(s[tail - 1]!)) tail--;
  while (tail > 0 && isSpace(s[tail - 1])) tail--;
  // nextBreak[i]: the first line break at or after i; spaceRun[i]: the whitespace run starting at i.
  const nextBreak = new Array<number>(n + 1).fill(n);
  const spaceRun = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    nextBreak[i] = isLineBreak(s[i]!) ? i : nextBreak[i + 1]!;
    spaceRun[i] = isSpace(s[i]) ? spaceRun[i + 1]! + 1 : 0;
  }
  /** The topic if it starts at `start`, else null. */
  const topicFrom = (start: number): string | null => {
    const end = Math.max(start + 3, tail);
    return end <= n && nextBreak[start]! >= end ? s.slice(start, end) : null;
  };
  for (let at = 0; at < n; at++) {
    if (at > 0 && !isSpace(s[at - 1])) continue;
    for (const cue of TOPIC_CUES) {
      cue.lastIndex = at;
      if (!cue.test(s)) continue;
      const after = cue.lastIndex;
      // As many spaces as possible first, then fewer (the topic may begin with a space); an
      // apostrophe only after a "d" (« au sujet d’une facture »).
      let topic: string | null = null;
      for (let k = spaceRun[after]!; k >= 1 && topic === null; k--) topic = topicFrom(after + k);
      if (topic === null && /['’]/.test(s[after] ?? '') && /d/i.test(s[after - 1]!)) topic = topicFrom(after + 1);
      if (topic === null) continue;
      const trimmed = topic.trim();
      return trimmed ? trimmed.slice(0, 200) : undefined;
    }
  }
  return undefined;
}

export const callbackRule: Rule = {
  name: 'callback',
  match({ raw, text }: PreparedRequest): RecognizedToolCall | null {
    if (!any(text, CALLBACK) || NOT_CALLBACK.test(text)) return null;
    const topic = topicOf(raw);
    return { toolName: 'request_callback', input: topic ? { topic } : {} };
  },
};
