import type { CallbackRequest } from '@/lib/actions/repository';
import { type Lang, type Texts } from '../format';
import { LANGUAGE_NAMES } from '../labels';

/** request_callback executed: a person will call back, on which number, in which language. */

const T: Texts<{ done: (phone: string, language: string) => string; topic: (topic: string) => string; hours: string }> = {
  en: {
    done: (phone, language) => `Done: a person from our support team will call you back on **${phone}**, in ${language}.`,
    topic: (topic) => `Topic: ${topic}.`,
    hours: 'Our agents work Monday to Saturday, 08:00–20:00.',
  },
  de: {
    done: (phone, language) => `Erledigt: Eine Person aus unserem Support-Team ruft Sie unter **${phone}** zurück, auf ${language}.`,
    topic: (topic) => `Thema: ${topic}.`,
    hours: 'Unsere Mitarbeitenden sind von Montag bis Samstag, 08:00–20:00 Uhr, für Sie da.',
  },
  fr: {
    done: (phone, language) => `C'est fait : une personne de notre équipe support vous rappellera au **${phone}**, en ${language}.`,
    topic: (topic) => `Sujet : ${topic}.`,
    hours: 'Nos collaborateurs sont disponibles du lundi au samedi, de 08:00 à 20:00.',
  },
  it: {
    done: (phone, language) => `Fatto: una persona del nostro team di supporto La richiamerà al **${phone}**, in ${language}.`,
    topic: (topic) => `Argomento: ${topic}.`,
    hours: 'I nostri collaboratori sono disponibili dal lunedì al sabato, dalle 08:00 alle 20:00.',
  },
};

export function describeCallback(v: CallbackRequest, lang: Lang): string {
  const t = T[lang];
  const language = LANGUAGE_NAMES[lang][v.language] ?? v.language;
  return [t.done(v.phone, language), v.topic ? t.topic(v.topic) : null, t.hours].filter(Boolean).join(' ');
}
