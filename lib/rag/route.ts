import { fold } from '@/lib/ai/local/text';

/**
 * Which path a customer message takes. Chit-chat and account requests are recognised by their
 * form (greetings, thanks; "show my bill", "change my plan to …") in our four languages;
 * everything else is a knowledge question, and retrieval decides whether it is answerable or out
 * of scope (lib/rag/answer.ts).
 */
export type Route = 'knowledge' | 'account' | 'chit_chat' | 'out_of_scope';
export type ChitChatKind = 'greeting' | 'thanks' | 'bye' | 'identity';

const CHIT_CHAT: [ChitChatKind, RegExp][] = [
  [
    'greeting',
    /^(hi|hello|hey|hallo|hoi|gruezi|gruessech|guten (morgen|tag|abend)|servus|moin|bonjour|bonsoir|salut|coucou|ciao|buongiorno|buonasera|salve|good (morning|afternoon|evening))( there| zusammen| a tous| a tutti| everyone)?$/,
  ],
  [
    'thanks',
    /^((ok(ay)?|super|great|perfect|perfekt|parfait|perfetto|top|cool|prima|genial|merci|danke|thanks?)[ ,]*)?(thanks?( you)?( so much| a lot| very much)?|thx|ty|danke( schon| sehr| vielmals)?|vielen dank|merci( beaucoup| bien)?|grazie( mille| tante)?|that helped|das hat geholfen|ca m a aide|mi e stato utile)$/,
  ],
  ['bye', /^(bye|goodbye|see you|tschuss|tschau|auf wiedersehen|adieu|au revoir|a bientot|arrivederci|a presto|ciao ciao)$/],
  [
    'identity',
    /^(who are you|what are you|are you (a )?(bot|robot|human|real person|ai)|wer bist du|bist du (ein )?(bot|mensch|roboter)|qui es tu|tu es (un )?(robot|humain)|es tu un robot|chi sei|sei (un )?(bot|robot|umano))$/,
  ],
];

// Requests to see or change this customer's own account data, not questions about how to.
const ACCOUNT_REQUEST = [
  // English
  // Imperatives and direct requests only: "how can I see my bill online?" is a how-to question.
  /^(please )?(show|see|check|give|send|tell)( me)? (my|our) (current |latest |last |open )?(bill|invoice|balance|plan|subscription|contract|appointment|modem status)\b/,
  /\b(can|could|would) you (please )?(show|check|tell|give|send)( me)? (my|our) (current |latest |last |open )?(bill|invoice|balance|plan|subscription|contract|appointment)\b/,
  /^what('s| is| are) (my|our) (current |latest |last )?(bill|invoice|balance|plan|subscription|appointment)\b/,
  /\bhow much do i owe\b/,
  /\b(change|switch|upgrade|downgrade) (me|my plan|my subscription|our plan) to\b/,
  /\b(reschedule|move|cancel) my (technician |installation )?(appointment|visit)\b/,
  /\brestart my (modem|box|router) (for me|now|remotely)\b/,
  /\b(update|change) my (email|e-mail|phone number|mobile number)( address)? to\b/,
  // German
  /^(bitte )?(zeig|zeige|zeigen sie)( mir)? (meine|mein|meinen) (aktuelle |letzte |offene )?(rechnung|abo|vertrag|termin)\b/,
  /\bwas (ist|kostet) (mein|meine) (aktuelle |letzte )?(rechnung|abo)\b/,
  /\b(wechsle|stelle|andere|aendere) (mich|mein abo|meinen vertrag) (auf|zu)\b/,
  /\b(verschiebe|verschieben sie) (meinen|den) (techniker)?termin\b/,
  /\bstarte (meine|mein) (box|modem|router) (neu|fur mich)\b/,
  // French
  /^(montre|montrez|affiche)(-moi| moi)? (ma|mon|mes) (derniere |actuelle )?(facture|abonnement|rendez-vous)\b/,
  /\bquel(le)? est (ma|mon) (facture|abonnement|forfait) actuel(le)?\b/,
  /\b(passe|passez|changez|change)(-moi| moi)? (mon abonnement |mon forfait )?(a|au|vers) (l'?offre|l'abonnement|wave)\b/,
  /\b(deplacer|decaler|reporter) mon rendez-vous\b/,
  // Italian
  /^(mostra|mostrami|fammi vedere) (la mia|il mio|le mie) (ultima |attuale )?(fattura|abbonamento|appuntamento)\b/,
  /\b(qual e|quanto e) (la mia|il mio) (fattura|abbonamento) attuale\b/,
  /\b(passa|passami|cambia) (il mio abbonamento |il mio piano )?(a|al) (wave|piano|abbonamento)\b/,
  /\b(sposta|spostare|rinvia) (il mio|l) appuntamento\b/,
];

function normalise(text: string): string {
  return fold(text)
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function chitChatKind(text: string): ChitChatKind | undefined {
  const t = normalise(text).replace(/['-]/g, ' ').replace(/\s+/g, ' ');
  return CHIT_CHAT.find(([, pattern]) => pattern.test(t))?.[0];
}

export function isAccountRequest(text: string): boolean {
  const t = normalise(text);
  return ACCOUNT_REQUEST.some((pattern) => pattern.test(t));
}

/** The route by the message's form alone; 'knowledge' may still become 'out_of_scope' after retrieval. */
export function routeByForm(text: string): Exclude<Route, 'out_of_scope'> {
  if (chitChatKind(text)) return 'chit_chat';
  if (isAccountRequest(text)) return 'account';
  return 'knowledge';
}

const GREETING_LANGUAGE: [RegExp, 'en' | 'de' | 'fr' | 'it'][] = [
  [/^(hallo|hoi|gruezi|gruessech|guten|servus|moin|danke|vielen|tschuss|tschau|auf wiedersehen|wer bist|bist du)\b/, 'de'],
  [/^(bonjour|bonsoir|salut|coucou|merci|au revoir|a bientot|adieu|qui es|tu es|es tu)\b/, 'fr'],
  [/^(ciao|buongiorno|buonasera|salve|grazie|arrivederci|a presto|chi sei|sei)\b/, 'it'],
  [/^(hi|hello|hey|good|thanks?|thx|ty|bye|goodbye|see you|who are|what are|are you|ok|okay|great|perfect|cool|that helped)\b/, 'en'],
];

/** The language a greeting or thanks is in: too short for statistics, but the word says it. */
export function chitChatLanguage(text: string): 'en' | 'de' | 'fr' | 'it' | undefined {
  const t = normalise(text).replace(/'/g, ' ');
  return GREETING_LANGUAGE.find(([pattern]) => pattern.test(t))?.[1];
}
