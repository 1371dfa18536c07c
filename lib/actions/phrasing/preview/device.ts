import { exact } from '../english';
import { SERIAL } from '../labels';
import type { PreviewRules } from './rules';

/** lib/actions/repository/devices.ts previewRestartModem() and previewLineDiagnostic(). */

export const RESTART_PREVIEW: PreviewRules = {
  title: [
    {
      pattern: /^Restart your Alpenwave (Box \d+)$/,
      render: ([model = ''], lang) =>
        ({
          en: `Restart your Alpenwave ${model}`,
          de: `Ihre Alpenwave ${model} neu starten`,
          fr: `Redémarrer votre ${model} Alpenwave`,
          it: `Riavviare la Sua ${model} Alpenwave`,
        })[lang],
    },
  ],
  label: [{ pattern: /^(Box \d+) \(serial (.+)\)$/, render: ([model = '', serial = ''], lang) => `${model} (${SERIAL[lang]} ${serial})` }],
  value: [
    exact('Online', { de: 'Online', fr: 'En ligne', it: 'Online' }),
    {
      pattern: /^Restarts now, back online in about (\d+) minutes$/,
      render: ([minutes = ''], lang) =>
        ({
          en: `Restarts now, back online in about ${minutes} minutes`,
          de: `Startet jetzt neu, in etwa ${minutes} Minuten wieder online`,
          fr: `Redémarre maintenant, de nouveau en ligne dans environ ${minutes} minutes`,
          it: `Si riavvia ora, di nuovo online tra circa ${minutes} minuti`,
        })[lang],
    },
  ],
  notes: [
    {
      pattern: /^Internet, Wi-Fi, TV and the landline are interrupted for about (\d+) minutes\.$/,
      render: ([minutes = ''], lang) =>
        ({
          en: `Internet, Wi-Fi, TV and the landline are interrupted for about ${minutes} minutes.`,
          de: `Internet, WLAN, TV und Festnetz sind während etwa ${minutes} Minuten unterbrochen.`,
          fr: `Internet, le Wi-Fi, la TV et le téléphone fixe sont interrompus pendant environ ${minutes} minutes.`,
          it: `Internet, Wi-Fi, TV e telefono fisso sono interrotti per circa ${minutes} minuti.`,
        })[lang],
    },
    exact('Your settings and Wi-Fi password are kept.', {
      de: 'Ihre Einstellungen und Ihr WLAN-Passwort bleiben erhalten.',
      fr: 'Vos réglages et votre mot de passe Wi-Fi sont conservés.',
      it: 'Le Sue impostazioni e la password Wi-Fi restano invariate.',
    }),
  ],
};

export const LINE_DIAGNOSTIC_PREVIEW: PreviewRules = {
  title: [exact('Run a line test', { de: 'Leitungstest durchführen', fr: 'Lancer un test de ligne', it: 'Eseguire un test della linea' })],
  label: [exact('Line test', { de: 'Leitungstest', fr: 'Test de ligne', it: 'Test della linea' })],
  value: [
    {
      pattern: /^(Fibre|Copper) line of your (Box \d+) \(serial (.+)\), about 1 minute$/,
      render: ([tech = '', model = '', serial = ''], lang) => {
        const fibre = tech === 'Fibre';
        return {
          en: `${tech} line of your ${model} (serial ${serial}), about 1 minute`,
          de: `${fibre ? 'Glasfaserleitung' : 'Kupferleitung'} Ihrer ${model} (Seriennummer ${serial}), etwa 1 Minute`,
          fr: `Ligne ${fibre ? 'fibre' : 'cuivre'} de votre ${model} (numéro de série ${serial}), environ 1 minute`,
          it: `Linea ${fibre ? 'in fibra' : 'in rame'} della Sua ${model} (numero di serie ${serial}), circa 1 minuto`,
        }[lang];
      },
    },
  ],
  notes: [
    exact('The test runs from our network; your connection is not interrupted.', {
      de: 'Der Test läuft von unserem Netz aus; Ihre Verbindung wird nicht unterbrochen.',
      fr: "Le test s'effectue depuis notre réseau ; votre connexion n'est pas interrompue.",
      it: 'Il test viene eseguito dalla nostra rete; la Sua connessione non viene interrotta.',
    }),
  ],
};
