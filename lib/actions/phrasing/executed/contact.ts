import type { ContactUpdateResult } from '@/lib/actions/repository';
import { type Lang, type Texts } from '../format';

/** update_contact_details executed: the new email address or phone number. */

const T: Texts<{ email: (after: string, before: string) => string; phone: (after: string, before: string) => string }> = {
  en: {
    email: (after, before) =>
      `Done: your email address is now **${after}** (before: ${before}). We send a confirmation link to the new address; invoices and notices go there from now on. The email you sign in with does not change.`,
    phone: (after, before) =>
      `Done: your phone number is now **${after}** (before: ${before}). We send an SMS code to the new number to confirm it; we use it for SMS notices, appointment reminders and call-backs.`,
  },
  de: {
    email: (after, before) =>
      `Erledigt: Ihre E-Mail-Adresse ist jetzt **${after}** (bisher: ${before}). Wir senden einen Bestätigungslink an die neue Adresse; Rechnungen und Mitteilungen gehen ab jetzt dorthin. Die E-Mail-Adresse, mit der Sie sich anmelden, ändert sich nicht.`,
    phone: (after, before) =>
      `Erledigt: Ihre Telefonnummer ist jetzt **${after}** (bisher: ${before}). Wir senden einen SMS-Code an die neue Nummer, um sie zu bestätigen; wir verwenden sie für SMS-Mitteilungen, Terminerinnerungen und Rückrufe.`,
  },
  fr: {
    email: (after, before) =>
      `C'est fait : votre adresse e-mail est désormais **${after}** (avant : ${before}). Nous envoyons un lien de confirmation à la nouvelle adresse ; les factures et les avis y seront envoyés dorénavant. L'adresse e-mail avec laquelle vous vous connectez ne change pas.`,
    phone: (after, before) =>
      `C'est fait : votre numéro de téléphone est désormais **${after}** (avant : ${before}). Nous envoyons un code par SMS au nouveau numéro pour le confirmer ; nous l'utilisons pour les avis par SMS, les rappels de rendez-vous et les rappels téléphoniques.`,
  },
  it: {
    email: (after, before) =>
      `Fatto: il Suo indirizzo e-mail è ora **${after}** (prima: ${before}). Inviamo un link di conferma al nuovo indirizzo; da ora fatture e avvisi arrivano lì. L'indirizzo e-mail con cui accede non cambia.`,
    phone: (after, before) =>
      `Fatto: il Suo numero di telefono è ora **${after}** (prima: ${before}). Inviamo un codice via SMS al nuovo numero per confermarlo; lo usiamo per gli avvisi via SMS, i promemoria degli appuntamenti e le richiamate.`,
  },
};

export function describeContactUpdate(v: ContactUpdateResult, lang: Lang): string {
  return v.field === 'email' ? T[lang].email(v.after, v.before) : T[lang].phone(v.after, v.before);
}
