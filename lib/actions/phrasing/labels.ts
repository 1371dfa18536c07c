import type { WriteToolName } from '@/lib/domain/account-tools';
import type { Lang, Texts } from './format';

/** Words for the repository's enums, in each language. */

export type CatalogKind = 'internet' | 'mobile' | 'tv' | 'phone';

/** "internet", "Mobilfunk", "TV", "téléphone fixe". */
export const KIND_NAMES: Texts<Record<CatalogKind, string>> = {
  en: { internet: 'internet', mobile: 'mobile', tv: 'TV', phone: 'landline' },
  de: { internet: 'Internet', mobile: 'Mobilfunk', tv: 'TV', phone: 'Festnetz' },
  fr: { internet: 'internet', mobile: 'mobile', tv: 'TV', phone: 'téléphone fixe' },
  it: { internet: 'internet', mobile: 'mobile', tv: 'TV', phone: 'telefono fisso' },
};

export function kindName(kind: string, lang: Lang): string {
  return KIND_NAMES[lang][kind as CatalogKind] ?? kind;
}

/** "your internet plan", "Ihr Internet-Abo", "votre abonnement internet", "il Suo abbonamento internet". */
export function yourPlanOfKind(kind: string, lang: Lang): string {
  const name = kindName(kind, lang);
  switch (lang) {
    case 'en':
      return `your ${name} plan`;
    case 'de':
      return `Ihr ${name}-Abo`;
    case 'fr':
      return kind === 'phone' ? 'votre abonnement de téléphone fixe' : `votre abonnement ${name}`;
    case 'it':
      return kind === 'phone' ? 'il Suo abbonamento di telefono fisso' : `il Suo abbonamento ${name}`;
  }
}

export const APPOINTMENT_KINDS: Texts<Record<'installation' | 'repair', string>> = {
  en: { installation: 'installation', repair: 'repair' },
  de: { installation: 'Installation', repair: 'Reparatur' },
  fr: { installation: 'installation', repair: 'réparation' },
  it: { installation: 'installazione', repair: 'riparazione' },
};

export function appointmentKind(kind: string, lang: Lang): string {
  return APPOINTMENT_KINDS[lang][kind as 'installation' | 'repair'] ?? kind;
}

/** "your repair appointment", "Ihr Reparaturtermin", "votre rendez-vous de réparation", "il Suo appuntamento di riparazione". */
export function yourAppointment(kind: string, lang: Lang): string {
  switch (lang) {
    case 'en':
      return kind === 'installation' || kind === 'repair' ? `your ${appointmentKind(kind, lang)} appointment` : 'your technician appointment';
    case 'de':
      return kind === 'installation' ? 'Ihr Installationstermin' : kind === 'repair' ? 'Ihr Reparaturtermin' : 'Ihr Technikertermin';
    case 'fr':
      return kind === 'installation' ? "votre rendez-vous d'installation" : kind === 'repair' ? 'votre rendez-vous de réparation' : 'votre rendez-vous avec le technicien';
    case 'it':
      return kind === 'installation' || kind === 'repair' ? `il Suo appuntamento di ${appointmentKind(kind, lang)}` : "il Suo appuntamento con il tecnico";
  }
}

export const DEVICE_STATUS: Texts<Record<'online' | 'offline', string>> = {
  en: { online: 'online', offline: 'offline' },
  de: { online: 'online', offline: 'offline' },
  fr: { online: 'en ligne', offline: 'hors ligne' },
  it: { online: 'online', offline: 'offline' },
};

export function deviceStatus(status: string, lang: Lang): string {
  return DEVICE_STATUS[lang][status as 'online' | 'offline'] ?? status;
}

export const SERIAL: Texts = { en: 'serial', de: 'Seriennummer', fr: 'numéro de série', it: 'numero di serie' };

/** The outage services: internet, TV, mobile. */
export const SERVICE_NAMES: Texts<Record<'internet' | 'tv' | 'mobile', string>> = {
  en: { internet: 'Internet', tv: 'TV', mobile: 'Mobile' },
  de: { internet: 'Internet', tv: 'TV', mobile: 'Mobilfunk' },
  fr: { internet: 'Internet', tv: 'TV', mobile: 'Mobile' },
  it: { internet: 'Internet', tv: 'TV', mobile: 'Rete mobile' },
};

export function serviceName(service: string, lang: Lang): string {
  return SERVICE_NAMES[lang][service as 'internet' | 'tv' | 'mobile'] ?? service;
}

/** What the customer can ask for next, by write tool (refusal alternatives such as ['run_line_diagnostic']). */
export const ACTION_NAMES: Texts<Record<WriteToolName, string>> = {
  en: {
    change_plan: 'change your plan',
    reschedule_appointment: 'move your appointment',
    restart_modem: 'restart your Box',
    run_line_diagnostic: 'run a line test',
    update_contact_details: 'update your contact details',
    request_callback: 'arrange for a person to call you back',
  },
  de: {
    change_plan: 'Ihr Abo wechseln',
    reschedule_appointment: 'Ihren Termin verschieben',
    restart_modem: 'Ihre Box neu starten',
    run_line_diagnostic: 'einen Leitungstest durchführen',
    update_contact_details: 'Ihre Kontaktdaten ändern',
    request_callback: 'einen Rückruf durch eine Person veranlassen',
  },
  fr: {
    change_plan: 'changer votre abonnement',
    reschedule_appointment: 'déplacer votre rendez-vous',
    restart_modem: 'redémarrer votre Box',
    run_line_diagnostic: 'lancer un test de ligne',
    update_contact_details: 'modifier vos coordonnées',
    request_callback: 'demander qu’une personne vous rappelle',
  },
  it: {
    change_plan: 'cambiare il Suo abbonamento',
    reschedule_appointment: 'spostare il Suo appuntamento',
    restart_modem: 'riavviare la Sua Box',
    run_line_diagnostic: 'eseguire un test della linea',
    update_contact_details: 'modificare i Suoi dati di contatto',
    request_callback: 'organizzare una richiamata da parte di una persona',
  },
};

/** Bundle discount labels from lib/actions/policy.ts accountDiscounts(); unknown labels stay as they are. */
export function discountLabel(label: string, lang: Lang): string {
  if (/^Wave Trio discount/.test(label)) {
    return { en: label, de: 'Wave-Trio-Rabatt (Internet + TV + Festnetz)', fr: 'Rabais Wave Trio (internet + TV + téléphone fixe)', it: 'Sconto Wave Trio (internet + TV + telefono fisso)' }[lang];
  }
  if (/^Wave Duo discount/.test(label)) {
    return { en: label, de: 'Wave-Duo-Rabatt (Internet + TV)', fr: 'Rabais Wave Duo (internet + TV)', it: 'Sconto Wave Duo (internet + TV)' }[lang];
  }
  const combo = /^Combo discount (.+)$/.exec(label);
  if (combo) {
    const plan = combo[1] ?? '';
    return { en: label, de: `Kombi-Rabatt ${plan}`, fr: `Rabais combiné ${plan}`, it: `Sconto combinato ${plan}` }[lang];
  }
  return label;
}

/** The customer's language, named in the text's language ("Deutsch" → "German"/"tedesco"). */
export const LANGUAGE_NAMES: Texts<Record<Lang, string>> = {
  en: { en: 'English', de: 'German', fr: 'French', it: 'Italian' },
  de: { en: 'Englisch', de: 'Deutsch', fr: 'Französisch', it: 'Italienisch' },
  fr: { en: 'anglais', de: 'allemand', fr: 'français', it: 'italien' },
  it: { en: 'inglese', de: 'tedesco', fr: 'francese', it: 'italiano' },
};
