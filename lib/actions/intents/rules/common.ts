/** Word lists several rules share (folded text: no accents, hyphens and apostrophes are spaces). */

/** "my", "our" in the four languages, plus Swiss German "mis"/"mini". */
export const MY = String.raw`(?:my|our|mein|meine|meinen|meinem|meiner|meines|unser|unsere|unseren|unserem|unserer|mis|mini|ma|mon|mes|notre|nos|mio|mia|miei|mie|nostro|nostra)`;

/** A determiner before a device: "my/the router", "die Box", "la box", "il modem". */
export const DET = String.raw`(?:${MY}|the|this|den|die|das|dem|der|la|le|l|il|lo|questo|questa)`;

/** The customer's modem/router/box. */
export const DEVICE = String.raw`(?:modem|router|routeur|box|internetbox|internet box|alpenwave box|box 3|box 5|gerat|geraet|wlan router|wifi router|wi fi)`;

/** A polite request or imperative: "can you", "please", "könnt ihr", "pouvez-vous", "può". */
export const PLEASE = String.raw`(?:can you|could you|would you|will you|please|kannst du|konnt ihr|koennt ihr|konnen sie|koennen sie|konnten sie|koennten sie|konntet ihr|bitte|chond ihr|chonnd ihr|pouvez vous|pourriez vous|peux tu|pourrais tu|svp|stp|s il vous plait|s il te plait|merci de|puo|potete|potreste|potrebbe|per favore|per piacere)`;

/** Nouns for invoices, singular and plural (German compounds too: "Novemberrechnung"). */
export const INVOICE_ONE = String.raw`(?:bill|invoice|statement|\w*rechnung|facture|fattura|bolletta)`;
export const INVOICE_MANY = String.raw`(?:bills|invoices|statements|\w*rechnungen|factures|fatture|bollette)`;

/** Numbers 1–12 in words. */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  eins: 1, ein: 1, eine: 1, zwei: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12, zwoelf: 12,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, undici: 11, dodici: 12,
};

export function re(source: string): RegExp {
  return new RegExp(source);
}

/** True when any pattern matches. */
export function any(text: string, patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}
