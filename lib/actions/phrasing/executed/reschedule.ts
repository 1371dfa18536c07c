import type { RescheduleResult } from '@/lib/actions/repository';
import { blocks, money, formatWindow, type Lang, type Texts } from '../format';
import { yourAppointment } from '../labels';

/** reschedule_appointment executed: from which slot to which. */

const T: Texts<{ moved: (appointment: string, from: string, to: string) => string; fee: (amount: string) => string; reminder: string }> = {
  en: {
    moved: (appointment, from, to) => `Done: ${appointment} has been moved from ${from} to **${to}**.`,
    fee: (amount) => `A fee of ${amount} applies because it was moved less than 24 hours before the visit.`,
    reminder: 'You will get an SMS reminder the day before at 18:00, and the technician calls about 30 minutes before arriving. An adult (18+) must be at home.',
  },
  de: {
    moved: (appointment, from, to) => `Erledigt: ${appointment} wurde von ${from} auf **${to}** verschoben.`,
    fee: (amount) => `Es fällt eine Gebühr von ${amount} an, weil der Termin weniger als 24 Stunden vorher verschoben wurde.`,
    reminder: 'Sie erhalten am Vortag um 18:00 Uhr eine SMS-Erinnerung, und der Techniker ruft etwa 30 Minuten vor seiner Ankunft an. Eine erwachsene Person (18+) muss zu Hause sein.',
  },
  fr: {
    moved: (appointment, from, to) => `C'est fait : ${appointment} a été déplacé du ${from} au **${to}**.`,
    fee: (amount) => `Des frais de ${amount} s'appliquent, car il a été déplacé moins de 24 heures avant la visite.`,
    reminder: "Vous recevrez un rappel par SMS la veille à 18:00, et le technicien vous appelle environ 30 minutes avant son arrivée. Une personne majeure (18 ans et plus) doit être présente.",
  },
  it: {
    moved: (appointment, from, to) => `Fatto: ${appointment} è stato spostato da ${from} a **${to}**.`,
    fee: (amount) => `Si applica una tassa di ${amount}, perché è stato spostato meno di 24 ore prima della visita.`,
    reminder: 'Riceverà un promemoria via SMS il giorno prima alle 18:00 e il tecnico La chiama circa 30 minuti prima di arrivare. Deve essere presente una persona adulta (18+).',
  },
};

export function describeReschedule(v: RescheduleResult, lang: Lang): string {
  const t = T[lang];
  const from = formatWindow(v.from.startsAt, v.from.endsAt, lang);
  const to = formatWindow(v.to.startsAt, v.to.endsAt, lang);
  return blocks([t.moved(yourAppointment(v.kind, lang), from, to), [v.feeCents > 0 ? t.fee(money(v.feeCents)) : null, t.reminder].filter(Boolean).join(' ')]);
}
