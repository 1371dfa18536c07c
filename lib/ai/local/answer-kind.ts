import { timeExpressions } from '@/lib/i18n/date-parsers';
import { askedPart, fold, sentencesOf, termOf, type TextLanguage } from './text';

/**
 * What kind of answer a question wants, and whether a passage holds that kind of answer. The
 * built-in model quotes passages: "how much" is only answered by a passage with an amount in it,
 * "how long" by one with a duration, "how do I" best by steps. The cue words are the question's
 * grammar (how much, wie lange, combien, quanto tempo), not its topic, so they hold for any
 * help center's content.
 */

export type AnswerKind = 'amount' | 'duration' | 'count' | 'contact' | 'steps' | 'place' | 'outcome' | 'meaning' | 'cause' | 'option' | 'trouble' | 'necessity';

/** Kinds a passage must hold for the quote to count as an answer: without one, better silent. */
export const STRICT_KINDS: ReadonlySet<AnswerKind> = new Set(['amount', 'duration', 'count', 'contact']);

// Cues are matched on folded text (lower case, no accents), at word boundaries; "\s+" between words.
const CUES: Record<AnswerKind, Record<TextLanguage, string[]>> = {
  amount: {
    en: ['how much', 'cost', 'costs', 'price', 'prices', 'priced', 'fee', 'fees', 'charge', 'charged', 'charges', 'expensive', 'cheap', 'cheaper', 'pay for', 'what do i pay', 'what will i pay', 'what would i pay', 'do i have to pay'],
    de: ['wie viel', 'wieviel', 'kostet', 'kosten', 'teuer', 'teurer', 'preis', 'preise', 'gebuhr', 'gebuhren', 'gunstig', 'gunstiger', 'bezahle ich fur', 'was zahle ich', 'was bezahle ich', 'muss ich zahlen', 'muss ich bezahlen'],
    fr: ['combien coute', 'combien coutent', 'combien ca coute', 'combien je paie', 'combien vais-je payer', 'je paie combien', 'dois-je payer', 'je dois payer', 'coute', 'coutent', 'couter', 'cout', 'couts', 'prix', 'frais', 'cher', 'tarif', 'tarifs', 'payant', 'payante', 'payants', 'payantes'],
    it: ['quanto costa', 'quanto costano', 'quanto pago', 'quanto si paga', 'devo pagare', 'costa', 'costano', 'costare', 'costo', 'costi', 'prezzo', 'prezzi', 'tariffa', 'tariffe', 'caro', 'spese', 'a pagamento'],
  },
  // "When does it start?", "Wann kommt …?", "Quand est-ce que …?" ask for a time too; English
  // "when" only before an auxiliary ("what happens when it's used up" joins two clauses). Italian
  // and French "quando"/"quand" alone join clauses as often as they ask.
  duration: {
    en: ['how long', 'how many days', 'how many hours', 'how many minutes', 'how many weeks', 'how many months', 'how soon', 'how quickly', 'until when', 'by when', 'deadline', 'how late', 'how early', 'notice period', 'when does', 'when do', 'when will', 'when can', 'when is', 'when are'],
    de: ['wie lange', 'wie lang', 'wie viele tage', 'wie viele stunden', 'nach wie vielen tagen', 'nach wie vielen stunden', 'wie schnell', 'bis wann', 'ab wann', 'wann', 'frist', 'kundigungsfrist', 'dauert', 'dauer'],
    fr: ['combien de temps', 'combien de jours', 'combien d\'heures', 'combien de semaines', 'combien de mois', 'jusqu\'a quand', 'a partir de quand', 'quand est-ce', 'a quel moment', 'delai', 'delais', 'preavis', 'dure', 'duree'],
    it: ['quanto tempo', 'quanti giorni', 'quante ore', 'quanto ci vuole', 'quanto ci vogliono', 'quanto ci mette', 'quanto ci mettete', 'entro quando', 'fino a quando', 'fino a quanto', 'tra quanto', 'fra quanto', 'dopo quanto', 'scadenza', 'termine', 'preavviso', 'dura', 'durata'],
  },
  // "maximal", "au maximum": the most of something there can be — a number (with "how long" or
  // "how much" the duration or amount wins, see wantedAnswerKinds).
  count: {
    en: ['how many', 'at most', 'maximum number'],
    de: ['wie viele', 'wieviele', 'maximal', 'hochstens'],
    fr: ['combien de', 'au maximum', 'au plus'],
    it: ['quanti', 'quante', 'al massimo'],
  },
  contact: {
    en: ['phone number', 'which number', 'what number', 'hotline', 'email address', 'e-mail address', 'who do i call', 'how do i contact', 'how can i contact', 'how do i reach', 'how can i reach'],
    de: ['telefonnummer', 'welche nummer', 'hotline', 'e-mail-adresse', 'wen rufe ich an', 'wie erreiche ich', 'wie kontaktiere ich', 'kontaktieren'],
    fr: ['numero de telephone', 'quel numero', 'hotline', 'adresse e-mail', 'qui appeler', 'comment contacter', 'comment joindre', 'joindre'],
    it: ['numero di telefono', 'quale numero', 'che numero', 'hotline', 'indirizzo e-mail', 'chi chiamo', 'come contatto', 'come contattare', 'come raggiungo'],
  },
  steps: {
    en: ['how do i', 'how do you', 'how can i', 'how to', 'how should i', 'what do i do', 'what should i do', 'steps'],
    de: ['wie kann ich', 'wie konnen', 'wie muss ich', 'wie richte ich', 'wie andere ich', 'wie mache ich', 'wie gehe ich', 'was muss ich tun', 'was soll ich tun', 'wie'],
    fr: ['comment', 'que dois-je faire', 'que faire', 'quelles etapes'],
    it: ['come faccio', 'come posso', 'come si', 'come devo', 'come', 'cosa devo fare', 'che cosa devo fare'],
  },
  place: {
    en: ['where', 'which menu', 'which page'],
    de: ['wo', 'wohin', 'in welchem menu'],
    fr: ['ou', 'dans quel menu'],
    it: ['dove', 'in quale menu'],
  },
  // "What happens if the direct debit bounces?": what follows, not what to do.
  outcome: {
    en: ['what happens', 'what will happen', 'what would happen', 'what happened'],
    de: ['was passiert', 'was geschieht', 'was droht'],
    fr: ['que se passe-t-il', 'que se passera-t-il', "qu'est-ce qui se passe", "qu'est-ce qui va se passer", 'il se passe quoi', 'ca se passe comment'],
    it: ['cosa succede', 'che succede', 'che cosa succede', 'cosa accade', 'che cosa accade'],
  },
  // "Was bedeutet das orange Licht?": what a sign or a message says, not what to do about it (so
  // not the steps a question without a form gets by default). The passage that explains the
  // state answers; no kind of content marks it, so the question's words decide. English puts the
  // verb last ("what does the orange light mean?"): see ENGLISH_MEANING.
  meaning: {
    en: ['meaning of', 'what is the meaning'],
    de: ['was bedeutet', 'was bedeuten', 'was heisst', 'bedeutung'],
    fr: ['que signifie', 'que signifient', 'ca signifie quoi', 'ca veut dire quoi', "qu'est-ce que ca veut dire", 'que veut dire', 'veut dire', 'signification'],
    it: ['cosa significa', 'che significa', 'cosa vuol dire', 'che vuol dire', 'cosa vuole dire', 'significato'],
  },
  // "Why is my first bill so high?", "smart plugs keep dropping off the wifi… any idea what's going
  // on?": why something is so — the passage that explains it, not the steps a question without a
  // form gets by default. As for a meaning, the question's words pick the passage.
  cause: {
    en: ['why', "what's going on", 'whats going on', "what's wrong", 'whats wrong', 'how come'],
    de: ['warum', 'wieso', 'weshalb', 'weswegen', 'was ist los'],
    fr: ['pourquoi', "qu'est-ce qui ne va pas"],
    it: ['perche'],
  },
  // "Which data pack should I book?", "quel abo vous me conseillez ?": one of the offers to pick
  // (a pack, a plan), named as the article's tables name them — see asksToChoose for the
  // "which … verb" form, whose words may stand apart.
  option: {
    en: ['do you recommend', 'would you recommend', 'do you suggest', 'would you suggest', 'would make sense', 'makes the most sense', 'best option for me', 'best choice for me'],
    de: ['empfehlen sie mir', 'wurden sie mir empfehlen', 'empfiehlst du mir', 'was empfehlen sie', 'was wurden sie empfehlen'],
    fr: ['vous me conseillez', 'me conseillez-vous', 'me conseilleriez-vous', 'vous me recommandez', 'me recommandez-vous', 'que me conseillez-vous'],
    it: ['mi consigliate', 'mi consiglia', 'mi consigli', 'mi consigliereste', 'cosa mi consigliate', 'che mi consigliate'],
  },
  // "cant log in", "tv not working", "je n'arrive pas à me connecter": something fails; the
  // article's section about problems answers (its heading says so), not the steps for when it works.
  trouble: {
    en: ["can't", 'cant', 'cannot', 'can not', 'unable to', "doesn't work", 'doesnt work', 'does not work', "don't work", 'dont work', 'not working', 'stopped working', 'no longer works'],
    de: ['kann nicht', 'kann ich nicht', 'konnen nicht', 'geht nicht', 'funktioniert nicht', 'klappt nicht', 'nicht mehr moglich'],
    fr: ["n'arrive pas", "n'arrive plus", 'ne marche pas', 'ne marche plus', 'ne fonctionne pas', 'ne fonctionne plus', 'impossible de'],
    it: ['non riesco', 'non funziona', 'non funzionano', 'non va', 'non vanno', 'impossibile'],
  },
  // "Do I need to factory reset it first?", "Muss ich das Gerät zurückschicken?", "Est-ce que je
  // dois résilier moi-même ?", "la devo restituire?": whether something must be done — the passage
  // that says it must or need not ("You do not need to factory reset the Box"), not the steps for
  // doing it. Not after a question word: "what do I need to do", "wie lange muss ich warten", "que
  // dois-je faire" ask for steps or a time (see asksNecessity).
  necessity: {
    en: ['do i need', 'do i have to', 'do we need', 'do we have to', 'must i', 'must we', 'is it necessary', 'is it mandatory', 'is it compulsory', 'am i required', 'are we required', 'am i obliged'],
    de: ['muss ich', 'mussen wir', 'muss man', 'brauche ich', 'brauchen wir', 'ist es notig', 'ist es notwendig', 'ist es pflicht', 'ist das notig', 'ist das pflicht'],
    fr: ['dois-je', 'je dois', 'doit-on', 'on doit', 'faut-il', 'est-il necessaire', 'est-ce necessaire', 'est-ce obligatoire', 'suis-je oblige', 'je suis oblige'],
    it: ['devo', 'dobbiamo', 'bisogna', 'occorre', 'e necessario', 'e obbligatorio', 'sono obbligato', 'sono obbligata', 'siamo obbligati'],
  },
};

// "Which data pack should I book", "Welches Paket soll ich für die USA buchen", "quel forfait
// dois-je prendre", "quale pacchetto devo attivare": a which-word, then within a few words a verb
// of choosing or getting. (Not "which number do I call", "welche Nummer muss ich anrufen": calling
// is not choosing.)
const WHICH_WORDS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['which']),
  de: new Set(['welche', 'welches', 'welchen', 'welcher', 'welchem']),
  fr: new Set(['quel', 'quelle', 'quels', 'quelles']),
  it: new Set(['quale', 'quali']),
};
const CHOOSING_VERBS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['get', 'book', 'buy', 'choose', 'pick', 'take', 'order', 'recommend', 'suggest']),
  de: new Set(['buchen', 'nehmen', 'wahlen', 'kaufen', 'bestellen', 'holen', 'empfehlen', 'empfiehlst']),
  fr: new Set(['prendre', 'prends', 'choisir', 'choisis', 'reserver', 'acheter', 'commander', 'conseillez', 'conseilles', 'recommandez']),
  it: new Set(['prendere', 'prendo', 'scegliere', 'scelgo', 'acquistare', 'comprare', 'prenotare', 'attivare', 'consigliate', 'consigli', 'consiglia']),
};
const CHOOSING_REACH = 8;

/** Whether a question asks which of several offers to take ("which pack should I get?"). */
function asksToChoose(folded: string, lang: TextLanguage): boolean {
  const tokens = folded.match(/[\p{L}\d]+/gu) ?? [];
  return tokens.some((token, i) => WHICH_WORDS[lang].has(token) && tokens.slice(i + 1, i + 1 + CHOOSING_REACH).some((t) => CHOOSING_VERBS[lang].has(t)));
}

function cueRegExp(cues: string[]): RegExp {
  const alternatives = [...cues].sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\d])(?:${alternatives.join('|')})(?![\\p{L}\\d])`, 'u');
}

const CUE_PATTERNS = Object.fromEntries(
  (Object.keys(CUES) as AnswerKind[]).map((kind) => [
    kind,
    Object.fromEntries((Object.keys(CUES[kind]) as TextLanguage[]).map((lang) => [lang, cueRegExp(CUES[kind][lang])])),
  ]),
) as Record<AnswerKind, Record<TextLanguage, RegExp>>;

// The contact cues that ask to reach someone, rather than name a detail ("phone number", "hotline").
const CONTACT_VERBS: Record<TextLanguage, string[]> = {
  en: ['which number', 'what number', 'who do i call', 'how do i contact', 'how can i contact', 'how do i reach', 'how can i reach'],
  de: ['welche nummer', 'wen rufe ich an', 'wie erreiche ich', 'wie kontaktiere ich', 'kontaktieren'],
  fr: ['quel numero', 'qui appeler', 'comment contacter', 'comment joindre', 'joindre'],
  it: ['quale numero', 'che numero', 'chi chiamo', 'come contatto', 'come contattare', 'come raggiungo'],
};
const CONTACT_VERB_PATTERNS = Object.fromEntries((Object.keys(CONTACT_VERBS) as TextLanguage[]).map((lang) => [lang, cueRegExp(CONTACT_VERBS[lang])])) as Record<TextLanguage, RegExp>;

// "où" folds to "ou" (or); only the accented word asks where.
const FRENCH_WHERE = /(?<!\p{L})où(?!\p{L})/u;

// Italian asks how much or how long with "quanto" and a verb a few words on: "quanto mi fate
// pagare", "quanto devo pagare", "quanto bisogna aspettare", "quanto si deve attendere".
const QUANTO_VERBS: [AnswerKind, RegExp][] = [
  ['amount', /^pag(?:are|o|a|hi|hiamo|ate|ano|hero|hera|herei|herebbe)$/],
  ['duration', /^(?:aspett|attend)(?:are|ere|[oai]|iamo|ate|ano|ono|ete)$/],
];
const QUANTO_REACH = 4;

/** The kinds "quanto … verb" asks for, with the words that ask it (they say the form, not the topic). */
function italianQuanto(text: string): { kind: AnswerKind; words: string[] }[] {
  const tokens = text.match(/[\p{L}\d]+/gu) ?? [];
  const found: { kind: AnswerKind; words: string[] }[] = [];
  tokens.forEach((token, i) => {
    if (token !== 'quanto') return;
    for (const [kind, verb] of QUANTO_VERBS) {
      const at = tokens.slice(i + 1, i + 1 + QUANTO_REACH).findIndex((t) => verb.test(t));
      if (at !== -1) found.push({ kind, words: tokens.slice(i, i + 2 + at) });
    }
  });
  return found;
}

// "What does the orange light mean?", "what do the four lights mean": the verb comes last, a few words on.
const ENGLISH_MEANING = /(?<![\p{L}\d])what\s+(?:does|do|did)\s+(?:[\p{L}\d'-]+\s+){1,8}?mean(?![\p{L}\d])/u;

// The question words that, just before a necessity cue, make it ask for something else: "what do
// I need to do" (steps), "how long do I have to wait" (a time), "que dois-je faire", "cosa devo fare".
const NECESSITY_ASKERS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['how', 'what', 'whats', 'when', 'where', 'which', 'who', 'whom', 'why']),
  de: new Set(['wie', 'was', 'wann', 'wo', 'wohin', 'woher', 'welche', 'welcher', 'welches', 'welchen', 'welchem', 'warum', 'wieso', 'weshalb']),
  fr: new Set(['comment', 'quand', 'combien', 'que', 'quoi', 'quel', 'quelle', 'quels', 'quelles', 'pourquoi']),
  it: new Set(['come', 'quanto', 'quanta', 'quanti', 'quante', 'quando', 'cosa', 'che', 'dove', 'quale', 'quali', 'perche']),
};
/** How far before a necessity cue a question word still governs it. */
const NECESSITY_ASKER_REACH = 4;
// "do I actually have to", "do we really need": an adverb between the subject and the verb.
const ENGLISH_NECESSITY_ADVERB = /(?<![\p{L}\d])(do|does)\s+(i|we)\s+(?:actually|really|still|also|even|then|now)\s+(?=need|have)/gu;
// "Est-ce que je dois…": the yes/no marker, not a question word.
const FRENCH_YES_NO = /(?<![\p{L}\d])est-ce\s+qu(?:e|')\s*/gu;

// The necessity cues, to find every one in a text (matchAll needs the global flag).
const NECESSITY_SCANS = Object.fromEntries((Object.keys(CUES.necessity) as TextLanguage[]).map((lang) => [lang, new RegExp(cueRegExp(CUES.necessity[lang]).source, 'gu')])) as Record<TextLanguage, RegExp>;

/** Whether a folded question's asking part asks whether something must be done (see CUES.necessity). */
function asksNecessity(folded: string, lang: TextLanguage): boolean {
  const text = lang === 'en' ? folded.replace(ENGLISH_NECESSITY_ADVERB, '$1 $2 ') : lang === 'fr' ? folded.replace(FRENCH_YES_NO, '') : folded;
  for (const match of text.matchAll(NECESSITY_SCANS[lang])) {
    const clause = text.slice(0, match.index).split(/[,;:.?!]/).pop() ?? '';
    const before = (clause.match(/[\p{L}\d]+/gu) ?? []).slice(-NECESSITY_ASKER_REACH);
    if (before.some((w) => NECESSITY_ASKERS[lang].has(w))) continue;
    // The clause must be the one that asks: "Devo riavviare il modem, come si fa?" says what the
    // customer has to do and asks how.
    const end = /[,;:.?!]/.exec(text.slice(match.index + match[0].length));
    if (end ? end[0] === '?' : !text.includes('?')) return true;
  }
  return false;
}

const COME_MAI = /(?<![\p{L}\d])come\s+mai(?![\p{L}\d])/gu;

/** The kinds of answer a question wants, in the order its parts ask for them; empty when it says nothing about the form. */
export function wantedAnswerKinds(question: string, lang: TextLanguage): AnswerKind[] {
  const folded = fold(question).replace(/[’`]/g, "'");
  // "Come mai…?" asks why: its "come" is not the "come" of "come faccio" (steps).
  const text = lang === 'it' ? folded.replace(COME_MAI, 'perche') : folded;
  const kinds: AnswerKind[] = [];
  for (const kind of Object.keys(CUE_PATTERNS) as AnswerKind[]) {
    if (kind === 'place' && lang === 'fr') {
      if (FRENCH_WHERE.test(question.toLowerCase())) kinds.push(kind);
      continue;
    }
    // After the sharper forms: "do I have to pay" asks for the amount.
    if (kind === 'necessity') {
      if (!kinds.some((k) => STRICT_KINDS.has(k)) && asksNecessity(fold(askedPart(question)).replace(/[’`]/g, "'"), lang)) kinds.push(kind);
      continue;
    }
    if (
      CUE_PATTERNS[kind][lang].test(text) ||
      (lang === 'it' && italianQuanto(text).some((q) => q.kind === kind)) ||
      (kind === 'meaning' && lang === 'en' && ENGLISH_MEANING.test(text)) ||
      (kind === 'option' && asksToChoose(text, lang))
    )
      kinds.push(kind);
  }
  // "How do I change my phone number?": the contact detail is what the steps act on, not a contact
  // to reach; only a contact verb ("how do I reach…") or a question without steps asks for one.
  if (kinds.includes('contact') && kinds.includes('steps') && !CONTACT_VERB_PATTERNS[lang].test(text)) kinds.splice(kinds.indexOf('contact'), 1);
  // "…tout de suite ou seulement le mois prochain ?": a question that offers two times to choose
  // from asks when, whatever its words.
  if (!kinds.some((k) => STRICT_KINDS.has(k)) && offersTimes(question, lang)) kinds.push('duration');
  // "How many days", "combien de temps": a duration (or an amount), not a count.
  if (kinds.includes('count') && (kinds.includes('duration') || kinds.includes('amount'))) kinds.splice(kinds.indexOf('count'), 1);
  // "How much does it cost" is an amount, not steps; "wie lange" is a duration, not steps.
  return kinds.includes('steps') && kinds.some((k) => STRICT_KINDS.has(k)) && !/\b(?:and|und|et|e)\b/.test(text)
    ? kinds.filter((k) => k !== 'steps')
    : kinds;
}

// The word that joins two alternatives ("now or next month?").
const OR_WORDS: Record<TextLanguage, RegExp> = {
  en: /(?<![\p{L}\d])or(?![\p{L}\d])/u,
  de: /(?<![\p{L}\d])oder(?![\p{L}\d])/u,
  fr: /(?<![\p{L}\d])ou(?![\p{L}\d])/u,
  it: /(?<![\p{L}\d])(?:o|oppure)(?![\p{L}\d])/u,
};
/** Whether a text names a time: a time phrase ("right away", "sofort") or a date chrono reads ("next month", "le mois prochain"). */
function namesTime(text: string, lang: TextLanguage): boolean {
  return statesTimePhrase(words(text)) || timeExpressions(text, lang).length > 0;
}

/**
 * An asking sentence that offers times as its alternatives: a time on each side of its "or"
 * ("right away or only next month?", "sofort oder erst nächsten Monat?", "tout de suite ou
 * seulement le mois prochain ?", "subito o il mese prossimo?"). Only the words near the "or"
 * count: "My box restarted yesterday – should I reset it or call you?" offers no time.
 */
function offersTimes(question: string, lang: TextLanguage): boolean {
  const near = 5;
  const sentences = sentencesOf(question);
  const asking = sentences.some((s) => s.includes('?')) ? sentences.filter((s) => s.includes('?')) : sentences;
  for (const sentence of asking) {
    // Lower case keeps each letter where it was (folding would not), so the slices read as written.
    const at = OR_WORDS[lang].exec(sentence.toLowerCase());
    if (!at) continue;
    const before = sentence.slice(0, at.index).split(/\s+/).filter(Boolean).slice(-near).join(' ');
    const after = sentence.slice(at.index + at[0].length).split(/\s+/).filter(Boolean).slice(0, near).join(' ');
    if (namesTime(before, lang) && namesTime(after, lang)) return true;
  }
  return false;
}

// Cue verbs and adjectives: they ask for the form of the answer and are rarely the passage's own
// words ("teuer" vs "CHF 0.15"). Cue nouns (fee, Gebühr, délai) name the topic and stay terms.
const FORM_WORDS = new Set([
  'cost', 'costs', 'expensive', 'cheap', 'cheaper', 'priced', 'charged',
  'kostet', 'kosten', 'teuer', 'teurer', 'gunstig', 'gunstiger', 'dauert',
  'coute', 'coutent', 'cher', 'dure',
  'costa', 'costano', 'caro', 'dura',
]);

// Cue phrases that are nouns naming the topic, as one-word cues are ("Kündigungsfrist", "préavis",
// "Telefonnummer" stay terms): "whats the notice period" is about the notice period (its words left
// out, the question had none).
const TOPIC_PHRASES = new Set(['notice period', 'phone number', 'email address', 'e-mail address', 'maximum number', 'numero de telephone', 'adresse e-mail', 'numero di telefono', 'indirizzo e-mail']);

const CUE_TOKENS = new Set(
  Object.values(CUES).flatMap((byLang) => Object.values(byLang).flatMap((cues) => cues.flatMap((cue) => cue.split(/[\s'-]+/)))),
);

/** A word of a question's form ("coûte", "wie", "combien"): spelling correction must leave it alone. */
export function isQuestionFormWord(foldedWord: string): boolean {
  return CUE_TOKENS.has(foldedWord);
}

/**
 * The cues that only ask for the form (phrases, and cue verbs and adjectives), each with its own
 * pattern; steps and place cues ("how do I", "where") are left to the question-word filter.
 */
const FORM_CUES = Object.fromEntries(
  (Object.keys(CUES) as AnswerKind[]).map((kind) => [
    kind,
    Object.fromEntries(
      (Object.keys(CUES[kind]) as TextLanguage[]).map((lang) => [
        lang,
        // "Was bedeutet…" stays a term: the articles that explain say so in their titles ("Was die Lämpchen bedeuten").
        kind === 'steps' || kind === 'place' || kind === 'meaning' || kind === 'cause' || kind === 'trouble' || kind === 'necessity'
          ? []
          : CUES[kind][lang].filter((cue) => (/[\s'-]/.test(cue) && !TOPIC_PHRASES.has(cue)) || FORM_WORDS.has(cue)).map((cue) => ({ pattern: cueRegExp([cue]), words: cue.split(/[\s'-]+/) })),
      ]),
    ),
  ]),
) as Record<AnswerKind, Record<TextLanguage, { pattern: RegExp; words: string[] }[]>>;

/** The question's words that only say which kind of answer is wanted ("how much", "teuer", "wie lange"): not what it is about. */
export function cueWords(question: string, lang: TextLanguage, kinds: AnswerKind[]): Set<string> {
  const words = new Set<string>();
  const text = fold(question);
  for (const kind of kinds) {
    for (const { pattern, words: cueTokens } of FORM_CUES[kind][lang]) if (pattern.test(text)) for (const w of cueTokens) words.add(w);
  }
  if (lang === 'it') for (const q of italianQuanto(text)) if (kinds.includes(q.kind)) for (const w of q.words) words.add(w);
  return words;
}

/**
 * Every cue word of these kinds in the question, nouns included ("Gebühren", "frais", "fee"). A
 * passage that holds an answer of the kind (an amount for a fee) answers these words even when
 * it does not repeat them ("Paper invoices cost CHF 3").
 */
export function allCueWords(question: string, lang: TextLanguage, kinds: AnswerKind[]): Set<string> {
  const words = new Set<string>();
  const tokens = new Set(fold(question).split(/[^\p{L}\p{N}]+/u));
  for (const kind of kinds) for (const cue of CUES[kind][lang]) if (!/[\s'-]/.test(cue) && tokens.has(cue)) words.add(cue);
  return words;
}

// Evidence is read from word tokens, not from open-ended regular expressions: linear in the
// passage's length whatever it contains (passages and questions are untrusted text).
const CURRENCIES = new Set(['chf', 'fr', 'eur', 'usd', 'gbp', 'rappen', 'centimes', 'centesimi', 'cents', 'cent']);
const FREE_WORDS = new Set(['free', 'kostenlos', 'gratis', 'gebuhrenfrei', 'unentgeltlich', 'gratuit', 'gratuite', 'gratuits', 'gratuites', 'gratuito', 'gratuita', 'gratuiti']);
export const TIME_UNITS: ReadonlySet<string> = new Set([
  'second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'night', 'nights',
  'sekunde', 'sekunden', 'minuten', 'stunde', 'stunden', 'tag', 'tage', 'tagen', 'arbeitstag', 'arbeitstage', 'arbeitstagen', 'werktag', 'werktage', 'werktagen',
  'woche', 'wochen', 'monat', 'monate', 'monaten', 'jahr', 'jahre', 'jahren',
  'seconde', 'secondes', 'heure', 'heures', 'jour', 'jours', 'semaine', 'semaines', 'mois', 'an', 'ans', 'annee', 'annees',
  'secondo', 'secondi', 'minuto', 'minuti', 'ora', 'ore', 'giorno', 'giorni', 'settimana', 'settimane', 'mese', 'mesi', 'anno', 'anni',
  'sec', 'min', 'h',
]);
const NUMBER_WORDS = new Set([
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve', 'thirty',
  'ein', 'eine', 'einen', 'einem', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'zehn', 'dreissig',
  'un', 'une', 'deux', 'trois', 'quatre', 'cinq', 'dix', 'trente',
  'uno', 'una', 'due', 'tre', 'quattro', 'cinque', 'dieci', 'trenta',
]);
// "1 to 3 days", "1–3 Tage": a range between the number and its unit.
const RANGE_WORDS = new Set(['to', 'bis', 'a', 'al', 'and', 'und', 'et', 'e']);
const DURATION_PHRASES = [
  'immediately', 'straight away', 'right away', 'same day', 'next day', 'end of the month', 'end of a month', 'end of each month',
  'sofort', 'umgehend', 'monatsende', 'ende des monats', 'ende eines monats',
  'immediatement', 'tout de suite', 'le jour meme', 'fin du mois', 'fin d un mois',
  'subito', 'immediatamente', 'lo stesso giorno', 'fine del mese', 'fine mese',
];
const YEAR = /^(?:19|20)\d\d$/;
const DEADLINE_WORDS = new Set(['end', 'until', 'till', 'by', 'ende', 'bis', 'fin', 'jusqu', 'fine', 'fino', 'entro', 'sino']);
const TIME_OF_DAY = /\d[:.h]\d\d(?!\d)/;
const PHONE = /\d{2,4}[ \u00a0]\d{3}[ \u00a0]\d{2}/;
const EMAIL = /[\w.+-]@[\w-]+\.[a-z]/i;
const URL = /https?:\/\/\S|www\.\S|\.(?:ch|com|net|org)\//i;
const NUMBERED_ITEM = /^ *\d{1,2}[.)] /m;
const MENU_PATH = /\S ?[>›→] ?\S|\*\*[^*\n]{2,40}\*\*/u;
/** A path through menus ("Profile > Language"); a bold label alone may be a button or mere emphasis. */
const ARROW_PATH = /\S ?[>›→] ?\S/u;

const isNumber = (word: string) => /^\d+$/.test(word);

function words(text: string): string[] {
  return fold(text).match(/[\p{L}\d]+/gu) ?? [];
}

function holdsAmount(text: string): boolean {
  const w = words(text);
  for (let i = 0; i < w.length; i++) {
    if (FREE_WORDS.has(w[i]!)) return true;
    if (!isNumber(w[i]!)) continue;
    // "CHF 0.15", "0,15 CHF", "CHF 10.–": a currency next to the number (decimals are their own token).
    if (CURRENCIES.has(w[i - 1] ?? '') || CURRENCIES.has(w[i + 1] ?? '') || (isNumber(w[i + 1] ?? '') && CURRENCIES.has(w[i + 2] ?? ''))) return true;
  }
  return /\d ?%/.test(text);
}

// "3 working days", "2 full hours": a word between the number and its unit.
const UNIT_QUALIFIERS = new Set(['working', 'business', 'full', 'calendar', 'ganze', 'ouvrables', 'ouvres', 'lavorativi']);

function holdsDuration(text: string): boolean {
  const w = words(text);
  const unitAt = (j: number) => TIME_UNITS.has(w[j] ?? '') || (UNIT_QUALIFIERS.has(w[j] ?? '') && TIME_UNITS.has(w[j + 1] ?? ''));
  for (let i = 0; i < w.length; i++) {
    if (!isNumber(w[i]!) && !NUMBER_WORDS.has(w[i]!)) continue;
    const next = w[i + 1] ?? '';
    if (unitAt(i + 1)) return true;
    if (RANGE_WORDS.has(next) && isNumber(w[i + 2] ?? '') && unitAt(i + 3)) return true;
    // "1–3 Tage": the dash is not a token, so the range reads as two numbers.
    if (isNumber(next) && unitAt(i + 2)) return true;
  }
  // "until the end of 2027", "bis Ende 2027", "jusqu'à fin 2027": a year as a deadline.
  for (let i = 1; i < w.length; i++) if (YEAR.test(w[i]!) && (DEADLINE_WORDS.has(w[i - 1]!) || DEADLINE_WORDS.has(w[i - 2] ?? ''))) return true;
  return TIME_OF_DAY.test(text) || statesTimePhrase(w);
}

/** Folded words that hold a time phrase ("right away", "sofort", "fin du mois"). */
function statesTimePhrase(folded: string[]): boolean {
  const plain = ` ${folded.join(' ')} `;
  return DURATION_PHRASES.some((p) => plain.includes(` ${p} `));
}

// Number words that are not also articles ("ein", "un", "uno"): they state how many.
const COUNT_WORDS = new Set([...NUMBER_WORDS].filter((w) => !['one', 'ein', 'eine', 'einen', 'einem', 'un', 'une', 'uno', 'una'].includes(w)));

const isWordChar = (c: string) => /[\p{L}\d]/u.test(c);

/** "**3", "(two)," → "3", "two". */
function trimPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && !isWordChar(token[start]!)) start++;
  while (end > start && !isWordChar(token[end - 1]!)) end--;
  return token.slice(start, end);
}

/**
 * Whether the number at tokens[i] is part of a name, "Box 5", "Zone 1", "Option 3": it follows a
 * capitalised word inside a sentence (the sentence's first word is capitalised anyway: "Maximal
 * 64 Regeln").
 */
function namesThing(tokens: string[], i: number): boolean {
  const previous = tokens[i - 1];
  const before = tokens[i - 2];
  if (!previous || before === undefined || /[.!?:]\**$/.test(before)) return false;
  return /^\p{Lu}[\p{L}-]*$/u.test(trimPunctuation(previous)) && !/[,;:)]\**$/.test(previous);
}

/** "Up to 3 Wave Extenders", "two TV Boxes": a number or a number word. */
function holdsCount(text: string): boolean {
  for (const line of text.split('\n')) {
    // Not a list's numbering ("1. Plug in"), nor an address, a time or a version (one token with dots or colons).
    const tokens = line.replace(/^ *\d{1,2}[.)] /, '').split(/\s+/);
    for (let i = 0; i < tokens.length; i++) {
      const word = trimPunctuation(tokens[i]!);
      if (COUNT_WORDS.has(fold(word))) return true;
      if (/^\d{1,3}$/.test(word) && !namesThing(tokens, i)) return true;
    }
  }
  return false;
}

function holdsContact(text: string): boolean {
  return PHONE.test(text) || EMAIL.test(text) || URL.test(text);
}

// The words that say something must, or need not, be done.
const NECESSITY_WORDS = new Set([
  'need', 'needs', 'needed', 'must', 'required', 'require', 'requires', 'necessary', 'unnecessary', 'mandatory', 'compulsory', 'obligatory',
  'muss', 'mussen', 'musst', 'musste', 'brauchen', 'braucht', 'brauche', 'notig', 'notwendig', 'erforderlich', 'pflicht', 'obligatorisch',
  'devez', 'doit', 'doivent', 'dois', 'devrez', 'faut', 'necessaire', 'necessaires', 'obligatoire', 'obligatoires', 'besoin', 'inutile',
  'deve', 'devono', 'devi', 'bisogna', 'necessario', 'necessaria', 'necessari', 'obbligatorio', 'obbligatoria', 'occorre', 'serve', 'servono',
]);
/** Whether the folded words say at i that something must be done ("you have to", "has to": English in two words). */
function isNecessityAt(w: string[], i: number): boolean {
  return NECESSITY_WORDS.has(w[i]!) || ((w[i] === 'have' || w[i] === 'has') && w[i + 1] === 'to');
}

function holdsNecessity(text: string): boolean {
  const w = words(text);
  return w.some((_, i) => isNecessityAt(w, i));
}

/** How many words from a necessity word the action it is about may stand (German puts the verb last). */
const NECESSITY_REACH = 5;

/**
 * Whether a text says that something asked about must, or need not, be done: a necessity word
 * with one of the asked words (`asked`, given each word's term) within a few words of it. "You do
 * not need to factory reset the Box" says it of a factory reset; "(they must be paired again)" in
 * the reset's list of what is deleted does not.
 */
export function statesNecessityOf(text: string, lang: TextLanguage, asked: (term: string) => boolean): boolean {
  const w = words(text);
  for (let i = 0; i < w.length; i++) {
    if (!isNecessityAt(w, i)) continue;
    for (let j = Math.max(0, i - NECESSITY_REACH); j <= Math.min(w.length - 1, i + NECESSITY_REACH); j++) if (j !== i && asked(termOf(w[j]!, lang))) return true;
  }
  return false;
}

/**
 * How well a passage holds the kind of answer, 0..1: an amount, a duration, a phone number, a
 * place in the app; for steps, numbered steps fully, a single menu path or button half.
 */
export function answerKindFit(text: string, kind: AnswerKind): number {
  switch (kind) {
    case 'amount':
      return holdsAmount(text) ? 1 : 0;
    case 'duration':
      return holdsDuration(text) ? 1 : 0;
    case 'count':
      return holdsCount(text) ? 1 : 0;
    case 'contact':
      return holdsContact(text) ? 1 : 0;
    case 'steps':
      return NUMBERED_ITEM.test(text) ? 1 : MENU_PATH.test(text) ? 0.5 : 0;
    case 'place':
      return ARROW_PATH.test(text) || holdsContact(text) ? 1 : MENU_PATH.test(text) ? 0.5 : 0;
    case 'outcome':
      // What follows that matters to a customer is most often a fee or a deadline: a mild
      // preference, the question's words decide.
      return holdsAmount(text) || holdsDuration(text) ? 0.5 : 0;
    case 'meaning':
    case 'cause':
      // Any passage may explain: the question's words pick the one about the sign or the situation asked of.
      return 0;
    case 'option':
      // An offer is named as the article's tables name it; the answer composer knows those names.
      return 0;
    case 'trouble':
      // A section about problems says so in its heading; the answer composer reads it.
      return 0;
    case 'necessity':
      return holdsNecessity(text) ? 1 : 0;
  }
}

export function holdsAnswerKind(text: string, kind: AnswerKind): boolean {
  return answerKindFit(text, kind) > 0;
}
