import type { ChitChatKind } from '@/lib/rag/replies';
import { isDirectAccountRequest, normaliseForPatterns } from '@/lib/actions/intents';

/**
 * Which path a customer message takes, by its form: greetings and thanks in our four languages
 * are chit-chat; direct requests about the customer's own account go to the account path;
 * everything else is a knowledge question, and retrieval decides whether it is answerable or out
 * of scope (lib/rag/answer.ts).
 */
export type { ChitChatKind } from '@/lib/rag/replies';

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


export function chitChatKind(text: string): ChitChatKind | undefined {
  const t = normaliseForPatterns(text).replace(/['-]/g, ' ').replace(/\s+/g, ' ');
  return CHIT_CHAT.find(([, pattern]) => pattern.test(t))?.[0];
}

/** The route by the message's form alone; 'knowledge' may still become 'out_of_scope' after retrieval. */
export function routeByForm(text: string): 'knowledge' | 'account' | 'chit_chat' {
  if (chitChatKind(text)) return 'chit_chat';
  if (isDirectAccountRequest(text)) return 'account';
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
  const t = normaliseForPatterns(text).replace(/'/g, ' ');
  return GREETING_LANGUAGE.find(([pattern]) => pattern.test(t))?.[1];
}
