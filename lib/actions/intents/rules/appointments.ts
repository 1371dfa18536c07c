import { parseAppointmentTime } from '../dates';
import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';

/**
 * The technician appointment: reschedule_appointment when a day (and maybe a time) is named
 * ("move the technician to Thursday at 8", "verschieben Sie den Termin auf den 3. Dezember um
 * 12 Uhr"); list_appointment_slots when the customer asks what is free or when someone could
 * come, or names a day that is not a slot (Sunday, 22:00), or asks to move without saying where
 * to; get_appointment when they ask about the visit already booked ("when is my technician
 * coming?", "wann kommt der Techniker?", "quand est mon rendez-vous ?").
 */

const APPOINTMENT =
  /\b(?:appointment|appt|technician|tech|engineer|installer|installation|installationstermin|installazione|technician visit|visit|slot|slots|termin\w*|techniker\w*|monteur\w*|installateur\w*|servicetechniker|rendez vous|rdv|technicien\w*|intervention|creneau\w*|appuntament\w*|tecnic[oi]|intervento|fascia|fasce|orari)\b/;

const MOVE =
  /\b(?:move|reschedule|postpone|push|shift|rebook|bring forward|put|switch|verschieb\w*|verleg\w*|umbuch\w*|umleg\w*|legen|setzen|andern|aendern|anderung|aenderung|ander|deplac\w*|decal\w*|report\w*|chang\w*|modifi\w*|avanc\w*|repouss\w*|spost\w*|rinvi\w*|rimand\w*|posticip\w*|anticip\w*|cambia\w*)\b/;

// What is free, or when someone *could* come: the slots.
const FREE =
  /\b(?:free|available|availability|open|next possible|frei\w*|verfugbar\w*|verfuegbar\w*|moglich\w*|moeglich\w*|libre\w*|disponible\w*|liber[oiae]|disponibil\w*)\b|\b(?:when (?:can|could)|wann (?:kann|konnte|koennte|hat)|quand (?:peut|pourrait)|quando (?:puo|potrebbe))\b/;

// When the visit *is*, or "my appointment": the one already booked.
const BOOKED =
  /\b(?:when (?:is|does|will|are)|what time (?:is|does|will)|wann (?:kommt|ist|habe ich|hab ich)|um wie viel uhr|quand (?:vient|passe|arrive|est|a lieu)|a quelle heure|quando (?:viene|passa|arriva|e)|a che ora)\b|\b(?:my|mein\w*|mon|ma|mio|mia) (?:appointment|appt|technician visit|visit|termin\w*|technikertermin\w*|rendez vous|rdv|appuntamento|visita)\b/;

/** "I want the technician on Thursday" without a move verb still asks for a new slot. */
const WANT = /\b(?:i want|i would like|i need|ich will|ich mochte|ich moechte|ich hatte gern|je veux|je voudrais|j aimerais|voglio|vorrei|preferisco|lieber|plutot|rather|instead|stattdessen|a la place|invece)\b/;

export const appointmentRule: Rule = {
  name: 'appointments',
  match({ raw, text, ctx }: PreparedRequest): RecognizedToolCall | null {
    if (!APPOINTMENT.test(text)) return null;
    const move = MOVE.test(text) || WANT.test(text);
    const free = FREE.test(text);
    if (!move && !free) return BOOKED.test(text) ? { toolName: 'get_appointment', input: {} } : null;
    const time = parseAppointmentTime(raw, ctx.lang, ctx.now, ctx.timeZone);
    if (move && time.kind === 'slot') return { toolName: 'reschedule_appointment', input: { startsAt: time.startsAt } };
    if (time.kind === 'slot' || time.kind === 'off-grid') return { toolName: 'list_appointment_slots', input: { from: time.date } };
    // 'none': no language's parser found a date in the message, so there is no `from` either.
    return { toolName: 'list_appointment_slots', input: {} };
  },
};
