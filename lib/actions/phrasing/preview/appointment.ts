import { MONEY_LABEL, WINDOW_LABEL, exact, localizeWindowLabel } from '../english';
import type { PreviewRules } from './rules';

/** lib/actions/repository/appointments.ts previewRescheduleAppointment(). */

const MOVE_TITLE: Record<string, { de: string; fr: string; it: string }> = {
  installation: { de: 'Ihren Installationstermin verschieben', fr: "Déplacer votre rendez-vous d'installation", it: 'Spostare il Suo appuntamento di installazione' },
  repair: { de: 'Ihren Reparaturtermin verschieben', fr: 'Déplacer votre rendez-vous de réparation', it: 'Spostare il Suo appuntamento di riparazione' },
};

export const RESCHEDULE_PREVIEW: PreviewRules = {
  title: [
    {
      pattern: /^Move your (installation|repair) appointment$/,
      render: ([kind = ''], lang) => (lang === 'en' ? `Move your ${kind} appointment` : (MOVE_TITLE[kind]?.[lang] ?? null)),
    },
  ],
  label: [exact('Appointment', { de: 'Termin', fr: 'Rendez-vous', it: 'Appuntamento' })],
  value: [{ pattern: new RegExp(`^(${WINDOW_LABEL})$`), render: ([label = ''], lang) => localizeWindowLabel(label, lang) }],
  notes: [
    {
      pattern: new RegExp(`^Your current appointment starts in less than (\\d+) hours, so moving it costs (${MONEY_LABEL})\\.$`),
      render: ([hours = '', fee = ''], lang) =>
        ({
          en: `Your current appointment starts in less than ${hours} hours, so moving it costs ${fee}.`,
          de: `Ihr aktueller Termin beginnt in weniger als ${hours} Stunden, deshalb kostet das Verschieben ${fee}.`,
          fr: `Votre rendez-vous actuel commence dans moins de ${hours} heures, le déplacer coûte donc ${fee}.`,
          it: `Il Suo appuntamento attuale inizia tra meno di ${hours} ore, quindi spostarlo costa ${fee}.`,
        })[lang],
    },
    {
      pattern: /^Moving the appointment is free of charge \(more than (\d+) hours before it starts\)\.$/,
      render: ([hours = ''], lang) =>
        ({
          en: `Moving the appointment is free of charge (more than ${hours} hours before it starts).`,
          de: `Das Verschieben ist kostenlos (mehr als ${hours} Stunden vor Terminbeginn).`,
          fr: `Le déplacement du rendez-vous est gratuit (plus de ${hours} heures avant son début).`,
          it: `Spostare l'appuntamento è gratuito (più di ${hours} ore prima dell'inizio).`,
        })[lang],
    },
    exact('You will get an SMS reminder the day before at 18:00, and the technician calls about 30 minutes before arriving. An adult (18+) must be at home.', {
      de: 'Sie erhalten am Vortag um 18:00 Uhr eine SMS-Erinnerung, und der Techniker ruft etwa 30 Minuten vor seiner Ankunft an. Eine erwachsene Person (18+) muss zu Hause sein.',
      fr: 'Vous recevrez un rappel par SMS la veille à 18:00, et le technicien vous appelle environ 30 minutes avant son arrivée. Une personne majeure (18 ans et plus) doit être présente.',
      it: 'Riceverà un promemoria via SMS il giorno prima alle 18:00 e il tecnico La chiama circa 30 minuti prima di arrivare. Deve essere presente una persona adulta (18+).',
    }),
  ],
};
