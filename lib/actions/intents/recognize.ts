import { READ_TOOLS, WRITE_TOOLS, type ToolName } from '@/lib/domain/account-tools';
import { extractEmails } from './contact-details';
import { refusalKind } from './guards';
import { prepareRequest } from './normalize';
import { appointmentRule } from './rules/appointments';
import { overviewRule, invoiceRule } from './rules/billing';
import { callbackRule } from './rules/callback';
import { contactReadRule, contactRule } from './rules/contact';
import { modemStatusRule, restartRule } from './rules/device';
import { diagnosticRule, outageRule } from './rules/network';
import { planRule } from './rules/plans';
import type { RecognizeContext, RecognizedToolCall, Rule } from './types';

/**
 * The dispatcher: guards first (injection, someone else's account, unsupported actions, how-to
 * questions → no call), then the rules from the most specific to the most general; the first
 * rule that proposes a call wins, and the call is only returned if the contract's schema accepts it.
 */

export const RULES: readonly Rule[] = [
  callbackRule, // "call me back about my invoice" is a callback, not an invoice question
  contactRule,
  contactReadRule,
  appointmentRule,
  planRule,
  restartRule,
  diagnosticRule,
  outageRule,
  modemStatusRule,
  invoiceRule,
  overviewRule,
];

const SCHEMAS = { ...READ_TOOLS, ...WRITE_TOOLS } as const;

/** Checks a proposed call against the contract (and plan ids against the catalog). */
export function validateToolCall(call: RecognizedToolCall, ctx: Pick<RecognizeContext, 'catalog'>): RecognizedToolCall | null {
  const schema = SCHEMAS[call.toolName as ToolName];
  if (!schema) return null;
  const parsed = schema.safeParse(call.input);
  if (!parsed.success) return null;
  const input = parsed.data as Record<string, unknown>;
  if (call.toolName === 'change_plan' && !ctx.catalog.some((p) => p.id === input.planId)) return null;
  return { toolName: call.toolName, input };
}

/** What the recogniser made of a message, for tests and the evaluation's error analysis. */
export type Recognition =
  | { kind: 'call'; call: RecognizedToolCall; rule: string }
  | { kind: 'refused'; reason: NonNullable<ReturnType<typeof refusalKind>> }
  | { kind: 'invalid'; rule: string; call: RecognizedToolCall }
  | { kind: 'none' };

export function explainRecognition(text: string, ctx: RecognizeContext): Recognition {
  if (text.trim().length === 0 || text.length > 2000) return { kind: 'none' };
  const request = prepareRequest(text, ctx);
  const reason = refusalKind(request);
  if (reason) return { kind: 'refused', reason };
  for (const rule of RULES) {
    const call = rule.match(request);
    if (!call) continue;
    // An email address in any other request is someone's address the tool has no use for
    // ("send my bill to x@y.ch"): better no call than one that drops it silently.
    if (call.toolName !== 'update_contact_details' && extractEmails(text).length > 0) return { kind: 'none' };
    const valid = validateToolCall(call, ctx);
    return valid ? { kind: 'call', call: valid, rule: rule.name } : { kind: 'invalid', rule: rule.name, call };
  }
  return { kind: 'none' };
}

/**
 * Recognises a customer's request for one of the account tools, in English, German, French or
 * Italian, with its arguments as the contract's zod schemas want them; null for everything else
 * (how-to questions, other people's accounts, injections, actions no tool offers).
 */
export function recognizeAccountRequest(text: string, ctx: RecognizeContext): RecognizedToolCall | null {
  const result = explainRecognition(text, ctx);
  return result.kind === 'call' ? result.call : null;
}
