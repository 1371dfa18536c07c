import type { OutageStatus, OutageView } from '@/lib/actions/repository';
import { type Rule, translateAll } from '../english';
import { blocks, bullets, formatDateTime, type Lang, type Texts } from '../format';
import { serviceName } from '../labels';

/** get_outage_status: ongoing, planned and recently resolved outages in the customer's area. */

type Words = {
  ongoing: string;
  planned: string;
  resolved: string;
  /** `service` from OUTAGE_NAMES. */
  since: (service: string, at: string) => string;
  until: (at: string) => string;
  affects: string;
  notAffects: string;
  plannedItem: (service: string, at: string, to: string | null) => string;
  resolvedItem: (service: string, at: string) => string;
  none: (area: string) => string;
  noneForYou: (area: string) => string;
  help: string;
  compensation: string;
  backup: string;
};

const T: Texts<Words> = {
  en: {
    ongoing: '**Ongoing**',
    planned: '**Planned**',
    resolved: '**Resolved in the last 24 hours**',
    since: (service, at) => `${service} outage since ${at}`,
    until: (at) => `expected to be fixed by ${at}`,
    affects: 'this affects your services',
    notAffects: 'this does not affect your services',
    plannedItem: (service, at, to) => `${service}: work planned from ${at}${to ? ` to ${to}` : ''}`,
    resolvedItem: (service, at) => `${service}: resolved on ${at}`,
    none: (area) => `There is no known outage in the ${area} area right now.`,
    noneForYou: (area) => `There is an outage in the ${area} area, but it does not affect your services.`,
    help: 'If something does not work, a restart of your Box or a line test can help — I can do either for you.',
    compensation: 'Outages of more than 24 hours are compensated automatically on your next invoice (1/30 of the monthly fee of the affected service per started day).',
    backup: 'If the internet outage lasts more than 24 hours, you can activate free backup data for your Alpenwave mobile in the app (Service status > Activate backup data).',
  },
  de: {
    ongoing: '**Aktuell**',
    planned: '**Geplant**',
    resolved: '**In den letzten 24 Stunden behoben**',
    since: (service, at) => `${service}-Störung seit dem ${at}`,
    until: (at) => `voraussichtlich behoben bis zum ${at}`,
    affects: 'das betrifft Ihre Dienste',
    notAffects: 'das betrifft Ihre Dienste nicht',
    plannedItem: (service, at, to) => `${service}: geplante Arbeiten ${to ? `vom ${at} bis zum ${to}` : `ab ${at}`}`,
    resolvedItem: (service, at) => `${service}: behoben am ${at}`,
    none: (area) => `In der Region ${area} ist zurzeit keine Störung bekannt.`,
    noneForYou: (area) => `In der Region ${area} gibt es eine Störung, aber sie betrifft Ihre Dienste nicht.`,
    help: 'Wenn etwas nicht funktioniert, hilft oft ein Neustart Ihrer Box oder ein Leitungstest — beides kann ich für Sie erledigen.',
    compensation:
      'Störungen von mehr als 24 Stunden werden automatisch auf Ihrer nächsten Rechnung vergütet (1/30 der Monatsgebühr des betroffenen Dienstes pro angefangenen Tag).',
    backup:
      'Dauert die Internetstörung länger als 24 Stunden, können Sie in der App kostenlose Ersatzdaten für Ihr Alpenwave-Handy aktivieren (Servicestatus > Ersatzdaten aktivieren).',
  },
  fr: {
    ongoing: '**En cours**',
    planned: '**Prévu**',
    resolved: '**Résolu ces dernières 24 heures**',
    since: (service, at) => `Panne ${service} depuis le ${at}`,
    until: (at) => `réparation prévue d'ici le ${at}`,
    affects: 'cela concerne vos services',
    notAffects: 'cela ne concerne pas vos services',
    plannedItem: (service, at, to) => `${service} : travaux prévus ${to ? `du ${at} au ${to}` : `à partir du ${at}`}`,
    resolvedItem: (service, at) => `${service} : résolu le ${at}`,
    none: (area) => `Aucune panne n'est connue dans la région ${area} pour le moment.`,
    noneForYou: (area) => `Il y a une panne dans la région ${area}, mais elle ne concerne pas vos services.`,
    help: "Si quelque chose ne fonctionne pas, un redémarrage de votre Box ou un test de ligne peut aider — je peux faire l'un ou l'autre pour vous.",
    compensation:
      'Les pannes de plus de 24 heures sont compensées automatiquement sur votre prochaine facture (1/30 du prix mensuel du service concerné par jour entamé).',
    backup:
      "Si la panne d'internet dure plus de 24 heures, vous pouvez activer gratuitement des données de secours pour votre mobile Alpenwave dans l'app (Statut du service > Activer les données de secours).",
  },
  it: {
    ongoing: '**In corso**',
    planned: '**Previsto**',
    resolved: '**Risolto nelle ultime 24 ore**',
    since: (service, at) => `Guasto ${service} dal ${at}`,
    until: (at) => `risoluzione prevista entro il ${at}`,
    affects: 'questo riguarda i Suoi servizi',
    notAffects: 'questo non riguarda i Suoi servizi',
    plannedItem: (service, at, to) => `${service}: lavori previsti dal ${at}${to ? ` al ${to}` : ''}`,
    resolvedItem: (service, at) => `${service}: risolto il ${at}`,
    none: (area) => `Al momento non è noto alcun guasto nella regione di ${area}.`,
    noneForYou: (area) => `C'è un guasto nella regione di ${area}, ma non riguarda i Suoi servizi.`,
    help: 'Se qualcosa non funziona, può aiutare un riavvio della Sua Box o un test della linea: posso fare entrambi per Lei.',
    compensation:
      'I guasti di più di 24 ore vengono compensati automaticamente sulla Sua prossima fattura (1/30 del canone mensile del servizio interessato per ogni giorno iniziato).',
    backup:
      "Se il guasto di internet dura più di 24 ore, può attivare nell'app dati di riserva gratuiti per il Suo mobile Alpenwave (Stato del servizio > Attiva dati di riserva).",
  },
};

/** How each service's outage is named: "Internet outage", "Mobilfunk-Störung", "Panne du réseau mobile". */
const OUTAGE_NAMES: Texts<Record<string, string>> = {
  en: { internet: 'Internet', tv: 'TV', mobile: 'Mobile network' },
  de: { internet: 'Internet', tv: 'TV', mobile: 'Mobilfunk' },
  fr: { internet: 'internet', tv: 'TV', mobile: 'du réseau mobile' },
  it: { internet: 'internet', tv: 'TV', mobile: 'della rete mobile' },
};

const KNOWN_NOTES: Rule[] = [
  { pattern: /^Outages of more than 24 hours are compensated/, render: (_, lang) => T[lang].compensation },
  { pattern: /backup data/, render: (_, lang) => T[lang].backup },
];

function description(o: OutageView): string {
  return o.description.trim() ? `\n  _${o.description.trim()}_` : '';
}

export function describeOutageStatus(v: OutageStatus, lang: Lang): string {
  const t = T[lang];
  const ongoing = v.ongoing.map((o) => {
    const parts = [t.since(OUTAGE_NAMES[lang][o.service] ?? o.service, formatDateTime(o.startedAt, lang))];
    if (o.expectedEndAt) parts.push(t.until(formatDateTime(o.expectedEndAt, lang)));
    parts.push(`**${o.affectsYou ? t.affects : t.notAffects}**`);
    return `${parts.join(', ')}.${description(o)}`;
  });
  const planned = v.planned.map((o) => `${t.plannedItem(serviceName(o.service, lang), formatDateTime(o.startedAt, lang), o.expectedEndAt ? formatDateTime(o.expectedEndAt, lang) : null)}.${description(o)}`);
  const resolved = v.recentlyResolved.map((o) => `${t.resolvedItem(serviceName(o.service, lang), formatDateTime(o.resolvedAt ?? o.startedAt, lang))}.${description(o)}`);
  const affected = v.ongoing.some((o) => o.affectsYou);
  const lead = v.ongoing.length === 0 ? t.none(v.area.name) : affected ? null : t.noneForYou(v.area.name);
  return blocks([
    lead,
    ongoing.length > 0 ? `${t.ongoing}\n${bullets(ongoing)}` : null,
    planned.length > 0 ? `${t.planned}\n${bullets(planned)}` : null,
    resolved.length > 0 ? `${t.resolved}\n${bullets(resolved)}` : null,
    ...translateAll(v.notes, KNOWN_NOTES, lang),
    affected ? null : t.help,
  ]);
}
