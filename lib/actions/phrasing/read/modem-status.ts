import type { DeviceView } from '@/lib/actions/repository';
import { blocks, formatDateTime, type Lang, type Texts } from '../format';
import { SERIAL, deviceStatus } from '../labels';

/** get_modem_status: each Box — model, online/offline, firmware, and what to do. */

type Words = {
  online: (model: string, serial: string, status: string, seen: string) => string;
  offline: (model: string, serial: string, status: string, seen: string) => string;
  offlineAdvice: string;
  upToDate: (version: string) => string;
  update: (installed: string, latest: string, window: string) => string;
  restarted: (at: string) => string;
  nextOnline: string;
  nextOffline: string;
  none: string;
};

const T: Texts<Words> = {
  en: {
    online: (model, serial, status, seen) => `Your **${model}** (${serial}) is **${status}** — last contact ${seen}.`,
    offline: (model, serial, status, seen) => `Your **${model}** (${serial}) is **${status}** — it has not been reachable since ${seen}.`,
    offlineAdvice: 'Check that it has power and that the cable to the fibre or phone outlet is plugged in; the lights on the front show what is wrong.',
    upToDate: (version) => `Firmware ${version} is installed, the latest version.`,
    update: (installed, latest, window) => `Firmware ${installed} is installed; version ${latest} is available and installs itself at night (${window}) while the Box is online.`,
    restarted: (at) => `Last restart: ${at}.`,
    nextOnline: 'If your connection still gives you trouble, I can restart the Box or run a line test.',
    nextOffline: 'I can run a line test, or arrange for a person from our support team to call you back.',
    none: 'There is no Alpenwave Box registered on your account.',
  },
  de: {
    online: (model, serial, status, seen) => `Ihre **${model}** (${serial}) ist **${status}** — letzter Kontakt am ${seen}.`,
    offline: (model, serial, status, seen) => `Ihre **${model}** (${serial}) ist **${status}** — sie ist seit dem ${seen} nicht mehr erreichbar.`,
    offlineAdvice:
      'Prüfen Sie, ob die Box Strom hat und ob das Kabel zur Glasfaser- oder Telefonsteckdose eingesteckt ist; die Lichter vorne zeigen, wo das Problem liegt.',
    upToDate: (version) => `Die Firmware ${version} ist installiert, die neuste Version.`,
    update: (installed, latest, window) =>
      `Installiert ist die Firmware ${installed}; die Version ${latest} ist verfügbar und installiert sich nachts (${window}) von selbst, solange die Box online ist.`,
    restarted: (at) => `Letzter Neustart: ${at}.`,
    nextOnline: 'Wenn Ihre Verbindung weiterhin Probleme macht, kann ich die Box neu starten oder einen Leitungstest durchführen.',
    nextOffline: 'Ich kann einen Leitungstest durchführen oder einen Rückruf durch eine Person aus unserem Support-Team veranlassen.',
    none: 'Auf Ihrem Konto ist keine Alpenwave Box registriert.',
  },
  fr: {
    online: (model, serial, status, seen) => `Votre **${model}** (${serial}) est **${status}** — dernier contact le ${seen}.`,
    offline: (model, serial, status, seen) => `Votre **${model}** (${serial}) est **${status}** — elle n'est plus joignable depuis le ${seen}.`,
    offlineAdvice:
      "Vérifiez qu'elle est alimentée et que le câble vers la prise fibre ou téléphone est bien branché ; les voyants à l'avant indiquent le problème.",
    upToDate: (version) => `Le firmware ${version} est installé, c'est la dernière version.`,
    update: (installed, latest, window) =>
      `Le firmware ${installed} est installé ; la version ${latest} est disponible et s'installe automatiquement la nuit (${window}) tant que la Box est en ligne.`,
    restarted: (at) => `Dernier redémarrage : ${at}.`,
    nextOnline: 'Si votre connexion pose encore des problèmes, je peux redémarrer la Box ou lancer un test de ligne.',
    nextOffline: "Je peux lancer un test de ligne, ou demander qu'une personne de notre équipe support vous rappelle.",
    none: "Aucune Box Alpenwave n'est enregistrée sur votre compte.",
  },
  it: {
    online: (model, serial, status, seen) => `La Sua **${model}** (${serial}) è **${status}** — ultimo contatto il ${seen}.`,
    offline: (model, serial, status, seen) => `La Sua **${model}** (${serial}) è **${status}** — non è più raggiungibile dal ${seen}.`,
    offlineAdvice:
      'Verifichi che sia alimentata e che il cavo verso la presa della fibra o del telefono sia inserito; le spie sul davanti mostrano qual è il problema.',
    upToDate: (version) => `È installato il firmware ${version}, la versione più recente.`,
    update: (installed, latest, window) =>
      `È installato il firmware ${installed}; la versione ${latest} è disponibile e si installa da sola di notte (${window}) finché la Box è online.`,
    restarted: (at) => `Ultimo riavvio: ${at}.`,
    nextOnline: 'Se la connessione Le dà ancora problemi, posso riavviare la Box o eseguire un test della linea.',
    nextOffline: 'Posso eseguire un test della linea o organizzare una richiamata da parte di una persona del nostro team di supporto.',
    none: 'Sul Suo conto non è registrata nessuna Box Alpenwave.',
  },
};

/** When each model updates itself (content/company.md). */
const UPDATE_WINDOW: Record<string, string> = { 'Box 3': '02:00–05:00', 'Box 5': '03:00–05:00' };

function deviceParagraph(d: DeviceView, lang: Lang): string {
  const t = T[lang];
  const serial = `${SERIAL[lang]} ${d.serial}`;
  const seen = formatDateTime(d.lastSeenAt, lang);
  const status = d.status === 'online' ? t.online(d.model, serial, deviceStatus(d.status, lang), seen) : `${t.offline(d.model, serial, deviceStatus(d.status, lang), seen)} ${t.offlineAdvice}`;
  const firmware = d.firmwareUpToDate ? t.upToDate(d.firmware) : t.update(d.firmware, d.latestFirmware, UPDATE_WINDOW[d.model] ?? '02:00–05:00');
  const restart = d.lastRestartAt ? ` ${t.restarted(formatDateTime(d.lastRestartAt, lang))}` : '';
  return `${status} ${firmware}${restart}`;
}

export function describeModemStatus(v: { devices: DeviceView[] }, lang: Lang): string {
  const t = T[lang];
  if (v.devices.length === 0) return t.none;
  const anyOnline = v.devices.some((d) => d.status === 'online');
  return blocks([...v.devices.map((d) => deviceParagraph(d, lang)), anyOnline ? t.nextOnline : t.nextOffline]);
}
