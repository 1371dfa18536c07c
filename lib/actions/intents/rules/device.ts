import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';
import { DET, DEVICE, PLEASE, re } from './common';

/**
 * The customer's modem: restart_modem ("redémarre ma box", "riavvia il modem", "starte bitte mein
 * Modem neu") and get_modem_status ("is my modem online?", "quel est l'état de ma box ?").
 * Both need the device named as the customer's ("my/the router", "die Box"): "box 5 neustarten"
 * alone reads as a search for the how-to article.
 */

const RESTART_VERB =
  /\b(?:restart\w*|reboot\w*|re start|power cycle|restrat\w*|retsart\w*|rstart\w*|neu ?start\w*|neu booten|reset(?= (?:it|den|die|das))|redemar\w*|relanc\w*|rallum\w*|riavvi\w*|riaccend\w*|ripart\w*)\b|\bstart\w* (?:\w+ ){0,4}neu\b|\bneu (?:\w+ ){0,2}start\w*\b/;

const OWN_DEVICE = re(String.raw`\b${DET} ${DEVICE}\b|\b${DEVICE} (von mir|a moi|de chez moi|di casa)\b`);
const OWN_DEVICE_LOOSE = re(String.raw`\b(${DEVICE})\b`);

const STATUS =
  /\b(?:status|state|online|offline|(?<!set )up|running|working|etat|en ligne|hors ligne|connecte\w*|fonctionne|stato|in linea|collegat\w*|connesso|funziona|zustand|verbunden|erreichbar|lauft|laeuft|funktioniert)\b/;
const CHECK = /\b(?:check|test|look at|prufen|pruefen|prufe|pruefe|uberprufen|ueberpruefen|checken|schau\w*|nachsehen|verifier|verifiez|verifie|controler|controlez|regarder|controlla\w*|verifica\w*|guarda\w*)\b/;
const ASKING_STATUS = re(String.raw`^(is|are|ist|sind|est ce que|est|e|il|la|le|mein\w*|ma|mon|my|what is|wie ist|quel est|qual e|com e|how is)\b|\?$|${PLEASE}`);

export const restartRule: Rule = {
  name: 'restart_modem',
  match({ text }: PreparedRequest): RecognizedToolCall | null {
    if (!RESTART_VERB.test(text)) return null;
    if (!OWN_DEVICE.test(text) && !(OWN_DEVICE_LOOSE.test(text) && re(PLEASE).test(text))) return null;
    return { toolName: 'restart_modem', input: {} };
  },
};

// "How does it work on my modem?" asks how to do something, not whether the modem works.
const HOW_IT_WORKS = /\b(?:how (?:does|do|would) (?:\w+ ){0,4}work|wie funktioniert|comment (?:ca |cela )?(?:marche|fonctionne)|come funziona)\b/;

export const modemStatusRule: Rule = {
  name: 'modem_status',
  match({ sentences }: PreparedRequest): RecognizedToolCall | null {
    // The device and the question about its state in one sentence: "I'm going to reset the box.
    // I've got port forwards set up – can I save them first?" asks nothing about its state.
    const asked = sentences.some(({ text, asks }) => {
      if (!OWN_DEVICE.test(text) || HOW_IT_WORKS.test(text)) return false;
      return (STATUS.test(text) && (ASKING_STATUS.test(text) || asks)) || CHECK.test(text);
    });
    return asked ? { toolName: 'get_modem_status', input: {} } : null;
  },
};
