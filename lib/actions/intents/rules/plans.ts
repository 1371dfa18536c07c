import { matchPlan, planKindOf } from '../catalog';
import type { PreparedRequest, RecognizedToolCall, Rule } from '../types';

/**
 * Plans: change_plan when the customer asks to switch to a catalog plan ("wechsle auf Wave Home
 * 1000", "passa al Wave Mobile L", "I want the 1000er"); list_available_plans when they ask what
 * they could switch to, or to change/upgrade without naming a plan.
 */

const SWITCH =
  /\b(?:switch|move (?:me|us|my \w+) to|go (?:for|with|to)|put me on|sign me up|subscribe|order|book|give me|get me|i want|i would like|i need|i ll take|wechsl\w*|wechsel\w*|umstell\w*|umsteig\w*|stell\w* (?:mich|mein\w*)|andern|aendern|andere|aendere|upgrade\w*|downgrade\w*|ich will|will ich|mochte|moechte|hatte gern|haette gern|nehme|nimm|bestell\w*|buch\w*|hochstuf\w*|passe|passer|passez|passons|chang\w*|modifi\w*|je veux|je voudrais|j aimerais|prendre|prends|souscri\w*|opter|basculer|mettez moi|mets moi|migrer|passa|passare|passami|passo|passiamo|passate|cambi\w*|voglio|vorrei|prendo|attiva\w*|sottoscriv\w*)\b/;

// "Options" alone names no plan ("what are my options with your box?").
const PLAN_NOUN =
  /\b(?:plans?|offers?|subscriptions?|packages?|deals?|abo|abos|abonnement\w*|angebot\w*|tarif\w*|produkt\w*|pakete?|offres?|forfaits?|formules?|abbonament\w*|offert\w*|piani|piano|pacchett\w*|handyabos?|natelabos?|internetabos?|tvabos?)\b/;

/** Asking what there is: "which plans", "welche Abos gibt es", "quelles offres", "quali piani". */
const WHAT_IS_OFFERED =
  /\b(?:which|what|show|list|available|other|cheaper|faster|better|bigger|smaller|welche\w*|was fur|was gibt|gibt es|zeig\w*|verfugbar\w*|verfuegbar\w*|andere|gunstiger\w*|guenstiger\w*|schneller\w*|grosser\w*|quel|quels|quelle|quelles|montre\w*|disponible\w*|autres?|moins cher\w*|plus rapide\w*|quali|quale|mostra\w*|disponibil\w*|altri|altre|piu economic\w*|piu veloc\w*)\b/;

/** Upgrading without a plan noun: "upgrade my internet", "mehr Daten", "plus rapide". */
const UPGRADE = /\b(?:upgrade|downgrade|faster|more data|schneller\w*|mehr daten|mehr speed|plus rapide|plus de donnees|piu veloce|piu dati)\b/;

/** What the customer already has is the overview, not the offer: "what plan do I have". */
const OWN_PLAN = /\b(?:do i have|have i got|am i on|i have|i m on|i am on|habe ich|hab ich|hab i|han i|ai je|j ai|est ce que j ai|ho|ho io|mio attuale|my current|mein aktuelles?|mon actuel|actuel|attuale)\b/;

const PLEASE_WORD = /\b(?:please|bitte|svp|stp|s il vous plait|per favore|merci|danke|grazie)\b/;

/** A question about a plan ("does Wave Fiber 10G work with the Box 3?") is not an order. */
const QUESTION_START =
  /^(?:what|which|why|does|do|is|are|will|would|when|was|welche\w*|warum|wieso|weshalb|funktioniert|geht|ist|sind|gibt|lohnt|que|quoi|quel\w*|pourquoi|est ce que|est ce qu|quand|cosa|che|quale|quali|perche|quando|funziona|e|sono|conviene)\b/;

/** Asking when a change takes effect is a knowledge question, not an order ("ab wann gilt das"). */
const TIMING_QUESTION =
  /\b(?:when does it|when will it|when would it|when do i|how long|ab wann|wann gilt|wann ist|wann wird|wie lange|a partir de quand|quand (?:est ce que )?(?:ca |cela |il |elle )?(?:marche|commence|prend effet|s applique|fonctionne)|combien de temps|da quando|quando (?:entra|inizia|vale|parte|funziona)|quanto tempo)\b/;

export const planRule: Rule = {
  name: 'plans',
  match({ raw, text, clauses, sentences, ctx }: PreparedRequest): RecognizedToolCall | null {
    if (TIMING_QUESTION.test(text)) return null;
    const plan = matchPlan(text, ctx.catalog);
    const wantsChange = SWITCH.test(text);
    const isQuestion = raw.includes('?') && QUESTION_START.test(clauses[0] ?? '');
    // "Mobile L bitte", "Wave Home 1000, please": a plan name and a please is an order too.
    const terseOrder = plan !== undefined && PLEASE_WORD.test(text) && text.split(' ').length <= 6;
    if (plan && (wantsChange || terseOrder) && !isQuestion) return { toolName: 'change_plan', input: { planId: plan.id } };
    const kind = planKindOf(text);
    // The offer asked about in one sentence: "We're on the 100 plan. What should I try first?" is not.
    const asksOffer = sentences.some((s) => PLAN_NOUN.test(s.text) && (WHAT_IS_OFFERED.test(s.text) || SWITCH.test(s.text)) && !OWN_PLAN.test(s.text));
    if (asksOffer || (UPGRADE.test(text) && (kind !== undefined || PLAN_NOUN.test(text)))) {
      return { toolName: 'list_available_plans', input: kind ? { kind } : {} };
    }
    return null;
  },
};
