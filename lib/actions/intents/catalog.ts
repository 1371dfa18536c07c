import { PLAN_KINDS, type PlanKind } from '@/lib/domain/account-tools';
import { editDistance } from './normalize';
import type { CatalogPlan } from './types';

/**
 * Plan matching: finds the catalog plan a message names, forgiving case, spacing, "1000er",
 * "10 G", "unlimited"/"illimité"/"illimitato", "Plus"/"Basic" and one typo in the product word.
 * Works on normalised text (lib/ai/local/intents/normalize.ts) and on any catalog whose names
 * read "<brand> <product> <variant>" (e.g. "Wave Home 1000", "Wave Mobile L").
 */

type Kind = CatalogPlan['kind'];

/** Words customers use for each kind of product; the catalog's own product words are added. */
const KIND_WORDS: Record<Kind, string[]> = {
  internet: ['internet', 'home', 'fiber', 'fibre', 'fibra', 'glasfaser', 'glasfaserabo', 'internetabo', 'broadband', 'breitband', 'wlan', 'wifi'],
  mobile: ['mobile', 'mobil', 'mobilabo', 'handy', 'handyabo', 'natel', 'natelabo', 'portable', 'cellulare', 'cell', 'smartphone', 'sim', 'mobilfunk'],
  tv: ['tv', 'tele', 'television', 'televisione', 'fernsehen', 'fernseh', 'tvabo'],
  phone: ['phone', 'festnetz', 'festnetzabo', 'landline', 'fixe', 'fisso', 'telephone', 'telefono', 'telefon'],
};

/** Variant spellings, mapped to the catalog's variant token. */
const VARIANT_SYNONYMS: Record<string, string> = {
  illimite: 'unlimited',
  illimitee: 'unlimited',
  illimitato: 'unlimited',
  illimitata: 'unlimited',
  unbegrenzt: 'unlimited',
  unlimitiert: 'unlimited',
  unlimited: 'unlimited',
  unlim: 'unlimited',
  basis: 'basic',
  base: 'basic',
  basique: 'basic',
  flatrate: 'flat',
};

/** Words between a product word and its variant that do not break the mention. */
const FILLER = new Set(['wave', 'the', 'das', 'den', 'dem', 'le', 'la', 'l', 'il', 'lo', 'abo', 'plan', 'paket', 'offre', 'forfait', 'piano', 'offerta', 'abbonamento', 'mein', 'my', 'mon', 'mio']);

/** Units after a number that show it is not a plan name ("100 GB", "79 CHF"). */
const NOT_A_PLAN_AFTER = new Set(['gb', 'go', 'chf', 'fr', 'franken', 'francs', 'franchi', 'min', 'minutes', 'minuten', 'minuti', 'sms', 'mal', 'times', 'fois', 'volte', 'tage', 'days', 'jours', 'giorni', 'euro', 'eur']);
const FROM_WORDS = new Set(['from', 'von', 'vom', 'da', 'dal', 'dalla', 'dallo', 'de', 'du', 'instead']);
const STRICT_FROM_WORDS = new Set(['from', 'von', 'vom', 'da', 'dal', 'dalla', 'dallo', 'instead']);
const TO_WORDS = new Set(['to', 'auf', 'aufs', 'zu', 'zum', 'a', 'au', 'aux', 'vers', 'al', 'alla', 'allo', 'in', 'nach', 'for', 'pour', 'per', 'ins']);

type PlanKey = { plan: CatalogPlan; product: string; variant: string };

function keysOf(catalog: readonly CatalogPlan[]): PlanKey[] {
  const tokenLists = catalog.map((p) => canonicalTokens(p.name.toLowerCase()));
  // The brand: leading tokens shared by every plan name ("wave").
  let brandLength = 0;
  const first = tokenLists[0] ?? [];
  while (brandLength < first.length - 1 && tokenLists.every((t) => t[brandLength] === first[brandLength])) brandLength++;
  return catalog.map((plan, i) => {
    const rest = (tokenLists[i] ?? []).slice(brandLength);
    const product = rest[0] ?? '';
    const variant = rest.slice(1).join(' ') || product;
    return { plan, product, variant };
  });
}

/** Number spellings to one token: "1000er" → 1000, "10 G" / "10 Gbit/s" → 10g, "500 Mbit" → 500. */
function canonicalTokens(text: string): string[] {
  const t = text
    .replace(/\b(\d+)er\b/g, '$1')
    .replace(/\b(\d+) ?(g|gbit|gbits|gbit s|gbps|giga|gig|gigs|gigabit)\b/g, '$1g')
    .replace(/\b(\d+) ?(mbit|mbits|mbit s|mbps|mega|megabit)\b/g, '$1')
    .replace(/\btv\+/g, 'tv plus');
  return (t.match(/[\p{L}\p{N}+]+/gu) ?? []).map((w) => VARIANT_SYNONYMS[w] ?? w);
}

function kindOfWord(word: string, keys: PlanKey[]): Kind | undefined {
  for (const k of keys) if (k.product === word) return k.plan.kind;
  for (const [kind, words] of Object.entries(KIND_WORDS) as [Kind, string[]][]) if (words.includes(word)) return kind;
  // One typo in a longer product word ("hmoe", "mobiel").
  if (word.length >= 4) {
    for (const k of keys) if (k.product.length >= 4 && editDistance(word, k.product, 1) <= 1) return k.plan.kind;
  }
  return undefined;
}

type Mention = { plan: CatalogPlan; start: number; end: number };

function mentions(text: string, catalog: readonly CatalogPlan[]): { tokens: string[]; found: Mention[] } {
  const keys = keysOf(catalog);
  const tokens = canonicalTokens(text);
  const byVariant = new Map<string, PlanKey[]>();
  for (const k of keys) byVariant.set(k.variant, [...(byVariant.get(k.variant) ?? []), k]);
  const found: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const candidates = byVariant.get(token);
    if (!candidates) continue;
    if (/^\d+$/.test(token) && NOT_A_PLAN_AFTER.has(tokens[i + 1] ?? '')) continue;
    // A product word shortly before the variant ("Wave Home 1000", "Handy-Abo M", "Mobile L").
    let kind: Kind | undefined;
    let start = i;
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const w = tokens[j] ?? '';
      const k = kindOfWord(w, keys);
      if (k) {
        kind = k;
        start = j;
        break;
      }
      if (!FILLER.has(w)) break;
    }
    // … or right after it ("1000er Internet", "L-Abo Mobile" is rare but "Plus TV" happens).
    if (!kind) {
      const k = kindOfWord(tokens[i + 1] ?? '', keys);
      if (k) kind = k;
    }
    // "Natel-Abo wechseln auf L": the product word elsewhere in the sentence, the variant after "to".
    if (!kind && TO_WORDS.has(tokens[i - 1] ?? '')) {
      const kinds = new Set(tokens.map((w) => kindOfWord(w, keys)).filter((k) => k !== undefined));
      if (kinds.size === 1) kind = [...kinds][0];
    }
    const matching = kind ? candidates.filter((c) => c.plan.kind === kind) : candidates;
    if (matching.length !== 1) continue;
    const only = matching[0]!;
    // Without a product word only distinctive variants count: "1000", "10g", "unlimited";
    // "S", "L", "plus", "basic" and "flat" are ordinary words too.
    if (!kind && !(/\d/.test(token) || token === 'unlimited')) continue;
    if (!kind && token.length < 2) continue;
    found.push({ plan: only.plan, start, end: i });
  }
  return { tokens, found };
}

/**
 * The plan a message asks for. With several plans named ("from Home 100 to Home 1000"), the one
 * after a "to" word wins, else the last one not after a "from" word.
 */
export function matchPlan(text: string, catalog: readonly CatalogPlan[]): CatalogPlan | undefined {
  const { tokens, found } = mentions(text, catalog);
  if (found.length === 0) return undefined;
  const before = (m: Mention, words: Set<string>) =>
    [tokens[m.start - 1], tokens[m.start - 2], tokens[m.start - 3]].some((w) => w !== undefined && words.has(w));
  const distinct = new Set(found.map((m) => m.plan.id));
  if (distinct.size === 1) {
    // "switch from Home 100" names the current plan, not the wanted one ("de"/"du" are too
    // common in French to count here: "l'offre de Wave TV Plus").
    const m = found.at(-1)!;
    let j = m.start - 1;
    while (j >= 0 && FILLER.has(tokens[j] ?? '')) j--;
    const previous = tokens[j];
    return previous !== undefined && STRICT_FROM_WORDS.has(previous) ? undefined : m.plan;
  }
  const targets = found.filter((m) => before(m, TO_WORDS) && !(tokens[m.start - 1] !== undefined && FROM_WORDS.has(tokens[m.start - 1]!)));
  if (targets.length > 0) return targets.at(-1)!.plan;
  const notFrom = found.filter((m) => !before(m, FROM_WORDS));
  return notFrom.at(-1)?.plan;
}

/** The product kind a message is about ("Handy-Abos", "offres TV"), for list_available_plans. */
export function planKindOf(text: string): PlanKind | undefined {
  const tokens = canonicalTokens(text);
  const kinds = new Set<Kind>();
  for (const t of tokens) {
    for (const [kind, words] of Object.entries(KIND_WORDS) as [Kind, string[]][]) {
      if (words.includes(t) || (kind === 'mobile' && /^(?:handy|natel|mobil)\w*$/.test(t)) || (kind === 'tv' && /^(?:tv|fernseh)\w*$/.test(t))) kinds.add(kind);
    }
  }
  if (kinds.size !== 1) return undefined;
  const [kind] = [...kinds];
  return (PLAN_KINDS as readonly string[]).includes(kind!) ? (kind as PlanKind) : undefined;
}
