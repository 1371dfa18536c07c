import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';
import { any } from './common';

/** request_callback: "call me back", "rufen Sie mich zurück", "rappelez-moi", "richiamatemi", "talk to a human". */

const CALLBACK = [
  /\b(call|ring|phone) me( back| please| later| tomorrow| today|$)|\bgive me a (call|ring)\b|\b(call ?back|callback)\b|\b(have|get|can|could) (someone|somebody|an agent|a person|a human) (to )?(call|phone|ring)\b/,
  /\b(talk|speak|chat) (to|with) (a |an |someone|somebody|a real )?(human|person|agent|someone|somebody|representative|employee|operator|real person|advisor|adviser)\b/,
  /\bruf\w* (sie |ihr |du )?mich (bitte )?(\w+ )?(zuruck|zurueck|an)\b|\b(ruckruf|rueckruf)\w*|\b(zuruckrufen|zurueckrufen|anrufen)\b.*\bmich\b|\bmich\b.*\b(zuruckrufen|zurueckrufen|anrufen)\b/,
  /\bmit (einem|einer) (menschen|mitarbeiter\w*|berater\w*|person|agent\w*)\b.*\b(sprechen|reden)\b|\b(echten|richtigen) (menschen|person)\b/,
  /\b(rappel\w* moi|me rappeler|me rappelle|me rappelliez|qu on me rappelle|rappel telephonique|demande de rappel|un rappel|m appeler|m appelle|appel\w* moi)\b/,
  /\bparler (a|avec) (un |une |un vrai |une vraie )?(humain|conseiller|conseillere|personne|agent|operateur|operatrice|employe|quelqu un)\b/,
  /\b(richiamami|richiamatemi|richiamarmi|mi richiam\w*|essere richiamat\w*|farmi richiamare|una richiamata|chiamatemi|chiamami|mi chiam\w*|chiamarmi)\b/,
  /\bparlare con (un |una |un vero |una vera )?(operatore|operatrice|persona|umano|consulente|addetto|qualcuno)\b/,
];

const NOT_CALLBACK = /\b(do not|dont|never|stop|nicht|keine?n?|ne \w+ pas|pas de|non|mai) (\w+ ){0,2}(call|calling|anrufen|zuruckrufen|rappeler|appeler|richiamare|chiamare|chiamarmi)\b/;

/** A short topic, as written: "about my invoice" → "my invoice". */
function topicOf(raw: string): string | undefined {
  const m = /(?:^|\s)(?:about|regarding|concerning|wegen|bezüglich|bezueglich|betreffend|zum Thema|concernant|au sujet d(?:e|u|es)?|à propos d(?:e|u|es)?|a propos d(?:e|u|es)?|riguardo a|riguardo|a proposito di|per quanto riguarda)(?:\s+|(?<=d)['’])(.{3,}?)\s*[.!?]*$/i.exec(raw.trim());
  const topic = m?.[1]?.trim();
  return topic ? topic.slice(0, 200) : undefined;
}

export const callbackRule: Rule = {
  name: 'callback',
  match({ raw, text }: PreparedRequest): RecognizedToolCall | null {
    if (!any(text, CALLBACK) || NOT_CALLBACK.test(text)) return null;
    const topic = topicOf(raw);
    return { toolName: 'request_callback', input: topic ? { topic } : {} };
  },
};
