import { isWriteTool, type WriteToolName } from '@/lib/domain/account-tools';
import { TALK_TO_A_PERSON, type Lang, type Texts } from './format';

/** The sentences around an approval card: asking for the decision, and what happened after it. */

const REQUEST: Texts<Record<WriteToolName, string>> = {
  en: {
    change_plan: 'Please check the plan change below and approve it, or decline.',
    reschedule_appointment: 'Please check the new appointment below and approve it, or decline.',
    restart_modem: 'Please check the restart below and approve it, or decline.',
    run_line_diagnostic: 'Please check the line test below and approve it, or decline.',
    update_contact_details: 'Please check the new contact details below and approve them, or decline.',
    request_callback: 'Please check the call-back request below and approve it, or decline.',
  },
  de: {
    change_plan: 'Bitte prüfen Sie den Abowechsel unten und bestätigen Sie ihn oder lehnen Sie ihn ab.',
    reschedule_appointment: 'Bitte prüfen Sie den neuen Termin unten und bestätigen Sie ihn oder lehnen Sie ihn ab.',
    restart_modem: 'Bitte prüfen Sie den Neustart unten und bestätigen Sie ihn oder lehnen Sie ihn ab.',
    run_line_diagnostic: 'Bitte prüfen Sie den Leitungstest unten und bestätigen Sie ihn oder lehnen Sie ihn ab.',
    update_contact_details: 'Bitte prüfen Sie die neuen Kontaktdaten unten und bestätigen Sie sie oder lehnen Sie sie ab.',
    request_callback: 'Bitte prüfen Sie die Rückrufanfrage unten und bestätigen Sie sie oder lehnen Sie sie ab.',
  },
  fr: {
    change_plan: "Veuillez vérifier le changement d'abonnement ci-dessous, puis l'approuver ou le refuser.",
    reschedule_appointment: "Veuillez vérifier le nouveau rendez-vous ci-dessous, puis l'approuver ou le refuser.",
    restart_modem: "Veuillez vérifier le redémarrage ci-dessous, puis l'approuver ou le refuser.",
    run_line_diagnostic: "Veuillez vérifier le test de ligne ci-dessous, puis l'approuver ou le refuser.",
    update_contact_details: 'Veuillez vérifier les nouvelles coordonnées ci-dessous, puis les approuver ou les refuser.',
    request_callback: "Veuillez vérifier la demande de rappel ci-dessous, puis l'approuver ou la refuser.",
  },
  it: {
    change_plan: 'Verifichi il cambio di abbonamento qui sotto e lo approvi o lo rifiuti.',
    reschedule_appointment: 'Verifichi il nuovo appuntamento qui sotto e lo approvi o lo rifiuti.',
    restart_modem: 'Verifichi il riavvio qui sotto e lo approvi o lo rifiuti.',
    run_line_diagnostic: 'Verifichi il test della linea qui sotto e lo approvi o lo rifiuti.',
    update_contact_details: 'Verifichi i nuovi dati di contatto qui sotto e li approvi o li rifiuti.',
    request_callback: 'Verifichi la richiesta di richiamata qui sotto e la approvi o la rifiuti.',
  },
};

const DECLINED: Texts<Record<WriteToolName, string>> = {
  en: {
    change_plan: 'All right, I have not changed your plan.',
    reschedule_appointment: 'All right, your appointment stays as it was.',
    restart_modem: 'All right, I have not restarted your Box.',
    run_line_diagnostic: 'All right, I have not run the line test.',
    update_contact_details: 'All right, your contact details stay as they were.',
    request_callback: 'All right, I have not requested a call back.',
  },
  de: {
    change_plan: 'In Ordnung, ich habe Ihr Abo nicht gewechselt.',
    reschedule_appointment: 'In Ordnung, Ihr Termin bleibt, wie er war.',
    restart_modem: 'In Ordnung, ich habe Ihre Box nicht neu gestartet.',
    run_line_diagnostic: 'In Ordnung, ich habe den Leitungstest nicht durchgeführt.',
    update_contact_details: 'In Ordnung, Ihre Kontaktdaten bleiben, wie sie waren.',
    request_callback: 'In Ordnung, ich habe keinen Rückruf angefordert.',
  },
  fr: {
    change_plan: "D'accord, je n'ai pas changé votre abonnement.",
    reschedule_appointment: "D'accord, votre rendez-vous reste tel qu'il était.",
    restart_modem: "D'accord, je n'ai pas redémarré votre Box.",
    run_line_diagnostic: "D'accord, je n'ai pas lancé le test de ligne.",
    update_contact_details: "D'accord, vos coordonnées restent telles qu'elles étaient.",
    request_callback: "D'accord, je n'ai pas demandé de rappel.",
  },
  it: {
    change_plan: "D'accordo, non ho cambiato il Suo abbonamento.",
    reschedule_appointment: "D'accordo, il Suo appuntamento resta com'era.",
    restart_modem: "D'accordo, non ho riavviato la Sua Box.",
    run_line_diagnostic: "D'accordo, non ho eseguito il test della linea.",
    update_contact_details: "D'accordo, i Suoi dati di contatto restano com'erano.",
    request_callback: "D'accordo, non ho richiesto una richiamata.",
  },
};

const ANYTHING_ELSE: Texts = {
  en: 'Is there anything else I can help you with?',
  de: 'Kann ich Ihnen sonst noch helfen?',
  fr: 'Puis-je vous aider pour autre chose ?',
  it: 'Posso aiutarLa in altro?',
};

const EXPIRED: Texts = {
  en: 'This request has expired, so nothing was changed. If you still want the change, just ask again.',
  de: 'Diese Anfrage ist abgelaufen, daher wurde nichts geändert. Wenn Sie die Änderung noch möchten, fragen Sie einfach noch einmal.',
  fr: "Cette demande a expiré, rien n'a donc été modifié. Si vous souhaitez toujours ce changement, il suffit de le redemander.",
  it: 'Questa richiesta è scaduta, quindi non è stato modificato nulla. Se desidera ancora la modifica, chieda semplicemente di nuovo.',
};

const FAILED: Texts = {
  en: `I'm sorry, something went wrong on our side and the change could not be made; nothing was changed. Please try again in a moment, or ${TALK_TO_A_PERSON.en}.`,
  de: `Entschuldigung, bei uns ist etwas schiefgelaufen und die Änderung konnte nicht ausgeführt werden; es wurde nichts geändert. Bitte versuchen Sie es gleich noch einmal, oder ${TALK_TO_A_PERSON.de}.`,
  fr: `Désolé, un problème est survenu de notre côté et le changement n'a pas pu être effectué ; rien n'a été modifié. Veuillez réessayer dans un instant, ou ${TALK_TO_A_PERSON.fr}.`,
  it: `Spiacente, qualcosa è andato storto da parte nostra e la modifica non è stata eseguita; non è stato modificato nulla. Riprovi tra poco, oppure ${TALK_TO_A_PERSON.it}.`,
};

const TERMS_CHANGED: Texts = {
  en: 'The terms changed since I showed you this change, so nothing was changed. Here are the current terms: please check them and approve, or decline.',
  de: 'Die Bedingungen haben sich geändert, seit ich Ihnen diese Änderung gezeigt habe, daher wurde nichts geändert. Hier sind die aktuellen Bedingungen: Bitte prüfen Sie sie und bestätigen Sie oder lehnen Sie ab.',
  fr: "Les conditions ont changé depuis que je vous ai présenté ce changement, rien n'a donc été modifié. Voici les conditions actuelles : veuillez les vérifier, puis approuver ou refuser.",
  it: 'Le condizioni sono cambiate da quando Le ho mostrato questa modifica, quindi non è stato modificato nulla. Ecco le condizioni attuali: le verifichi e approvi o rifiuti.',
};

const INTERRUPTED: Texts = {
  en: `I'm sorry, your earlier request did not go through: it was interrupted on our side, and nothing was changed. Please ask again, or ${TALK_TO_A_PERSON.en}.`,
  de: `Entschuldigung, Ihre frühere Anfrage wurde nicht ausgeführt: Sie wurde bei uns unterbrochen, und es wurde nichts geändert. Bitte fragen Sie noch einmal, oder ${TALK_TO_A_PERSON.de}.`,
  fr: `Désolé, votre demande précédente n'a pas abouti : elle a été interrompue de notre côté, et rien n'a été modifié. Veuillez la refaire, ou ${TALK_TO_A_PERSON.fr}.`,
  it: `Spiacente, la Sua richiesta precedente non è andata a buon fine: è stata interrotta da parte nostra e non è stato modificato nulla. Chieda di nuovo, oppure ${TALK_TO_A_PERSON.it}.`,
};

const NOT_POSSIBLE: Texts = {
  en: 'That change is not possible as asked, so nothing was changed. Please tell me again what you would like to change.',
  de: 'Diese Änderung ist so nicht möglich, daher wurde nichts geändert. Bitte sagen Sie mir noch einmal, was Sie ändern möchten.',
  fr: "Ce changement n'est pas possible tel quel, rien n'a donc été modifié. Dites-moi à nouveau ce que vous souhaitez changer.",
  it: 'Questa modifica non è possibile così com’è, quindi non è stato modificato nulla. Mi dica di nuovo che cosa desidera cambiare.',
};

const UNREADABLE: Texts = {
  en: `I'm sorry, I received your account data but could not put it into words. Please try again, or ${TALK_TO_A_PERSON.en}.`,
  de: `Entschuldigung, ich habe Ihre Kontodaten erhalten, konnte sie aber nicht in Worte fassen. Bitte versuchen Sie es noch einmal, oder ${TALK_TO_A_PERSON.de}.`,
  fr: `Désolé, j'ai bien reçu les données de votre compte, mais je n'ai pas pu les formuler. Veuillez réessayer, ou ${TALK_TO_A_PERSON.fr}.`,
  it: `Spiacente, ho ricevuto i dati del Suo conto ma non sono riuscito a formularli. Riprovi, oppure ${TALK_TO_A_PERSON.it}.`,
};

const GENERIC_REQUEST: Texts = {
  en: 'Please check the change below and approve it, or decline.',
  de: 'Bitte prüfen Sie die Änderung unten und bestätigen Sie sie oder lehnen Sie sie ab.',
  fr: "Veuillez vérifier le changement ci-dessous, puis l'approuver ou le refuser.",
  it: 'Verifichi la modifica qui sotto e la approvi o la rifiuti.',
};

const GENERIC_DECLINED: Texts = {
  en: 'All right, nothing was changed.',
  de: 'In Ordnung, es wurde nichts geändert.',
  fr: "D'accord, rien n'a été modifié.",
  it: "D'accordo, non è stato modificato nulla.",
};

/** A built-in tool's own sentence; a connector (any other name) has none. */
function own(texts: Record<WriteToolName, string>, toolName: string): string | undefined {
  return isWriteTool(toolName) ? texts[toolName] : undefined;
}

/** The sentence above the approval card (a connector's gets the generic one). */
export function approvalRequestText(toolName: string, lang: Lang): string {
  return own(REQUEST[lang], toolName) ?? GENERIC_REQUEST[lang];
}

/** After the customer declined: nothing was done. */
export function declinedText(toolName: string, lang: Lang): string {
  return `${own(DECLINED[lang], toolName) ?? GENERIC_DECLINED[lang]} ${ANYTHING_ELSE[lang]}`;
}

/** The approval was not decided in time. */
export function expiredText(lang: Lang): string {
  return EXPIRED[lang];
}

/** Execution failed (the transaction rolled back). */
export function failedText(lang: Lang): string {
  return FAILED[lang];
}

/** The card's terms changed before the approval (fee, price, date): a new card follows this sentence. */
export function termsChangedText(lang: Lang): string {
  return TERMS_CHANGED[lang];
}

/** An approved change that never finished (the server stopped mid-way); the sweep tells the customer. */
export function interruptedText(lang: Lang): string {
  return INTERRUPTED[lang];
}

/**
 * A proposed change that was not made before it reached the customer system (its input was
 * invalid, or the check before execution rejected it): there is no repository refusal to phrase.
 */
export function notPossibleText(lang: Lang): string {
  return NOT_POSSIBLE[lang];
}

/** A result the phrasing could not read (unexpected shape). */
export function unreadableText(lang: Lang): string {
  return UNREADABLE[lang];
}
