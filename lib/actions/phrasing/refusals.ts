import type { Refusal, RefusalReason } from '@/lib/domain/account-tools';
import { changeAllowedFrom, describeAlternatives } from './alternatives';
import { TALK_TO_A_PERSON, blocks, capitalize, formatDay, type Lang, type Texts } from './format';

/** Why the customer system said no, and what the customer can do, in each language. */

type Context = { nextChange: string | null };
type Sentence = string | ((context: Context) => string);

export const REFUSAL_TEXTS: Texts<Record<RefusalReason, Sentence>> = {
  en: {
    not_a_customer: `I could not find a customer account linked to your sign-in, so I cannot look at or change account data here. A person from our team can help you with your account: ${TALK_TO_A_PERSON.en}.`,
    overdue_invoice:
      'Plan changes are not possible while an invoice is more than 30 days overdue. Once it is paid, you can change your plan; a card payment in My Alpenwave is registered immediately.',
    plan_unknown: 'I do not know a plan by that name.',
    same_plan: 'You already have this plan, or the switch to it is already scheduled, so there is nothing to change.',
    plan_not_switchable:
      'That plan cannot be switched to from your subscriptions: a plan can only be switched to another plan of the same kind. A new subscription can be ordered from our sales team (0800 246 246, option 2).',
    plan_not_in_area: 'That plan is not offered at your address: it is not available in your area, or it needs a fibre connection that your address does not have yet.',
    plan_change_this_month: ({ nextChange }) =>
      `A plan can be changed once per calendar month, and this plan was already changed this month. You can change it again from ${nextChange ?? 'the 1st of next month'}.`,
    no_appointment: `You have no upcoming technician appointment to move. A new appointment can be booked with our support team: ${TALK_TO_A_PERSON.en}.`,
    slot_unknown:
      'There is no technician slot at that time. Technicians visit in fixed slots: Monday to Friday 08:00–12:00, 12:00–16:00 and 16:00–20:00, Saturday 08:00–13:00, up to 4 weeks ahead.',
    slot_taken: 'That slot is not available: it is already booked, or it is already your appointment.',
    slot_too_soon: 'Appointments can be booked at least 24 hours ahead, so that slot is too soon.',
    no_device: 'There is no Alpenwave Box registered on your account, so there is nothing I can check or restart remotely.',
    device_offline: 'Your Box is offline, so it cannot be restarted remotely. Switch it off for 30 seconds and on again, and check the cable to the outlet.',
    invalid_contact:
      'I could not use that contact detail: it is not valid, or it is already on your account. Please give one new detail at a time, such as an email address (name@example.ch) or a phone number (+41 79 123 45 67).',
    not_found: 'I could not find that on your account.',
    invalid_input: 'I could not send that request: a detail was missing or not in the expected form. Please tell me again what you need, with the details.',
    unavailable: `I could not get an answer from the system that handles this just now. Please try again in a few minutes, or ${TALK_TO_A_PERSON.en}.`,
    request_refused: `The system that handles this did not accept the request, so it was not carried out. A person from our team can look at it with you: ${TALK_TO_A_PERSON.en}.`,
  },
  de: {
    not_a_customer: `Ich konnte kein Kundenkonto finden, das mit Ihrer Anmeldung verknüpft ist, daher kann ich hier keine Kontodaten ansehen oder ändern. Eine Person aus unserem Team hilft Ihnen gerne weiter: ${capitalize(TALK_TO_A_PERSON.de)}.`,
    overdue_invoice:
      'Solange eine Rechnung mehr als 30 Tage überfällig ist, sind keine Abowechsel möglich. Sobald sie bezahlt ist, können Sie Ihr Abo wechseln; eine Kartenzahlung in My Alpenwave wird sofort verbucht.',
    plan_unknown: 'Ein Abo mit diesem Namen kenne ich nicht.',
    same_plan: 'Sie haben dieses Abo bereits, oder der Wechsel dorthin ist schon geplant, es gibt also nichts zu ändern.',
    plan_not_switchable:
      'Zu diesem Abo können Sie von Ihren Abos aus nicht wechseln: Ein Abo kann nur zu einem anderen Abo der gleichen Art gewechselt werden. Ein neues Abo können Sie bei unserem Verkaufsteam bestellen (0800 246 246, Option 2).',
    plan_not_in_area: 'Dieses Abo ist an Ihrer Adresse nicht verfügbar: Es wird in Ihrer Region nicht angeboten, oder es braucht einen Glasfaseranschluss, den Ihre Adresse noch nicht hat.',
    plan_change_this_month: ({ nextChange }) =>
      `Ein Abo kann einmal pro Kalendermonat gewechselt werden, und dieses Abo wurde diesen Monat schon gewechselt. Sie können es ab ${nextChange ?? 'dem 1. des nächsten Monats'} wieder wechseln.`,
    no_appointment: `Sie haben keinen bevorstehenden Technikertermin, den ich verschieben könnte. Einen neuen Termin bucht unser Support-Team gerne für Sie: ${capitalize(TALK_TO_A_PERSON.de)}.`,
    slot_unknown:
      'Zu dieser Zeit gibt es keinen Technikertermin. Techniker kommen in festen Zeitfenstern: Montag bis Freitag 08:00–12:00, 12:00–16:00 und 16:00–20:00 Uhr, Samstag 08:00–13:00 Uhr, bis zu 4 Wochen im Voraus.',
    slot_taken: 'Dieser Termin ist nicht verfügbar: Er ist bereits gebucht, oder es ist schon Ihr Termin.',
    slot_too_soon: 'Termine können frühestens 24 Stunden im Voraus gebucht werden, dieser Termin ist also zu früh.',
    no_device: 'Auf Ihrem Konto ist keine Alpenwave Box registriert, daher kann ich aus der Ferne nichts prüfen oder neu starten.',
    device_offline:
      'Ihre Box ist offline, deshalb kann sie nicht aus der Ferne neu gestartet werden. Schalten Sie sie für 30 Sekunden aus und wieder ein, und prüfen Sie das Kabel zur Steckdose.',
    invalid_contact:
      'Diese Kontaktangabe konnte ich nicht übernehmen: Sie ist nicht gültig, oder sie ist bereits auf Ihrem Konto hinterlegt. Bitte geben Sie jeweils eine neue Angabe an, zum Beispiel eine E-Mail-Adresse (name@example.ch) oder eine Telefonnummer (+41 79 123 45 67).',
    not_found: 'Das konnte ich auf Ihrem Konto nicht finden.',
    invalid_input: 'Ich konnte diese Anfrage nicht senden: Eine Angabe fehlte oder hatte nicht die erwartete Form. Bitte sagen Sie mir noch einmal, was Sie brauchen, mit den nötigen Angaben.',
    unavailable: `Ich habe gerade keine Antwort von dem System erhalten, das dafür zuständig ist. Bitte versuchen Sie es in ein paar Minuten noch einmal, oder ${TALK_TO_A_PERSON.de}.`,
    request_refused: `Das zuständige System hat die Anfrage nicht angenommen, sie wurde deshalb nicht ausgeführt. Eine Person aus unserem Team kann sie mit Ihnen anschauen: ${capitalize(TALK_TO_A_PERSON.de)}.`,
  },
  fr: {
    not_a_customer: `Je n'ai trouvé aucun compte client lié à votre connexion, je ne peux donc pas consulter ni modifier de données de compte ici. Une personne de notre équipe peut vous aider : ${TALK_TO_A_PERSON.fr}.`,
    overdue_invoice:
      "Les changements d'abonnement ne sont pas possibles tant qu'une facture est en retard de plus de 30 jours. Dès qu'elle est payée, vous pouvez changer votre abonnement ; un paiement par carte dans My Alpenwave est enregistré immédiatement.",
    plan_unknown: 'Je ne connais pas d’abonnement portant ce nom.',
    same_plan: "Vous avez déjà cet abonnement, ou le changement vers celui-ci est déjà prévu : il n'y a donc rien à changer.",
    plan_not_switchable:
      "Vous ne pouvez pas passer à cet abonnement depuis vos abonnements : un abonnement ne peut être changé que pour un autre abonnement du même type. Un nouvel abonnement peut être commandé auprès de notre équipe de vente (0800 246 246, option 2).",
    plan_not_in_area:
      "Cet abonnement n'est pas disponible à votre adresse : il n'est pas proposé dans votre région, ou il nécessite un raccordement à la fibre que votre adresse n'a pas encore.",
    plan_change_this_month: ({ nextChange }) =>
      `Un abonnement peut être changé une fois par mois civil, et cet abonnement a déjà été changé ce mois-ci. Vous pourrez le changer à nouveau dès le ${nextChange ?? '1er du mois prochain'}.`,
    no_appointment: `Vous n'avez pas de rendez-vous à venir avec un technicien que je pourrais déplacer. Notre équipe support peut réserver un nouveau rendez-vous : ${TALK_TO_A_PERSON.fr}.`,
    slot_unknown:
      "Il n'y a pas de créneau de technicien à cette heure-là. Les techniciens passent dans des créneaux fixes : du lundi au vendredi 08:00–12:00, 12:00–16:00 et 16:00–20:00, le samedi 08:00–13:00, jusqu'à 4 semaines à l'avance.",
    slot_taken: "Ce créneau n'est pas disponible : il est déjà réservé, ou c'est déjà votre rendez-vous.",
    slot_too_soon: "Les rendez-vous doivent être réservés au moins 24 heures à l'avance, ce créneau est donc trop proche.",
    no_device: "Aucune Box Alpenwave n'est enregistrée sur votre compte, je ne peux donc rien contrôler ni redémarrer à distance.",
    device_offline:
      "Votre Box est hors ligne, elle ne peut donc pas être redémarrée à distance. Éteignez-la pendant 30 secondes puis rallumez-la, et vérifiez le câble vers la prise.",
    invalid_contact:
      "Je n'ai pas pu utiliser cette coordonnée : elle n'est pas valable, ou elle figure déjà sur votre compte. Veuillez indiquer une seule nouvelle coordonnée à la fois, par exemple une adresse e-mail (nom@example.ch) ou un numéro de téléphone (+41 79 123 45 67).",
    not_found: "Je n'ai pas trouvé cela sur votre compte.",
    invalid_input: "Je n'ai pas pu envoyer cette demande : une information manquait ou n'avait pas la forme attendue. Pouvez-vous me redire ce dont vous avez besoin, avec les détails nécessaires ?",
    unavailable: `Je n'ai pas obtenu de réponse du système qui gère cela pour le moment. Veuillez réessayer dans quelques minutes, ou ${TALK_TO_A_PERSON.fr}.`,
    request_refused: `Le système qui gère cela n'a pas accepté la demande : elle n'a donc pas été exécutée. Une personne de notre équipe peut la regarder avec vous : ${TALK_TO_A_PERSON.fr}.`,
  },
  it: {
    not_a_customer: `Non ho trovato alcun conto cliente collegato al Suo accesso, quindi qui non posso consultare né modificare i dati del conto. Una persona del nostro team può aiutarLa: ${TALK_TO_A_PERSON.it}.`,
    overdue_invoice:
      'Non è possibile cambiare abbonamento finché una fattura è scaduta da più di 30 giorni. Appena è pagata, può cambiare il Suo abbonamento; un pagamento con carta in My Alpenwave viene registrato subito.',
    plan_unknown: 'Non conosco un abbonamento con questo nome.',
    same_plan: 'Ha già questo abbonamento, oppure il passaggio a questo abbonamento è già previsto: non c’è quindi nulla da cambiare.',
    plan_not_switchable:
      'Non può passare a questo abbonamento dai Suoi abbonamenti: un abbonamento si può cambiare solo con un altro abbonamento dello stesso tipo. Un nuovo abbonamento si può ordinare presso il nostro team di vendita (0800 246 246, opzione 2).',
    plan_not_in_area:
      'Questo abbonamento non è disponibile al Suo indirizzo: non è offerto nella Sua regione, oppure richiede un collegamento in fibra che il Suo indirizzo non ha ancora.',
    plan_change_this_month: ({ nextChange }) =>
      `Un abbonamento si può cambiare una volta per mese civile, e questo abbonamento è già stato cambiato questo mese. Può cambiarlo di nuovo dal ${nextChange ?? 'primo del mese prossimo'}.`,
    no_appointment: `Non ha un appuntamento con il tecnico in programma da spostare. Il nostro team di supporto può prenotare un nuovo appuntamento: ${TALK_TO_A_PERSON.it}.`,
    slot_unknown:
      'A quell’ora non c’è una fascia oraria per il tecnico. I tecnici passano in fasce orarie fisse: dal lunedì al venerdì 08:00–12:00, 12:00–16:00 e 16:00–20:00, il sabato 08:00–13:00, fino a 4 settimane prima.',
    slot_taken: 'Questa fascia oraria non è disponibile: è già prenotata, oppure è già il Suo appuntamento.',
    slot_too_soon: 'Gli appuntamenti si possono prenotare con almeno 24 ore di anticipo, quindi questa fascia oraria è troppo vicina.',
    no_device: 'Sul Suo conto non è registrata nessuna Box Alpenwave, quindi non posso controllare né riavviare nulla a distanza.',
    device_offline:
      'La Sua Box è offline, quindi non può essere riavviata a distanza. La spenga per 30 secondi e la riaccenda, e controlli il cavo verso la presa.',
    invalid_contact:
      'Non ho potuto usare questo dato di contatto: non è valido, oppure è già registrato sul Suo conto. Indichi un solo nuovo dato alla volta, per esempio un indirizzo e-mail (nome@example.ch) o un numero di telefono (+41 79 123 45 67).',
    not_found: 'Non ho trovato questo sul Suo conto.',
    invalid_input: 'Non ho potuto inviare questa richiesta: mancava un dato oppure non era nella forma prevista. Mi dica di nuovo di che cosa ha bisogno, con i dati necessari.',
    unavailable: `Al momento non ho ricevuto risposta dal sistema che se ne occupa. Riprovi tra qualche minuto, oppure ${TALK_TO_A_PERSON.it}.`,
    request_refused: `Il sistema che se ne occupa non ha accettato la richiesta, quindi non è stata eseguita. Una persona del nostro team può esaminarla con Lei: ${TALK_TO_A_PERSON.it}.`,
  },
};

/** The sentence for a refusal reason, or null for a reason this module does not know. */
export function refusalSentence(reason: string, lang: Lang, context: Context = { nextChange: null }): string | null {
  const sentence = (REFUSAL_TEXTS[lang] as Record<string, Sentence | undefined>)[reason];
  if (sentence === undefined) return null;
  return typeof sentence === 'string' ? sentence : sentence(context);
}

/**
 * A refusal in the customer's language: why, and what they can do, followed by its alternatives
 * (nearest free slots, plans that are offered, …). An unknown reason falls back to the
 * refusal's English message.
 */
export function describeRefusal(refusal: Refusal, lang: Lang): string {
  const next = changeAllowedFrom(refusal.alternatives);
  const sentence = refusalSentence(refusal.reason, lang, { nextChange: next ? formatDay(next, lang) : null }) ?? refusal.message;
  return blocks([sentence, describeAlternatives(refusal.alternatives, lang)]);
}
