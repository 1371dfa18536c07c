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
