import type { ContactDetails } from '@/lib/actions/repository';
import { COLON, blocks, bullets, type Lang, type Texts } from '../format';

/** get_contact_details: what is on file to reach the customer, and how to change it. */

type Words = { intro: string; email: string; phone: string; address: string; change: string };

const T: Texts<Words> = {
  en: {
    intro: 'These are the contact details on file for you:',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    change: 'To change your email or phone number, just tell me the new one.',
  },
  de: {
    intro: 'Diese Kontaktdaten sind bei uns hinterlegt:',
    email: 'E-Mail',
    phone: 'Telefon',
    address: 'Adresse',
    change: 'Um Ihre E-Mail-Adresse oder Telefonnummer zu ändern, nennen Sie mir einfach die neue.',
  },
  fr: {
    intro: 'Voici les coordonnées enregistrées pour vous :',
    email: 'E-mail',
    phone: 'Téléphone',
    address: 'Adresse',
    change: 'Pour changer votre e-mail ou votre numéro de téléphone, indiquez-moi simplement le nouveau.',
  },
  it: {
    intro: 'Questi sono i recapiti registrati per Lei:',
    email: 'E-mail',
    phone: 'Telefono',
    address: 'Indirizzo',
    change: 'Per cambiare e-mail o numero di telefono, mi dica semplicemente quello nuovo.',
  },
};

export function describeContactDetails(v: ContactDetails, lang: Lang): string {
  const t = T[lang];
  const { street, postcode, city } = v.address;
  return blocks([
    `${t.intro}\n${bullets([`${t.email}${COLON[lang]}${v.email}`, `${t.phone}${COLON[lang]}${v.phone}`, `${t.address}${COLON[lang]}${street}, ${postcode} ${city}`])}`,
    t.change,
  ]);
}
