import type { BookedAppointment } from '@/lib/actions/repository';
import { blocks, capitalize, formatWindow, type Lang, type Texts } from '../format';
import { appointmentKind } from '../labels';

/** get_appointment: the booked technician visit, and how to move it. */

type Words = {
  booked: (kind: string, window: string) => string;
  none: string;
  move: (hours: number) => string;
  book: string;
};

const T: Texts<Words> = {
  en: {
    booked: (kind, window) => `Your technician visit (${kind}) is booked for **${window}**.`,
    none: 'You have no technician visit booked.',
    move: (hours) => `You can move it free of charge up to ${hours} hours before it starts — just tell me the day.`,
    book: 'If you need one, I can show you the free slots.',
  },
  de: {
    booked: (kind, window) => `Ihr Technikerbesuch (${kind}) ist gebucht für **${window}**.`,
    none: 'Sie haben keinen Technikerbesuch gebucht.',
    move: (hours) => `Sie können ihn bis ${hours} Stunden vor Beginn kostenlos verschieben — nennen Sie mir einfach den Tag.`,
    book: 'Falls Sie einen brauchen, zeige ich Ihnen gerne die freien Termine.',
  },
  fr: {
    booked: (kind, window) => `Votre rendez-vous avec le technicien (${kind}) est prévu le **${window}**.`,
    none: "Vous n'avez pas de rendez-vous avec un technicien.",
    move: (hours) => `Vous pouvez le déplacer gratuitement jusqu'à ${hours} heures avant le début — indiquez-moi simplement le jour.`,
    book: "Si vous en avez besoin, je peux vous montrer les créneaux libres.",
  },
  it: {
    booked: (kind, window) => `La visita del tecnico (${kind}) è prenotata per **${window}**.`,
    none: 'Non ha visite del tecnico prenotate.',
    move: (hours) => `Può spostarla gratuitamente fino a ${hours} ore prima dell'inizio: mi dica semplicemente il giorno.`,
    book: 'Se ne ha bisogno, posso mostrarLe le fasce orarie libere.',
  },
};

export function describeAppointment(v: BookedAppointment, lang: Lang): string {
  const t = T[lang];
  if (!v.appointment) return blocks([t.none, t.book]);
  const { kind, slot } = v.appointment;
  return blocks([t.booked(appointmentKind(kind, lang), formatWindow(slot.startsAt, slot.endsAt, lang)), capitalize(t.move(v.noticeHours))]);
}
