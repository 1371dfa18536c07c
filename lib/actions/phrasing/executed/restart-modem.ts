import type { RestartResult } from '@/lib/actions/repository';
import { type Lang, type Texts } from '../format';

/** restart_modem executed: the Box restarts and is back in about N minutes. */

const T: Texts<(model: string, minutes: number) => string> = {
  en: (model, minutes) =>
    `Done: your **${model}** is restarting and should be back online in about **${minutes} minutes**. Until then, internet, Wi-Fi, TV and the landline are interrupted; your settings and Wi-Fi password are kept. If the problem is still there afterwards, I can run a line test.`,
  de: (model, minutes) =>
    `Erledigt: Ihre **${model}** startet neu und sollte in etwa **${minutes} Minuten** wieder online sein. Bis dahin sind Internet, WLAN, TV und Festnetz unterbrochen; Ihre Einstellungen und Ihr WLAN-Passwort bleiben erhalten. Wenn das Problem danach noch besteht, kann ich einen Leitungstest durchführen.`,
  fr: (model, minutes) =>
    `C'est fait : votre **${model}** redémarre et devrait être de nouveau en ligne dans environ **${minutes} minutes**. D'ici là, internet, le Wi-Fi, la TV et le téléphone fixe sont interrompus ; vos réglages et votre mot de passe Wi-Fi sont conservés. Si le problème persiste ensuite, je peux lancer un test de ligne.`,
  it: (model, minutes) =>
    `Fatto: la Sua **${model}** si sta riavviando e dovrebbe tornare online tra circa **${minutes} minuti**. Fino ad allora internet, Wi-Fi, TV e telefono fisso sono interrotti; le Sue impostazioni e la password Wi-Fi restano invariate. Se il problema persiste dopo, posso eseguire un test della linea.`,
};

export function describeRestart(v: RestartResult, lang: Lang): string {
  return T[lang](v.model, v.backOnlineInMinutes);
}
