import { exact } from '../english';
import { LANGUAGE_NAMES } from '../labels';
import type { PreviewRules } from './rules';

/** lib/actions/repository/contact.ts previewUpdateContactDetails() and previewRequestCallback(). */

export const CONTACT_PREVIEW: PreviewRules = {
  title: [
    exact('Update your email address', { de: 'Ihre E-Mail-Adresse ändern', fr: 'Modifier votre adresse e-mail', it: 'Modificare il Suo indirizzo e-mail' }),
    exact('Update your phone number', { de: 'Ihre Telefonnummer ändern', fr: 'Modifier votre numéro de téléphone', it: 'Modificare il Suo numero di telefono' }),
  ],
  label: [
    exact('Email address', { de: 'E-Mail-Adresse', fr: 'Adresse e-mail', it: 'Indirizzo e-mail' }),
    exact('Phone number', { de: 'Telefonnummer', fr: 'Numéro de téléphone', it: 'Numero di telefono' }),
  ],
  value: [],
  notes: [
    exact('We send a confirmation link to the new address.', {
      de: 'Wir senden einen Bestätigungslink an die neue Adresse.',
      fr: 'Nous envoyons un lien de confirmation à la nouvelle adresse.',
      it: 'Inviamo un link di conferma al nuovo indirizzo.',
    }),
    exact('Invoices and notices go to this address; the email you sign in with does not change.', {
      de: 'Rechnungen und Mitteilungen gehen an diese Adresse; die E-Mail-Adresse, mit der Sie sich anmelden, ändert sich nicht.',
      fr: "Les factures et les avis sont envoyés à cette adresse ; l'adresse e-mail avec laquelle vous vous connectez ne change pas.",
      it: "Fatture e avvisi vengono inviati a questo indirizzo; l'indirizzo e-mail con cui accede non cambia.",
    }),
    exact('We send an SMS code to the new number to confirm it.', {
      de: 'Wir senden einen SMS-Code an die neue Nummer, um sie zu bestätigen.',
      fr: 'Nous envoyons un code par SMS au nouveau numéro pour le confirmer.',
      it: 'Inviamo un codice via SMS al nuovo numero per confermarlo.',
    }),
    exact('We use this number for SMS notices, appointment reminders and call-backs.', {
      de: 'Wir verwenden diese Nummer für SMS-Mitteilungen, Terminerinnerungen und Rückrufe.',
      fr: 'Nous utilisons ce numéro pour les avis par SMS, les rappels de rendez-vous et les rappels téléphoniques.',
      it: 'Usiamo questo numero per gli avvisi via SMS, i promemoria degli appuntamenti e le richiamate.',
    }),
  ],
};

const LANGUAGE_FROM_ENGLISH: Record<string, 'en' | 'de' | 'fr' | 'it'> = { English: 'en', German: 'de', French: 'fr', Italian: 'it' };

export const CALLBACK_PREVIEW: PreviewRules = {
  title: [exact('Request a call back', { de: 'Rückruf anfordern', fr: 'Demander un rappel', it: 'Richiedere una richiamata' })],
  label: [
    exact('We call you on', { de: 'Wir rufen Sie an unter', fr: 'Nous vous appelons au', it: 'La chiamiamo al' }),
    exact('Topic', { de: 'Thema', fr: 'Sujet', it: 'Argomento' }),
  ],
  value: [exact('Your account', { de: 'Ihr Konto', fr: 'Votre compte', it: 'Il Suo conto' })],
  notes: [
    {
      pattern: /^A person from our support team calls you back in (English|German|French|Italian)\. Our agents work Monday to Saturday, 08:00–20:00\.$/,
      render: ([language = ''], lang) => {
        const code = LANGUAGE_FROM_ENGLISH[language];
        const name = code ? LANGUAGE_NAMES[lang][code] : language;
        return {
          en: `A person from our support team calls you back in ${name}. Our agents work Monday to Saturday, 08:00–20:00.`,
          de: `Eine Person aus unserem Support-Team ruft Sie auf ${name} zurück. Unsere Mitarbeitenden sind von Montag bis Samstag, 08:00–20:00 Uhr, für Sie da.`,
          fr: `Une personne de notre équipe support vous rappelle en ${name}. Nos collaborateurs sont disponibles du lundi au samedi, de 08:00 à 20:00.`,
          it: `Una persona del nostro team di supporto La richiama in ${name}. I nostri collaboratori sono disponibili dal lunedì al sabato, dalle 08:00 alle 20:00.`,
        }[lang];
      },
    },
    exact('If this is not the right number, update your phone number first.', {
      de: 'Wenn das nicht die richtige Nummer ist, ändern Sie zuerst Ihre Telefonnummer.',
      fr: "Si ce n'est pas le bon numéro, modifiez d'abord votre numéro de téléphone.",
      it: 'Se questo non è il numero giusto, modifichi prima il Suo numero di telefono.',
    }),
  ],
};
