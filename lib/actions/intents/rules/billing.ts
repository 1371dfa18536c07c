import { extractInvoiceIds } from '../contact-details';
import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';
import { INVOICE_MANY, INVOICE_ONE, MY, NUMBER_WORDS, PLEASE, re } from './common';

/**
 * Bills and the account: explain_invoice ("why is my bill so high", "zeig mir meine letzte
 * Rechnung", an invoice number), list_invoices ("show my bills", "mes 2 dernières factures") and
 * get_account_overview ("what do I owe", "what plan do I have", "mein Konto").
 */

const ANY_INVOICE = re(String.raw`\b(${INVOICE_ONE}|${INVOICE_MANY}|billing|rechnungs\w*|facturation|fatturazione)\b`);

const EXPLAIN =
  /\b(?:why|explain\w*|what is this|what are these|what is the|breakdown|so high|so expensive|too high|higher|more than usual|understand|extra charges?|warum|wieso|weshalb|erklar\w*|erklaer\w*|so hoch|zu hoch|hoher|hoeher|teurer|so teuer|aufschlussel\w*|verstehe|pourquoi|expliqu\w*|si elevee?|trop elevee?|plus elevee?|si chere?|trop chere?|comprends|comprendre|perche|come mai|spieg\w*|cosi alta|troppo alta|piu alta|cosi cara|capisco|capire|dettagli\w*|detail\w*|posten|positionen)\b/;

/** Asking to see: "show", "zeig", "montre", "mostra", "send", "I'd like to see". */
const SHOW =
  re(String.raw`\b(show|see|view|list|send|display|give me|open|zeig\w*|anzeigen|sehen|schick\w*|senden|auflisten|gib mir|montre\w*|affiche\w*|voir|envoie\w*|envoyez|liste\w*|donne moi|donnez moi|consulter|mostra\w*|vedere|visualizza\w*|invia\w*|manda\w*|elenca\w*|dammi|fammi vedere)\b|${PLEASE}`);

const OWN_INVOICE = re(String.raw`\b${MY} (\w+ ){0,2}(${INVOICE_ONE}|${INVOICE_MANY})\b|\b(la mia|le mie|il mio|i miei) (\w+ ){0,2}(${INVOICE_ONE}|${INVOICE_MANY})\b`);


/** "last 3 bills", "die letzten drei Rechnungen", "mes 2 dernières factures", "le ultime 3 fatture". */
function invoiceLimit(text: string): number | undefined {
  const number = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
  const patterns = [
    new RegExp(String.raw`\b(last|past|previous|latest|letzten|vergangenen|dernieres|derniers|ultime|ultimi) ${number}\b`),
    new RegExp(String.raw`\b${number} (last|past|previous|latest|letzten|dernieres|derniers|ultime|ultimi)\b`),
    new RegExp(String.raw`\b${number} (${INVOICE_MANY}|months|monate|mois|mesi)\b`),
  ];
  for (const p of patterns) {
    const m = p.exec(text);
    const word = m?.slice(1).find((g) => g !== undefined && /^(?:\d{1,2}|[a-z]+)$/.test(g) && (/^\d/.test(g) || g in NUMBER_WORDS));
    const n = word === undefined ? undefined : /^\d/.test(word) ? Number(word) : NUMBER_WORDS[word];
    if (n !== undefined && n >= 1) return Math.min(n, 12);
  }
  return undefined;
}

/** Generic invoice topics the help center answers: the first invoice, formats, paper, payment slips. */
const INVOICE_KNOWLEDGE =
  /\b(?:first|erste\w*|premiere|prima (?:fattura|bolletta)|primo|large print|braille|paper|papier|carta|cartace\w*|grossdruck|gros caracteres|caratteri grandi|by post|per post|par courrier|per posta|e bill|ebill|e rechnung|qr|phishing|link|lien)\b/;

export const invoiceRule: Rule = {
  name: 'invoices',
  match({ raw, text }: PreparedRequest): RecognizedToolCall | null {
    if (!ANY_INVOICE.test(text) || INVOICE_KNOWLEDGE.test(text)) return null;
    const [invoiceId] = extractInvoiceIds(raw);
    const explain = EXPLAIN.test(text);
    if (invoiceId) {
      return { toolName: 'explain_invoice', input: { invoiceId } };
    }
    const own = OWN_INVOICE.test(text);
    const show = SHOW.test(text);
    // "my bill" alone is a request; in a longer sentence it needs a verb that asks to see it.
    const terse = own && text.split(' ').length <= 4;
    if (!show && !explain && !terse) return null;
    const limit = invoiceLimit(text);
    const many = re(String.raw`\b${INVOICE_MANY}\b|\b(history|verlauf|ubersicht|uebersicht|historique|storico|cronologia)\b`).test(text);
    if (explain && !many) return { toolName: 'explain_invoice', input: {} };
    if (many || limit !== undefined) return { toolName: 'list_invoices', input: limit !== undefined ? { limit } : {} };
    // One invoice without an id: the latest ("zeig mir meine letzte Rechnung", "show my bill").
    return { toolName: 'explain_invoice', input: {} };
  },
};

const OWE =
  /\b(?:owe|owing|balance|outstanding|amount due|how much (?:do|must|should) i pay|schulde\w*|saldo|kontostand|offene[rn]? (?:betrag|betrage|rechnungen|posten|summe)|ausstehend\w*|wie ?viel (?:muss|soll) ich (?:noch )?(?:be)?zahlen|was (?:muss|soll) ich (?:noch )?(?:be)?zahlen|combien (?:je )?(?:vous )?dois|je (?:vous )?dois combien|ce que je (?:vous )?dois|solde|montant du|reste a payer|combien (?:dois je|je dois) payer|quanto (?:vi )?devo|devo (?:ancora )?(?:pagare|dare)|debito|importo dovuto|da pagare|quanto (?:mi )?resta da pagare)\b/;

const OVERVIEW = [
  /\b(account overview|my account|our account|account summary|account details|kontoubersicht|kontouebersicht|kundenkonto|mein konto|meinem konto|apercu (de )?mon compte|mon compte|resume de mon compte|il mio conto|il mio account|panoramica (del )?(mio )?(conto|account)|riepilogo (del )?(mio )?(conto|account))\b/,
  re(String.raw`\b(what|which|show|tell|give|see|check|view)\b.*\b(my|our) (current |active )?(plan|plans|subscription|subscriptions|contract|contracts|services|products|package|tariff)\b`),
  /\b(what|which) (plan|plans|subscription|package|tariff|contract) (do i have|have i got|am i on|i have|i am on)\b/,
  /\b(was fur|was fuer|welche[sn]?) (ein |einen )?(abo|abos|abonnement|vertrag|vertrage|tarif|paket|produkte?|dienste)\b.+\b(habe|hab|han|hat|haben) (ich|i|wir)\b|\b(zeig\w*|was ist|wie lautet)\b.+\b(mein|meine|unser) (aktuelles? )?(abo|abos|abonnement|vertrag|vertrage|tarif|paket)\b/,
  /\b(quel|quels|quelle|quelles) (est |sont )?(mon|mes) (abonnement|abonnements|forfait|forfaits|contrat|contrats|offre|offres)\b|\b(quel|quelle) (abonnement|forfait|contrat|offre) (ai je|j ai|est ce que j ai)\b|\b(montre\w*|affiche\w*|voir)\b.+\b(mon|mes) (abonnement|abonnements|forfait|contrat|offre)\b/,
  /\b(che|quale|quali) (abbonament\w*|piano|piani|contratt\w*|offert\w*|tariff\w*) (ho|abbiamo|ho io|ho attivo|ho attivato)\b|\b(qual e|quali sono|mostra\w*|fammi vedere)\b.+\b(il mio|i miei|la mia) (abbonament\w*|piano|contratt\w*|offerta)\b/,
];

export const overviewRule: Rule = {
  name: 'account_overview',
  match({ text }: PreparedRequest): RecognizedToolCall | null {
    return OWE.test(text) || OVERVIEW.some((p) => p.test(text)) ? { toolName: 'get_account_overview', input: {} } : null;
  },
};
