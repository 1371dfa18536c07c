import { addDays } from '@/lib/actions/repository/dates';
import type { FreeSlots } from '@/lib/actions/repository';
import { blocks, bullets, formatDay, formatWindow, type Lang, type Texts } from '../format';

/** list_appointment_slots: a short list of free technician slots. */

export const MAX_SLOTS_SHOWN = 8;

const T: Texts<{ heading: (area: string, from: string, to: string) => string; more: (n: number) => string; none: (area: string, from: string, to: string) => string; ask: string }> = {
  en: {
    heading: (area, from, to) => `Free technician slots in the ${area} area from ${from} to ${to}:`,
    more: (n) => `…and ${n} more.`,
    none: (area, from, to) => `There are no free technician slots in the ${area} area from ${from} to ${to}. Ask me for a later date, and I will look again.`,
    ask: 'Tell me which slot suits you. Changes are free of charge up to 24 hours before the appointment.',
  },
  de: {
    heading: (area, from, to) => `Freie Technikertermine in der Region ${area} vom ${from} bis zum ${to}:`,
    more: (n) => `…und ${n} weitere.`,
    none: (area, from, to) => `In der Region ${area} gibt es vom ${from} bis zum ${to} keine freien Technikertermine. Fragen Sie mich nach einem späteren Datum, dann schaue ich noch einmal.`,
    ask: 'Sagen Sie mir, welcher Termin Ihnen passt. Änderungen sind bis 24 Stunden vor dem Termin kostenlos.',
  },
  fr: {
    heading: (area, from, to) => `Créneaux libres pour un technicien dans la région ${area} du ${from} au ${to} :`,
    more: (n) => `…et ${n} autres.`,
    none: (area, from, to) => `Il n'y a pas de créneau libre pour un technicien dans la région ${area} du ${from} au ${to}. Demandez-moi une date plus tardive, et je regarde à nouveau.`,
    ask: "Dites-moi quel créneau vous convient. Les changements sont gratuits jusqu'à 24 heures avant le rendez-vous.",
  },
  it: {
    heading: (area, from, to) => `Fasce orarie libere per un tecnico nella regione di ${area} dal ${from} al ${to}:`,
    more: (n) => `…e altre ${n}.`,
    none: (area, from, to) => `Nella regione di ${area} non ci sono fasce orarie libere per un tecnico dal ${from} al ${to}. Mi chieda una data successiva e controllo di nuovo.`,
    ask: 'Mi dica quale fascia oraria Le va bene. Le modifiche sono gratuite fino a 24 ore prima dell’appuntamento.',
  },
};

export function describeFreeSlots(v: FreeSlots, lang: Lang): string {
  const t = T[lang];
  const from = formatDay(v.from, lang);
  const to = formatDay(addDays(v.from, Math.max(v.days, 1) - 1), lang);
  if (v.slots.length === 0) return t.none(v.area.name, from, to);
  const shown = v.slots.slice(0, MAX_SLOTS_SHOWN).map((s) => formatWindow(s.startsAt, s.endsAt, lang));
  const rest = v.slots.length - shown.length;
  return blocks([t.heading(v.area.name, from, to), `${bullets(shown)}${rest > 0 ? `\n\n${t.more(rest)}` : ''}`, t.ask]);
}
