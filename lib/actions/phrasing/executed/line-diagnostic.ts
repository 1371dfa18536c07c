import type { LineDiagnostic } from '@/lib/actions/repository';
import { type Rule, translateAll } from '../english';
import { blocks, bullets, formatNumber, type Lang, type Texts } from '../format';

/** run_line_diagnostic executed: the verdict, the key figures, and advice. */

type Rating = 'good' | 'weak' | 'none';

type Words = {
  ok: string;
  degraded: string;
  noSignal: (model: string) => string;
  speed: (down: string, up: string, plan: string | null) => string;
  noSync: string;
  fibre: (rx: string, tx: string, rating: string) => string;
  copper: (snr: string, attenuation: string, rating: string) => string;
  noSignalFigure: string;
  errors: (crc: number, rating: string) => string;
  ratings: Record<Rating | 'ok' | 'high', string>;
  adviceOk: string;
  adviceDegraded: string;
  adviceNoSignal: (outlet: 'fibre' | 'copper', light: string) => string;
  lightBox3: string;
  lightBox5: string;
  firmware: (version: string) => string;
};

const T: Texts<Words> = {
  en: {
    ok: 'Line test done: your line looks **healthy**.',
    degraded: 'Line test done: your line works, but its quality is **below normal**, which can cause drop-outs.',
    noSignal: (model) => `Line test done: we see **no signal** from your ${model} on the line.`,
    speed: (down, up, plan) => `Speed: ${down}/${up} Mbit/s${plan ? ` (your plan: ${plan} Mbit/s)` : ''}`,
    noSync: 'Speed: the Box is not in sync with the line',
    fibre: (rx, tx, rating) => `Fibre signal: ${rx} dBm received, ${tx} dBm sent (${rating})`,
    copper: (snr, attenuation, rating) => `Signal-to-noise margin ${snr} dB, attenuation ${attenuation} dB (${rating})`,
    noSignalFigure: 'Signal: none',
    errors: (crc, rating) => `Transmission errors in the last hour: ${crc} (${rating})`,
    ratings: { good: 'good', weak: 'weak', none: 'none', ok: 'normal', high: 'high' },
    adviceOk: 'If the connection still feels slow, test with a cable at alpenwave.ch/speedtest; Wi-Fi is often the bottleneck.',
    adviceDegraded: 'A technician can check the line: repairs of faults in our network are free of charge.',
    adviceNoSignal: (outlet, light) =>
      `Check that the Box has power and that the cable to the ${outlet === 'fibre' ? 'fibre' : 'phone'} outlet is firmly plugged in (${light} means no line signal). If it stays offline, a technician can check the line: repairs of faults in our network are free of charge.`,
    lightBox3: 'a red blinking Internet light',
    lightBox5: 'an orange blinking light bar',
    firmware: (version) => `A firmware update (${version}) is pending; it installs automatically at night.`,
  },
  de: {
    ok: 'Leitungstest abgeschlossen: Ihre Leitung ist **in Ordnung**.',
    degraded: 'Leitungstest abgeschlossen: Ihre Leitung funktioniert, aber die Qualität ist **schlechter als normal**, was zu Unterbrüchen führen kann.',
    noSignal: (model) => `Leitungstest abgeschlossen: Wir sehen **kein Signal** Ihrer ${model} auf der Leitung.`,
    speed: (down, up, plan) => `Geschwindigkeit: ${down}/${up} Mbit/s${plan ? ` (Ihr Abo: ${plan} Mbit/s)` : ''}`,
    noSync: 'Geschwindigkeit: Die Box ist nicht mit der Leitung synchronisiert',
    fibre: (rx, tx, rating) => `Glasfasersignal: ${rx} dBm empfangen, ${tx} dBm gesendet (${rating})`,
    copper: (snr, attenuation, rating) => `Störabstand ${snr} dB, Dämpfung ${attenuation} dB (${rating})`,
    noSignalFigure: 'Signal: keines',
    errors: (crc, rating) => `Übertragungsfehler in der letzten Stunde: ${crc} (${rating})`,
    ratings: { good: 'gut', weak: 'schwach', none: 'keines', ok: 'normal', high: 'hoch' },
    adviceOk: 'Wenn die Verbindung trotzdem langsam wirkt, testen Sie mit Kabel auf alpenwave.ch/speedtest; oft ist das WLAN der Engpass.',
    adviceDegraded: 'Ein Techniker kann die Leitung prüfen: Die Reparatur von Störungen in unserem Netz ist kostenlos.',
    adviceNoSignal: (outlet, light) =>
      `Prüfen Sie, ob die Box Strom hat und ob das Kabel zur ${outlet === 'fibre' ? 'Glasfaser' : 'Telefon'}steckdose fest eingesteckt ist (${light} bedeutet kein Leitungssignal). Bleibt sie offline, kann ein Techniker die Leitung prüfen: Die Reparatur von Störungen in unserem Netz ist kostenlos.`,
    lightBox3: 'ein rot blinkendes Internet-Licht',
    lightBox5: 'ein orange blinkender Lichtbalken',
    firmware: (version) => `Ein Firmware-Update (${version}) steht an; es wird nachts automatisch installiert.`,
  },
  fr: {
    ok: 'Test de ligne terminé : votre ligne est **en bon état**.',
    degraded: 'Test de ligne terminé : votre ligne fonctionne, mais sa qualité est **inférieure à la normale**, ce qui peut causer des coupures.',
    noSignal: (model) => `Test de ligne terminé : nous ne voyons **aucun signal** de votre ${model} sur la ligne.`,
    speed: (down, up, plan) => `Vitesse : ${down}/${up} Mbit/s${plan ? ` (votre abonnement : ${plan} Mbit/s)` : ''}`,
    noSync: "Vitesse : la Box n'est pas synchronisée avec la ligne",
    fibre: (rx, tx, rating) => `Signal fibre : ${rx} dBm reçus, ${tx} dBm émis (${rating})`,
    copper: (snr, attenuation, rating) => `Marge de bruit ${snr} dB, atténuation ${attenuation} dB (${rating})`,
    noSignalFigure: 'Signal : aucun',
    errors: (crc, rating) => `Erreurs de transmission pendant la dernière heure : ${crc} (${rating})`,
    ratings: { good: 'bon', weak: 'faible', none: 'aucun', ok: 'normal', high: 'élevé' },
    adviceOk: "Si la connexion vous semble quand même lente, faites un test avec un câble sur alpenwave.ch/speedtest ; le Wi-Fi est souvent le point faible.",
    adviceDegraded: 'Un technicien peut contrôler la ligne : la réparation des pannes dans notre réseau est gratuite.',
    adviceNoSignal: (outlet, light) =>
      `Vérifiez que la Box est alimentée et que le câble vers la prise ${outlet === 'fibre' ? 'fibre' : 'téléphone'} est bien branché (${light} signifie qu'il n'y a pas de signal sur la ligne). Si elle reste hors ligne, un technicien peut contrôler la ligne : la réparation des pannes dans notre réseau est gratuite.`,
    lightBox3: 'un voyant Internet rouge clignotant',
    lightBox5: 'une barre lumineuse orange clignotante',
    firmware: (version) => `Une mise à jour du firmware (${version}) est en attente ; elle s'installe automatiquement la nuit.`,
  },
  it: {
    ok: 'Test della linea completato: la Sua linea è **in buono stato**.',
    degraded: 'Test della linea completato: la Sua linea funziona, ma la qualità è **inferiore al normale**, il che può causare interruzioni.',
    noSignal: (model) => `Test della linea completato: non vediamo **nessun segnale** della Sua ${model} sulla linea.`,
    speed: (down, up, plan) => `Velocità: ${down}/${up} Mbit/s${plan ? ` (il Suo abbonamento: ${plan} Mbit/s)` : ''}`,
    noSync: 'Velocità: la Box non è sincronizzata con la linea',
    fibre: (rx, tx, rating) => `Segnale in fibra: ${rx} dBm ricevuti, ${tx} dBm trasmessi (${rating})`,
    copper: (snr, attenuation, rating) => `Margine di rumore ${snr} dB, attenuazione ${attenuation} dB (${rating})`,
    noSignalFigure: 'Segnale: nessuno',
    errors: (crc, rating) => `Errori di trasmissione nell'ultima ora: ${crc} (${rating})`,
    ratings: { good: 'buono', weak: 'debole', none: 'nessuno', ok: 'normale', high: 'alto' },
    adviceOk: 'Se la connessione Le sembra comunque lenta, faccia un test con il cavo su alpenwave.ch/speedtest; spesso il collo di bottiglia è il Wi-Fi.',
    adviceDegraded: 'Un tecnico può controllare la linea: la riparazione dei guasti nella nostra rete è gratuita.',
    adviceNoSignal: (outlet, light) =>
      `Verifichi che la Box sia alimentata e che il cavo verso la presa ${outlet === 'fibre' ? 'della fibra' : 'del telefono'} sia inserito bene (${light} significa nessun segnale sulla linea). Se resta offline, un tecnico può controllare la linea: la riparazione dei guasti nella nostra rete è gratuita.`,
    lightBox3: 'una spia Internet rossa lampeggiante',
    lightBox5: 'una barra luminosa arancione lampeggiante',
    firmware: (version) => `È in attesa un aggiornamento del firmware (${version}); si installa automaticamente di notte.`,
  },
};

/** The repository's advice: said again from the verdict, except the firmware hint, which only the text carries. */
const KNOWN_ADVICE: Rule[] = [
  { pattern: /^A firmware update \(([^)]+)\) is pending/, render: ([version = ''], lang) => T[lang].firmware(version) },
  { pattern: /^The line works but its quality is below normal/, render: () => null },
  { pattern: /^Your line looks healthy/, render: () => null },
  { pattern: /^If the connection still feels slow/, render: () => null },
  { pattern: /^We see no signal from your/, render: () => null },
  { pattern: /^If it stays offline, a technician can check the line/, render: () => null },
];

export function describeLineDiagnostic(v: LineDiagnostic, lang: Lang): string {
  const t = T[lang];
  const n = (x: number) => formatNumber(x, lang);
  const verdict = v.verdict === 'ok' ? t.ok : v.verdict === 'degraded' ? t.degraded : t.noSignal(v.model);
  const figures: string[] = [];
  const { sync, signal, errors } = v;
  if (sync.status === 'up' && sync.downstreamMbps !== null && sync.upstreamMbps !== null) {
    const plan = sync.planDownstreamMbps !== null && sync.planUpstreamMbps !== null ? `${n(sync.planDownstreamMbps)}/${n(sync.planUpstreamMbps)}` : null;
    figures.push(t.speed(n(sync.downstreamMbps), n(sync.upstreamMbps), plan));
  } else figures.push(t.noSync);
  if (signal.kind === 'fibre' && signal.rxPowerDbm !== null && signal.txPowerDbm !== null) {
    figures.push(t.fibre(n(signal.rxPowerDbm), n(signal.txPowerDbm), t.ratings[signal.rating]));
  } else if (signal.kind === 'copper' && signal.snrMarginDb !== null && signal.attenuationDb !== null) {
    figures.push(t.copper(n(signal.snrMarginDb), n(signal.attenuationDb), t.ratings[signal.rating]));
  } else figures.push(t.noSignalFigure);
  if (errors) figures.push(t.errors(errors.crcLastHour, t.ratings[errors.rating]));
  const advice =
    v.verdict === 'ok' ? t.adviceOk : v.verdict === 'degraded' ? t.adviceDegraded : t.adviceNoSignal(v.technology, v.model === 'Box 3' ? t.lightBox3 : t.lightBox5);
  return blocks([verdict, bullets(figures), advice, ...translateAll(v.advice, KNOWN_ADVICE, lang)]);
}
