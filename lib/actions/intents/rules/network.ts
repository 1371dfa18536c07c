import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';

/**
 * The line and the network: run_line_diagnostic ("run a line test", "Könnt ihr meine Leitung
 * prüfen?", "lancez un diagnostic de ma ligne") and get_outage_status ("is there an outage",
 * "gibt es eine Störung", "y a-t-il une panne", "c'è un guasto nella mia zona").
 */

const LINE = String.raw`(?:line|connection|internet connection|leitung|verbindung|anschluss|internetverbindung|ligne|connexion|linea|connessione|collegamento)`;
const TEST = String.raw`(?:test|check|diagnose|measure|analy[sz]e|run|prufen|pruefen|prufe|pruefe|uberprufen|ueberpruefen|testen|teste|checken|messen|durchmessen|tester|testez|verifier|verifiez|verifie|controler|controlez|analyser|analysez|mesurer|testa\w*|verifica\w*|controlla\w*|misura\w*|analizza\w*)`;

const DIAGNOSTIC = [
  /\b(diagnos\w*|line test|linetest|leitungstest|leitungsmessung|leitungsprufung|leitungspruefung|test de ligne|test de la ligne|test de connexion|test di linea|test della linea|test della connessione)\b/,
  new RegExp(String.raw`\b${TEST} (a |the |my |our |meine |die |unsere |ma |la |notre |la mia |mia )?${LINE}\b`),
  new RegExp(String.raw`\b${LINE} (\w+ ){0,2}${TEST}\b`),
];

const OUTAGE =
  /\b(?:outages?|network down|service down|disruptions?|service interruptions?|(?:internet|network|service|mobile network) (?:is )?down|storung\w*|stoerung\w*|ausfall\w*|netzausfall|netzstorung|pannes?|derangements?|coupures?|interruptions?|guast[oi]|disservizi\w*|interruzion\w*|blackout)\b/;

/** Asking whether the network is down now needs no further sign. */
const DOWN_NOW =
  /\b(?:is|are) (?:the |your )?(?:network|internet|mobile network|service|services|lines?) (?:down|out)\b|\bist (?:das |euer )?(?:netz|internet|netzwerk) (?:down|weg|ausgefallen|gestort|gestoert)\b|\b(?:le )?(?:reseau|internet) (?:est il |est )?(?:en panne|coupe|hors service|tombe)\b|\b(?:la rete|internet) (?:e )?(?:giu|fuori servizio|in tilt|interrott\w*)\b/;

/** The customer asks whether there is one now or near them (not what happens after one). */
const PRESENCE =
  /\b(?:is there|are there|any|known|current|currently|right now|now|today|in my area|area|region|postcode|zip|status|check|gibt es|gibts|gibt s|habt ihr|hat es|ist|aktuell|gerade|momentan|derzeit|bekannt\w*|in meiner|bei mir|bei uns|gegend|ort|plz|y a t il|il y a|est ce qu il y a|en ce moment|actuellement|en cours|connue?s?|chez vous|chez moi|quartier|zone|secteur|c e|ci sono|ci e|in corso|adesso|ora|attualmente|al momento|zona|segnalat\w*)\b/;

/** Knowledge about outages: compensation, planned maintenance, what to do. */
const OUTAGE_KNOWLEDGE =
  /\b(?:compensat\w*|refund|credit|reimburs\w*|maintenance|planned|announce\w*|entschadigung|entschaedigung|gutschrift|ruckerstattung|wartung|geplant\w*|angekundigt\w*|indemnisation|dedommagement|prevue?s?|annoncee?s?|risarciment\w*|indennizz\w*|rimbors\w*|rembours\w*|zuruck|zurueck|money back|get something back|\d+ (?:days?|hours?|tage|tagen|stunden|jours|heures|giorni|ore)|manutenzione|programmat\w*|annunciat\w*|alert|alerts|benachrichtigung\w*|alerte\w*|avvis\w*|notific\w*|backup data|backup daten|donnees de secours|dati di riserva)\b/;

export const diagnosticRule: Rule = {
  name: 'line_diagnostic',
  match({ text }: PreparedRequest): RecognizedToolCall | null {
    return DIAGNOSTIC.some((p) => p.test(text)) ? { toolName: 'run_line_diagnostic', input: {} } : null;
  },
};

export const outageRule: Rule = {
  name: 'outage',
  match({ text }: PreparedRequest): RecognizedToolCall | null {
    if (OUTAGE_KNOWLEDGE.test(text)) return null;
    if (!DOWN_NOW.test(text) && !(OUTAGE.test(text) && PRESENCE.test(text))) return null;
    return { toolName: 'get_outage_status', input: {} };
  },
};
