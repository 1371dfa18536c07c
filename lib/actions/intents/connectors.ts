import { z } from 'zod';
import type { ExternalConnector as Connector } from '@/lib/actions/connectors/connector';
import { LOCALES } from '@/lib/i18n/locales';
import { refusalKind } from './guards';
import { normalizeText, prepareRequest } from './normalize';
import type { RecognizeContext } from './types';

/**
 * The built-in model's recogniser for action connectors (HTTP or MCP), driven by each definition
 * alone (no phrasing written per connector): a message asks for one when it contains every content
 * word of the connector's label in one of the four languages ("Cancel order", "Bestellung
 * stornieren", "Annuler la commande", "Annullare l'ordine"), a word counting when the message has it with
 * another ending (at least five letters in common, and all but the last three: "stornieren" ~
 * "storniere", "ordine" ~ "ordini", but not "Bestellstatus" ~ "Bestellung"),
 * and when every required input field can be read from the message:
 *
 * - an enum field: one of its values written in the message ("changed_mind" as "changed mind");
 * - a text field: the one word of the message that contains a digit and that the field's own
 *   schema accepts (an order number "A-1001" for `^[\w-]{1,20}$`).
 *
 * The same guards as the built-in tools' rules apply first (prompt injections, someone else's
 * account, negations, how-to questions), except "actions no tool offers": a connector is that tool.
 *
 * Limits, on purpose: a label that is one compound word ("Bestellstatus") needs that word; synonyms
 * the label does not use ("where is my order?") are not recognised; free-text, number and nested
 * fields are never filled in (a connector that requires one is reached through an LLM only); two
 * words that fit one field, or two connectors whose labels match equally well, give no call rather
 * than a guess. With an LLM configured, the model chooses and this recogniser only helps the verifier.
 */

export type ConnectorCall = { toolName: string; input: Record<string, unknown> };

/** Articles and prepositions that labels carry but requests need not repeat. */
const STOPWORDS = new Set([
  'the', 'and', 'for', 'your', 'der', 'die', 'das', 'des', 'dem', 'den', 'von', 'und', 'ihre', 'ihr',
  'les', 'une', 'pour', 'votre', 'del', 'dell', 'della', 'dello', 'dei', 'degli', 'delle', 'per', 'con', 'suo', 'sua',
]);
const PREFIX = 5;
const MAX_TOKEN = 40;

type FieldReader = { name: string; required: boolean; read(raw: string, text: string): unknown[] };
type Prepared = { connector: Connector; labels: string[][]; fields: FieldReader[] };

function contentWords(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}

/** The same word with another ending: a common start of at least five letters, and all but the keyword's last three. */
function sameWord(keyword: string, word: string): boolean {
  if (keyword === word) return true;
  if (keyword.length < 4) return false;
  let common = 0;
  while (common < keyword.length && common < word.length && keyword[common] === word[common]) common++;
  return common >= Math.max(Math.min(PREFIX, keyword.length), keyword.length - 3);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A word without the punctuation around it ("A-1001?" → "A-1001"); a loop, not a regex, so long runs cost linear time. */
function trimPunctuation(token: string): string {
  const chars = [...token];
  let start = 0;
  let end = chars.length;
  while (start < end && !WORD_CHAR.test(chars[start]!)) start++;
  while (end > start && !WORD_CHAR.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/** The message's words as written, without the punctuation around them. */
function rawTokens(raw: string): string[] {
  return raw
    .split(/\s+/)
    .filter((t) => t.length <= MAX_TOKEN + 4)
    .map(trimPunctuation)
    .filter((t) => t.length > 0 && t.length <= MAX_TOKEN);
}

function fieldReaders(connector: Connector): FieldReader[] {
  const shape = (connector.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const json = z.toJSONSchema(connector.input, { unrepresentable: 'any' }) as { properties?: Record<string, { type?: unknown; enum?: unknown[] }>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]): FieldReader => {
    const required = (json.required ?? []).includes(name);
    const accepts = (value: unknown) => shape[name]?.safeParse(value).success === true;
    if (Array.isArray(property.enum)) {
      const values = property.enum.filter((v): v is string => typeof v === 'string');
      return { name, required, read: (_raw, text) => values.filter((v) => ` ${text} `.includes(` ${normalizeText(v.replace(/_/g, ' '))} `) && accepts(v)) };
    }
    if (property.type === 'string') {
      return { name, required, read: (raw) => [...new Set(rawTokens(raw).filter((t) => /\d/.test(t) && accepts(t)))] };
    }
    // Numbers, booleans, objects, arrays, free text: not read from a message (see the module comment).
    return { name, required, read: () => [] };
  });
}

function prepare(connector: Connector): Prepared {
  return {
    connector,
    labels: LOCALES.map((lang) => contentWords(connector.labels[lang])).filter((words) => words.length > 0),
    fields: fieldReaders(connector),
  };
}

/** How many label words the message has, for the label language that matches fully; 0 when none does. */
function labelScore(prepared: Prepared, words: string[]): number {
  let best = 0;
  for (const label of prepared.labels) {
    if (label.every((keyword) => words.some((word) => sameWord(keyword, word)))) best = Math.max(best, label.length);
  }
  return best;
}

function readInput(prepared: Prepared, raw: string, text: string): Record<string, unknown> | null {
  const input: Record<string, unknown> = {};
  for (const field of prepared.fields) {
    const values = field.read(raw, text);
    if (values.length === 1) input[field.name] = values[0];
    else if (field.required) return null;
  }
  const parsed = prepared.connector.input.safeParse(input);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

/** A recogniser over a registry's connectors (prepared once; call it per message). */
export function connectorRecognizer(connectors: readonly Connector[]): (text: string, ctx: RecognizeContext) => ConnectorCall | null {
  const prepared = connectors.map(prepare);
  return (raw, ctx) => {
    if (prepared.length === 0 || raw.trim().length === 0 || raw.length > 2000) return null;
    const request = prepareRequest(raw, ctx);
    const refusal = refusalKind(request);
    if (refusal && refusal !== 'unsupported') return null;
    const words = request.text.split(' ');
    const scored = prepared.map((p) => ({ p, score: labelScore(p, words) })).filter((s) => s.score > 0);
    if (scored.length === 0) return null;
    const best = Math.max(...scored.map((s) => s.score));
    const top = scored.filter((s) => s.score === best);
    if (top.length > 1) return null;
    const input = readInput(top[0]!.p, raw, request.text);
    return input ? { toolName: top[0]!.p.connector.name, input } : null;
  };
}
