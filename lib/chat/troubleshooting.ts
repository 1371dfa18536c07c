import { fold } from '@/lib/ai/local/text';
import { daysBetween, localDay } from '@/lib/actions/repository/dates';
import { businessTimeZone } from '@/lib/business-settings';
import { OVERDUE_RESTRICTION_DAYS } from '@/lib/actions/policy';
import type { Locale } from '@/lib/i18n/locales';
import { REPLIES } from '@/lib/rag/replies';
import type { CustomerProfile, ProfileField } from './customer-profile';

/**
 * "My internet is slow", "la TV non funziona": a customer reporting that a service does not work.
 * For a signed-in customer the account may know the cause before any article does — an outage in
 * their area, their Box offline — and that is said first, with the article's steps after it and,
 * for an offline Box, a line test one tap away. The cues are the grammar of a complaint in the
 * four languages, not any article's words.
 */

export type Service = 'internet' | 'tv' | 'mobile';

const SERVICE_NAMES: [Service, string][] = [
  ['internet', 'internet|wlan|wifi|wi fi|web|connexion|connessione|verbindung|online'],
  ['tv', 'tv|tele|television|televisione|fernsehen|fernseher|replay'],
  ['mobile', 'handy|natel|mobile|portable|cellulare|telefonino|smartphone|4g|5g'],
];
const SERVICE_WORDS: [Service, RegExp][] = SERVICE_NAMES.map(([service, names]) => [service, new RegExp(`\\b(?:${names})\\b`)]);

const PROBLEM =
  /\b(?:slow|not working|doesn ?t work|does not work|isn ?t working|stopped working|down|no signal|keeps dropping|drops out|broken|langsam|geht nicht|geht nichts|funktioniert nicht|ausgefallen|kein empfang|lent|lente|marche pas|marche plus|fonctionne pas|fonctionne plus|coupe|coupee|panne|plus de reseau|lento|lenta|lentissimo|lentissima|non funziona|non va|non prende|guasto|bloccato|keeps disconnecting|disconnects|cuts out|no connection|bricht ab|keine verbindung|stockt|friert ein|se coupe|deconnecte|plus de connexion|pas de connexion|si disconnette|si blocca|non si connette|nessuna connessione)\b/;

// A service said to be missing: "no internet", "kein WLAN", "pas de wifi", "nessuna TV".
const MISSING_SERVICE = new RegExp(`\\b(?:no|kein|keine|keinen|pas d|pas de|plus d|plus de|niente|nessun|nessuna|senza) (?:${SERVICE_NAMES.map(([, names]) => names).join('|')})\\b`);

// Verbs of failing. In a sentence that names a service they report a problem, however the sentence
// is built around them ("the Wi-Fi keeps cutting out on the laptop", "das WLAN bricht ständig weg").
// "lose" is not one of them: "I lost my Wi-Fi password" reports no failing service.
const FAILING =
  /\b(?:drops?|dropping|dropped|disconnect\w*|freez\w*|froze|crash\w*|cut out|cuts out|cutting out|fails?|failing|failed|bricht|brechen|abgebrochen|weggebrochen|fallt|ausgefallen|hangt|hangen|friert|frieren|eingefroren|sturzt|absturz\w*|unterbrochen|coupe|coupee|coupures?|plante|bloque|bloquee|saute|tombe|cade|cadono|salta|saltano|interrott[ao]|si interrompe|si pianta|bloccat[ao])\b/;

/** Where a sentence complains of a service, or null. */
function complaintAt(sentence: string): number | null {
  for (const pattern of [PROBLEM, MISSING_SERVICE]) {
    const match = pattern.exec(sentence);
    if (match) return match.index;
  }
  const failing = FAILING.exec(sentence);
  return failing && SERVICE_WORDS.some(([, words]) => words.test(sentence)) ? failing.index : null;
}

/** The service the message reports a problem with, or null. */
export function reportedProblem(question: string): Service | null {
  const text = fold(question).replace(/['’`-]/g, ' ');
  let complains = false;
  // The service named nearest the complaint: "Internet is fine, but the TV stopped working" and
  // "the TV shows nothing. The internet works" are about the TV.
  for (const sentence of text.split(/[.!?;\n]+/)) {
    const at = complaintAt(sentence);
    if (at === null) continue;
    complains = true;
    const service = nearest(sentence, at);
    if (service) return service;
  }
  return complains ? (SERVICE_WORDS.find(([, words]) => words.test(text))?.[0] ?? null) : null;
}

/** The service whose word stands nearest a position in the text (none named: null). */
function nearest(text: string, at: number): Service | null {
  let best: { service: Service; distance: number } | null = null;
  for (const [service, words] of SERVICE_WORDS) {
    for (const match of text.matchAll(new RegExp(words.source, 'g'))) {
      const distance = Math.abs(match.index - at);
      if (!best || distance < best.distance) best = { service, distance };
    }
  }
  return best?.service ?? null;
}

/**
 * What the account says about a reported problem: `lead` is said first by the built-in model;
 * `forModel` tells an LLM the same facts, and only those (no name, address or plan).
 */
export type TroubleContext = {
  lead: string;
  forModel: string;
  suggestion?: string;
  /** The cause in the articles' words, searched with the question (the article about it answers). */
  cause?: string;
  fields: ProfileField[];
};

/** When an outage should end, as a customer would say it: "today 14:00", "tomorrow 09:00", "Friday 09:00". */
function when(instant: Date, asOf: Date, lang: Locale): string {
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: businessTimeZone() }).format(instant);
  const days = daysBetween(localDay(asOf), localDay(instant));
  if (days === 0 || days === 1) return `${new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(days, 'day')} ${time}`;
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: businessTimeZone() }).format(instant);
  return `${weekday} ${time}`;
}

/** What the customer's account says about the problem they report, to say before the article; null when nothing. */
export function troubleContext(profile: CustomerProfile | null | undefined, question: string, lang: Locale): TroubleContext | null {
  if (!profile) return null;
  const service = reportedProblem(question);
  if (!service) return null;
  const replies = REPLIES[lang];
  const causes: TroubleContext[] = [];
  const outage = profile.outages.find((o) => o.service === service);
  if (outage) {
    const until = outage.expectedEndAt ? when(outage.expectedEndAt, profile.asOf, lang) : null;
    causes.push({
      lead: replies.outageFirst(replies.serviceNames[service], profile.area.name, until),
      forModel: `There is an ongoing ${service} outage in the customer's area (${profile.area.name})${until ? `, expected to be fixed by ${until}` : ''}: say that first, as the likely cause, then help from the help center.`,
      cause: replies.outageCause,
      fields: ['outages'],
    });
  }
  if (service === 'internet' && profile.devices.some((d) => d.status === 'offline')) {
    // An offline Box cannot be restarted remotely (the customer system refuses): the line test can run.
    causes.push({
      lead: replies.boxOffline,
      forModel: 'Our network sees their Box offline, so it cannot be restarted remotely: say that first, then the help center\'s steps, and offer a line test (run_line_diagnostic).',
      suggestion: replies.lineTestOffer,
      cause: replies.offlineCause,
      fields: ['devices'],
    });
  }
  // Services restricted for an unpaid invoice slow the internet and block outgoing calls and TV,
  // whichever service the customer names.
  if (profile.restricted) {
    causes.push({
      lead: replies.servicesRestricted(OVERDUE_RESTRICTION_DAYS),
      forModel: `The customer's services are restricted because an invoice is more than ${OVERDUE_RESTRICTION_DAYS} days overdue: say that first, as the likely cause, then from the help center how to pay and when the services return.`,
      cause: replies.restrictedCause,
      fields: ['restricted'],
    });
  }
  if (causes.length <= 1) return causes[0] ?? null;
  // Several: each is said, in that order (the service's own outage, the Box, the account), and the
  // first one's article follows, as the likeliest.
  const suggestion = causes.find((c) => c.suggestion)?.suggestion;
  const cause = causes.find((c) => c.cause)?.cause;
  return {
    lead: causes.map((c) => c.lead).join(' '),
    forModel: causes.map((c) => c.forModel).join(' '),
    ...(suggestion ? { suggestion } : {}),
    ...(cause ? { cause } : {}),
    fields: causes.flatMap((c) => c.fields),
  };
}
