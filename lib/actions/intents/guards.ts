import type { PreparedRequest } from './types';

/**
 * Messages that must not become a tool call, whatever tool words they contain: prompt
 * injections, requests about someone else's account, actions no tool offers, and how-to
 * questions (those are knowledge questions for the help center).
 */

export type RefusalKind = 'injection' | 'other_person' | 'unsupported' | 'how_to' | 'negated';

// ---- Prompt injection -------------------------------------------------------------------------

const INJECTION_RAW = [
  /(^|\n)[^\S\n]*(system|sys|admin|administrator|developer|assistant|root)\s*(?:(prompt)\s*)?:/i,
  /<\/?(system|instructions?|admin)>/i,
  /\[\/?(system|inst)\]/i,
];

/** Other people named with a title, as written: "de M. Dupont", "Mr. Smith" ("M." is lost when folded). */
// Latin-1 capitals are U+00C0–U+00DD, small letters U+00E0–U+00FF.
const OTHER_PERSON_RAW = [/(^|\s)(de|du|pour|à|a|of|for|von)\s+M\.\s?[A-Z\u00C0-\u00DD]/, /\b(Mr|Mrs|Ms|Sig|Sig\.ra)\.\s?[A-Z\u00C0-\u00DD][a-z\u00E0-\u00FF]+/];

const INJECTION = [
  /\b(ignore|ignoriere|ignorier|ignoriert|ignorieren sie|ignorez|ignora|ignorate|ignorare|disregard|forget|vergiss|vergesst|vergessen sie|oublie|oubliez|dimentica|dimenticate|bypass|umgehe|contourne|aggira|override|skip)\b.{1,40}\b(rules?|instructions?|prompts?|guidelines|policy|policies|restrictions|safeguards|regeln|anweisungen|vorgaben|richtlinien|einschrankungen|regles|consignes|directives|istruzioni|regole|direttive|limitazioni|approval|approvals|genehmigung\w*|validation|approvazion\w*|conferm\w*)\b/,
  /\b(you are now|from now on you|act as|pretend (to be|you are)|developer mode|admin mode|god mode|jailbreak|du bist (jetzt|nun)|ab (jetzt|sofort) bist du|tu es (maintenant|desormais)|a partir de maintenant tu|mode (administrateur|developpeur|admin)|sei ora|da ora (in poi )?sei|modalita (amministratore|sviluppatore|admin)|admin modus|administrator modus|entwicklermodus)\b/,
  /\b(i am|i m|ich bin|je suis|sono) (an? |der |le |l |un |il )?(admin|administrator|administrateur|amministratore|developer|entwickler|developpeur|sviluppatore|root|supervisor|support agent|mitarbeiter von alpenwave|alpenwave employee)\b/,
  /\b(approve|genehmige|genehmigt|genehmigen|bestatige|bestaetige|approuve|approuvez|valide|validez|approva|approvate|conferma|confermate|autorise|autorisez|autorizza)\b.{1,20}\b(all|every|alle|allen|jede|tous|toutes|tout|tutti|tutte|ogni)\b/,
  /\b(without|ohne|sans|senza) (asking|approval|confirmation|my approval|nachfrage|ruckfrage|rueckfrage|bestatigung|bestaetigung|genehmigung|validation|demander|conferma|approvazione|chiedere)\b/,
];

// ---- Someone else's account ----------------------------------------------------------------------

const RELATIVES_EN = 'neighbou?rs?|wife|husband|partner|girlfriend|boyfriend|mother|mom|mum|father|dad|son|daughter|brother|sister|friend|colleague|boss|landlord|landlady|tenant|flatmate|roommate|grandma|grandmother|grandfather|grandpa|parents|aunt|uncle|cousin|client|employee';
const RELATIVES_DE = 'nachbar\\w*|frau|mann|ehemann|ehefrau|partner\\w*|mutter|mami|vater|papi|sohn\\w*|tochter|bruder\\w*|schwester|freund\\w*|kolleg\\w*|chef\\w*|vermieter\\w*|mieter\\w*|mitbewohner\\w*|oma|opa|grossmutter|grossvater|eltern|tante|onkel|cousin\\w*';
const RELATIVES_FR = 'voisin\\w*|femme|mari|epouse|epoux|conjoint\\w*|compagn\\w*|mere|maman|pere|papa|fils|fille|frere|soeur|ami|amie|copain|copine|collegue|patron\\w*|proprietaire|locataire|colocataire|grand mere|grand pere|parents|tante|oncle|cousin\\w*';
const RELATIVES_IT = 'vicin[oaie]|moglie|marito|compagn[oa]|madre|mamma|padre|papa|figli[oa]|fratello|sorella|amic[oaie]|collega|capo|proprietari[oa]|inquilin[oa]|coinquilin[oa]|nonn[oa]|genitori|zi[oa]|cugin[oa]';

const OTHER_PERSON = [
  // English: "my neighbour's bill", "the bill of my wife", "for my mother", "his plan", "Mr Smith"
  new RegExp(`\\b(${RELATIVES_EN}) s\\b`),
  new RegExp(`\\b(${RELATIVES_EN})s(?= (bill|invoice|plan|account|modem|router|box|appointment|email|number|phone|contract|subscription))`),
  new RegExp(`\\b(of|for|from) (my|our|the|a) (${RELATIVES_EN})\\b`),
  /\b(his|her|their) (bill|bills|invoice|invoices|plan|account|modem|router|box|appointment|email|e mail|number|phone|contract|subscription|balance)\b/,
  /\b(someone|somebody|anyone|anybody) else s?\b|\b(another|other|a different) (customer|person|user|account|subscriber)s?\b|\bother people s?\b/,
  /\b(mr|mrs|ms|miss|sir|madam) [a-z]{2,}\b/,
  // German: "von Herrn Müller", "meiner Frau", "meines Nachbarn", "seine Rechnung"
  /\b(von|fur|fuer|des|der|dem) (herrn?|frau) [a-z]{2,}\b|\bherrn [a-z]{2,}\b/,
  new RegExp(`\\b(meiner|meines|meinem|meine|meinen|unserer|unseres|unserem) (${RELATIVES_DE})\\b`),
  /\b(seine|seiner|seinen|seinem|ihrer|deren|dessen) (rechnung\w*|abo\w*|vertrag\w*|konto|modem|router|box|termin\w*|nummer|e ?mail\w*|handynummer|natelnummer)\b/,
  /\b(jemand(em|en)? (anders|anderen|anderes)|einer anderen person|eines anderen kunden|ein(em|en)? anderen? kunden?|andere[rn]? kunden)\b/,
  // French: "de mon voisin", "pour ma mère", "de M. Dupont", "sa facture"
  new RegExp(`\\b(de|du|pour|a) (mon|ma|mes|notre) (${RELATIVES_FR})\\b`),
  /\b(de|du|pour|a) (mr|mme|mlle|monsieur|madame|mademoiselle) [a-z]{2,}\b/,
  /\b(sa|son|ses|leur|leurs) (facture\w*|abonnement\w*|forfait\w*|box|modem|routeur|compte|rendez vous|numero|adresse|contrat|solde)\b/,
  /\b(quelqu un d autre|un autre client|une autre personne|un autre abonne|d autres clients)\b/,
  // Italian: "del mio vicino", "di mia moglie", "del signor Bianchi", "la sua fattura"
  new RegExp(`\\b(di|del|della|dello|dei|per|a) (il |la )?(mio|mia|miei|mie|nostro|nostra) (${RELATIVES_IT})\\b`),
  new RegExp(`\\b(di|per|a) (mia|mio) (${RELATIVES_IT})\\b`),
  /\b(del|della|dal|dalla|al|alla|per il|per la|di) (signor|signora|signorina|sig|sig ra|dott|dottor|dottoressa) [a-z]{2,}\b/,
  /\b(suo|sua|suoi|sue|loro) (fattur\w*|abbonament\w*|modem|router|conto|numero|contratto|appuntamento|indirizzo|saldo)\b/,
  /\b(un altro cliente|un altra persona|qualcun altro|altri clienti|di un altro)\b/,
  // Everyone at once
  /\b(everyone|everybody|all (the )?(customers|users|accounts|subscribers|clients)|every (customer|user|account)|alle(n|r)? (kunden|benutzer|nutzer|konten|abonnenten)|jede[nrs]? kunden|tous les (clients|utilisateurs|comptes|abonnes)|toutes les (factures|comptes)|de tous|tutti i (clienti|utenti|conti|contratti)|di tutti|ogni cliente)\b/,
];

/** A customer number is someone else's unless the customer calls it theirs ("my customer number is …"). */
function namesAnotherCustomerNumber(raw: string, text: string): boolean {
  if (!/\bAW[- ]?\d{3,}/i.test(raw)) return false;
  return !/\b(?:my|mein\w*|ma|mon|mio|mia) (?:customer (?:number|no|id)|account (?:number|no)|kunden ?(?:nummer|nr)|numero (?:de )?client|no client|numero (?:di )?cliente|codice cliente)\b/.test(text);
}

// ---- Actions no tool offers ------------------------------------------------------------------------

const UNSUPPORTED = [
  // Cancelling a contract, a plan or an appointment; deleting the account.
  /\b(cancel\w*|terminate|termination|kundig\w*|kuendig\w*|stornier\w*|absagen|sage \w+ ab|resili\w*|annul\w*|disdi\w*|disdett\w*|recede\w*|recesso)\b/,
  /\b(delete|remove|close) (my |our )?(account|profile|customer account)\b|\b(konto|profil|kundenkonto) (loschen|loeschen|schliessen|aufheben)\b|\b(supprim\w*|ferm\w*) (mon |le )?(compte|profil)\b|\b(elimina\w*|chiud\w*) (il mio |l )?(account|conto|profilo)\b/,
  // Number porting.
  /\b(transfer\w*|port|porting|portier\w*|mitnehm\w*|ubertrag\w*|uebertrag\w*|porter|portabilite|portabilita|portar\w*|trasferi\w*)\b.{1,40}\b(number|nummer|natelnummer|handynummer|rufnummer|numero)\b/,
  /\b(number|nummer|natelnummer|handynummer|rufnummer|numero)\b.{1,40}\b(transfer\w*|port|porting|portier\w*|mitnehm\w*|ubertrag\w*|uebertrag\w*|porter|portar\w*|trasferi\w*)\b/,
  // Blocking a SIM, resetting a password, refunds, payment plans: no tool, knowledge path or a person.
  /\b(block|sperr\w*|bloqu\w*|blocc\w*)\b.{1,20}\b(sim|karte|carte|scheda)\b/,
];

// ---- How-to questions ----------------------------------------------------------------------------

const HOW_TO_START = [
  // English
  /^(how (do|can|could|should|would|does|did|will|to|is it done|exactly)\b|how (i|we|one) (can|could|should)\b|where (can|do|could|should|would) (i|we|one|you)\b|where (is|are) the\b|what (do|should|must) i (do|need)\b|what do i have to do\b|what are the steps\b|is it possible to\b|what happens (if|when)\b|do i (need|have) to\b|should i\b|what is (a|an)\b|what does .* mean\b|is there a way to\b|is there a fee\b|how long\b|how much does\b|how much is (it|the|a)\b|(what s|whats|what is) the (\w+ )?(way|procedure|process) to\b)/,
  // German
  /^(wie (genau|kann|konnte|koennte|muss|musste|soll|sollte|mache|macht|geht|gehe|funktioniert|lauft|laeuft|lange|stelle|richte|erhalte|bekomme|finde|andere|aendere|wechsle|zahle|bezahle|melde|buche|starte)\b|wie \w+ (ich|man)\b|wo (kann|konnte|koennte|finde|sehe|muss|soll)\b|was (muss|soll) ich (tun|machen)\b|was passiert\b|kann man\b|ist es moglich\b|ist es moeglich\b|muss ich\b|soll ich\b|was (ist|bedeutet) (ein|eine)\b|was bedeutet\b|was kostet (ein|eine|der|die|das)\b|was ist der (\w+ )?(weg|ablauf|vorgang)\b)/,
  // French
  /^(comment\b|ou (puis je|peut on|est ce que je peux|trouver|voir|se trouve)\b|est il possible\b|que (dois je|faut il|faire)\b|qu est ce que je dois\b|que se passe t il\b|quelle est la (procedure|marche)\b|quelles sont les etapes\b|dois je\b|faut il\b|est ce qu il faut\b|qu est ce qu (un|une)\b|que signifie\b|combien (coute|de temps)\b|c est quoi la (procedure|marche|methode|bonne facon)\b)/,
  // Italian
  /^(come (?!mai\b)|dove (posso|si|trovo|vedo|devo)\b|cosa (devo|bisogna) fare\b|che cosa devo fare\b|e possibile\b|si puo\b|cosa succede\b|quali sono i passaggi\b|devo\b|bisogna\b|cos e (un|una)\b|che cos e\b|cosa significa\b|quanto costa\b|quanto tempo\b|qual e il (\w+ )?(modo|procedimento)\b)/,
];

/**
 * Questions about doing it oneself, anywhere in a clause: how long to do something ("je dois
 * appuyer combien de temps pour l'éteindre et la rallumer ?") and what to do if ("se lo spengo,
 * devo aspettare?", "if I switch it off, do I have to wait?").
 */
const MODAL_SELF = String.raw`(?:do i|should i|must i|have to|muss ich|soll ich|dois je|je dois|faut il|devo|bisogna)`;
const SELF_PROCEDURE = [
  new RegExp(String.raw`\b(?:how long|wie lange|combien de temps|quanto tempo)\b.+\b${MODAL_SELF}\b|\b${MODAL_SELF}\b.+\b(?:how long|wie lange|combien de temps|quanto tempo)\b`),
  new RegExp(String.raw`^(?:if i|wenn ich|falls ich|si je|se (?:lo |la |li |le )?\w+)\b.+\b${MODAL_SELF}\b`),
];

/** "Can I … online / in the app / myself?" asks how to do it oneself. */
const SELF_SERVICE =
  /^(?:can i|could i|may i|am i able to|kann ich|konnte ich|koennte ich|darf ich|puis je|est ce que je peux|je peux|posso|potrei|si puo)\b.+\b(?:online|in the app|app|myself|portal|website|my alpenwave|selbst|selber|in der app|im portal|webseite|moi meme|dans l app|sur le site|en ligne|da solo|nell app|sul sito|da me)\b/;

/** Questions about what something costs or whether it is free are for the help center. */
const COST_QUESTION = [
  /\b(what does (it|that|this) cost|how much (does|would|will|is) (it|that|this)( cost)?|does (it|that|this) cost|is (it|that|this) (still )?free|any (fees?|charges?|costs?)|was kostet|wie ?viel kostet|kostet (das|es)|ist (das|es) (noch )?(gratis|kostenlos|umsonst)|ca coute|cela coute|combien (ca|cela) coute|c est (encore )?gratuit|est ce (encore )?gratuit|des frais|y a t il des frais|quanto costa|costa (qualcosa|niente)|ci sono (costi|spese)|e (ancora )?(gratis|gratuito))\b/,
  /\b(how much|wie ?viel|combien|quanto)\b.+\b(if|wenn|falls|si|se)\b/,
];

/** "Don't restart my modem", "bitte nicht neu starten", "ne redémarrez pas", "non riavviare". */
const NEGATED = [
  /\b(do not|dont|never) (\w+ ){0,3}(restart|reboot|change|switch|move|reschedule|update|call|upgrade|downgrade)\b/,
  /\bnicht (\w+ ){0,2}(neu ?starten|rebooten|wechseln|andern|aendern|umstellen|verschieben|verlegen|anrufen|zuruckrufen|zurueckrufen)\b|\b(starte|starten sie|startet) (\w+ ){0,3}nicht neu\b/,
  /\bne (\w+ ){0,2}(redemarr\w*|relanc\w*|chang\w*|modifi\w*|deplac\w*|decal\w*|report\w*|pass\w*|rappel\w*|appel\w*) (pas|jamais)\b|\bne (pas|jamais) (redemarr\w*|relanc\w*|chang\w*|modifi\w*|deplac\w*|decal\w*|report\w*|pass\w*|rappel\w*|appel\w*)\b/,
  /\bnon (\w+ )?(riavvi\w*|cambi\w*|modific\w*|spost\w*|rinvi\w*|pass\w*|richiam\w*|chiam\w*)\b/,
];

export function refusalKind(request: PreparedRequest): RefusalKind | undefined {
  const { raw, text, clauses } = request;
  if (INJECTION_RAW.some((p) => p.test(raw)) || INJECTION.some((p) => p.test(text))) return 'injection';
  if (namesAnotherCustomerNumber(raw, text) || OTHER_PERSON_RAW.some((p) => p.test(raw)) || OTHER_PERSON.some((p) => p.test(text))) return 'other_person';
  if (UNSUPPORTED.some((p) => p.test(text))) return 'unsupported';
  if (NEGATED.some((p) => p.test(text))) return 'negated';
  if (clauses.some((c) => HOW_TO_START.some((p) => p.test(c)) || SELF_SERVICE.test(c) || SELF_PROCEDURE.some((p) => p.test(c)))) return 'how_to';
  if (COST_QUESTION.some((p) => p.test(text))) return 'how_to';
  return undefined;
}
