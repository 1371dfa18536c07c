import { extractEmails, extractPhones } from '../contact-details';
import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';

/**
 * update_contact_details: a new email address or phone number for the customer's own profile,
 * "change my email to x@y.ch", "meine neue Natelnummer ist 079 …", "changez mon adresse e-mail en …".
 * Exactly one of the two, as the contract wants: with both in the message the first one named wins.
 */

const EMAIL_NOUN = /\b(?:e ?mail\w*|mail|mailadresse|courriel|adresse (?:e )?mail|adresse electronique|indirizzo (?:e ?mail|di posta)|posta elettronica|email adresse)\b/;
const PHONE_NOUN = /\b(?:phone|phone number|mobile number|cell number|telephone|number|nummer|telefon\w*|handy\w*|natel\w*|mobilnummer|rufnummer|numero|portable|tel|cellulare|cell)\b/;
const CHANGE =
  /\b(?:change|update|new|replace|set|correct|use|switch|andern|aendern|andere|aendere|anderung|aenderung|aktualisier\w*|neue[rnms]?|ersetz\w*|umstellen|korrigier\w*|hinterleg\w*|changer|changez|modifier|modifiez|modifie|mettre a jour|mettez a jour|mets a jour|nouveau|nouvelle|nouvel|remplac\w*|corrig\w*|cambia\w*|aggiorna\w*|modifica\w*|nuovo|nuova|sostitui\w*|corregg\w*)\b|\b(?:is now|has changed|changed|ist jetzt|ist neu|neu ist|neu lautet|lautet (?:jetzt|neu)|geandert|geaendert|est maintenant|est desormais|a change|e ora|adesso e|ora e|e cambiat\w*|cambiat\w*)\b/;

export const contactRule: Rule = {
  name: 'contact',
  match({ raw, text }: PreparedRequest): RecognizedToolCall | null {
    if (!CHANGE.test(text)) return null;
    const email = EMAIL_NOUN.test(text) || /@/.test(raw) ? extractEmails(raw)[0] : undefined;
    const phone = PHONE_NOUN.test(text) ? extractPhones(raw)[0] : undefined;
    if (email && (!phone || email.index < phone.index)) return { toolName: 'update_contact_details', input: { email: email.value } };
    if (phone) return { toolName: 'update_contact_details', input: { phone: phone.value } };
    return null;
  },
};

/**
 * get_contact_details: the customer asks what is on file ("what's my phone number on file?",
 * "welche E-Mail-Adresse habt ihr von mir?", "quelle adresse avez-vous ?") — a contact noun with
 * a question about what is stored or theirs, and no new value to set (with one, contactRule writes).
 */
const ADDRESS_NOUN = /\b(?:address|adresse|anschrift|indirizzo|postal address|postadresse)\b/;
// "customer number", "invoice number": not contact details.
const OTHER_NUMBER = /\b(?:customer|kunden\w*|client|cliente|invoice|rechnung\w*|facture|fattura|reference|referenz\w*|serial|serien\w*|order|bestell\w*|commande|ordine)\s+(?:number|nummer|numero|no)\b/;
const ON_FILE =
  /\b(?:on file|on record|do you have|have you got|registered|stored|saved|hinterlegt\w*|gespeichert\w*|erfasst|habt ihr|haben sie|enregistr\w*|avez vous|vous avez|registrat\w*|salvat\w*|memorizzat\w*|avete)\b/;
const ASK = /\b(?:what|which|whats|show|tell me|check|welche\w*|was ist|wie lautet|zeig\w*|quel\w*|montre\w*|quale|qual|mostra\w*|dimmi|controlla\w*)\b/;
const MINE = /\b(?:my|mein\w*|mon|ma|mes|mio|mia|miei|mie|il mio|la mia)\b/;

// The number itself, not the device: "a speed test on my phone" asks for no phone number.
const NUMBER_NOUN =
  /\b(?:(?:phone|mobile|cell|telephone) number|number|nummer|telefonnummer|handynummer|natelnummer|mobilnummer|rufnummer|numero(?: de (?:telephone|portable|mobile))?|numero di (?:telefono|cellulare))\b/;

export const contactReadRule: Rule = {
  name: 'contact-read',
  match({ raw, sentences }: PreparedRequest): RecognizedToolCall | null {
    // A new value to set is the write rule's; without one, a question about the details reads them.
    if (extractEmails(raw).length > 0 || extractPhones(raw).length > 0) return null;
    // The contact detail and the question about it in one sentence.
    const asked = sentences.some(({ text }) => {
      const noun = EMAIL_NOUN.test(text) || ADDRESS_NOUN.test(text) || (NUMBER_NOUN.test(text) && !OTHER_NUMBER.test(text));
      return noun && (ON_FILE.test(text) || (ASK.test(text) && MINE.test(text)));
    });
    return asked ? { toolName: 'get_contact_details', input: {} } : null;
  },
};

