import { fold } from '@/lib/ai/local/text';

/**
 * Requests to see or change the customer's own account data, recognised by their form ("show my
 * bill", "change my plan to …"), not questions about how to ("how can I see my bill online?").
 * An anonymous visitor asking this way is invited to sign in; the tool itself is chosen by the
 * recogniser (recognize.ts) or the LLM.
 */

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

/** Folded, apostrophes unified, punctuation gone: the form the request and chit-chat patterns read. */
export function normaliseForPatterns(text: string): string {
  return fold(text)
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isDirectAccountRequest(text: string): boolean {
  const t = normaliseForPatterns(text);
  return ACCOUNT_REQUEST.some((pattern) => pattern.test(t));
}
