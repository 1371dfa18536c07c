import { z } from 'zod';

/**
 * The account tools' contract: names, zod-typed inputs, and the typed results and refusals the
 * customer system returns. No input ever names a customer: the server takes the identity from
 * the session. Shared by the tools, the local model's intent recogniser, the evaluation set
 * (content/golden/actions.jsonl) and the chat UI's approval card.
 */

export const PLAN_KINDS = ['internet', 'mobile', 'tv'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true, message: 'a date and time in ISO 8601, e.g. 2026-12-03T08:00:00+01:00' });

// ---- Read tools: run at once, no approval. -------------------------------------------------

export const READ_TOOLS = {
  get_account_overview: z.object({}).strict(),
  list_invoices: z.object({ limit: z.number().int().min(1).max(12).optional() }).strict(),
  /** Without an id: the latest invoice. */
  explain_invoice: z.object({ invoiceId: z.string().min(1).max(40).optional() }).strict(),
  list_available_plans: z.object({ kind: z.enum(PLAN_KINDS).optional() }).strict(),
  /** Free technician slots from a date (default: tomorrow), for `days` days (default 7). */
  list_appointment_slots: z.object({ from: isoDate.optional(), days: z.number().int().min(1).max(28).optional() }).strict(),
  get_outage_status: z.object({}).strict(),
  get_modem_status: z.object({}).strict(),
  /** The customer's booked technician visit (the next one not yet over). */
  get_appointment: z.object({}).strict(),
  /** The email address, phone number and postal address on file. */
  get_contact_details: z.object({}).strict(),
} as const;

// ---- Write tools: proposed by the model, approved by the customer, verified, executed once. ---

export const WRITE_TOOLS = {
  /** planId from the catalog (e.g. "wave-home-1000"); the policy decides the effective date. */
  change_plan: z.object({ planId: z.string().min(1).max(40) }).strict(),
  /** Moves the customer's next technician appointment to the slot starting at `startsAt`. */
  reschedule_appointment: z.object({ startsAt: isoDateTime }).strict(),
  restart_modem: z.object({}).strict(),
  run_line_diagnostic: z.object({}).strict(),
  /** Exactly one of the two. */
  update_contact_details: z
    .object({ email: z.email().max(200).optional(), phone: z.string().regex(/^\+?[0-9 ]{7,20}$/, 'a phone number such as +41 79 123 45 67').optional() })
    .strict()
    .refine((v) => (v.email === undefined) !== (v.phone === undefined), 'give either an email address or a phone number'),
  /** Creates a hand-off: a person calls the customer back. */
  request_callback: z.object({ topic: z.string().max(200).optional() }).strict(),
} as const;

export type ReadToolName = keyof typeof READ_TOOLS;
export type WriteToolName = keyof typeof WRITE_TOOLS;
export type ToolName = ReadToolName | WriteToolName;
export type ToolInput<T extends ToolName> = z.infer<(typeof READ_TOOLS & typeof WRITE_TOOLS)[T]>;

export const READ_TOOL_NAMES = Object.keys(READ_TOOLS) as ReadToolName[];
export const WRITE_TOOL_NAMES = Object.keys(WRITE_TOOLS) as WriteToolName[];

export function isWriteTool(name: string): name is WriteToolName {
  return (WRITE_TOOL_NAMES as string[]).includes(name);
}

// ---- Results --------------------------------------------------------------------------------

/** Why the customer system said no. Every refusal carries a sentence for the customer. */
export const REFUSAL_REASONS = [
  'not_a_customer',
  'overdue_invoice',
  'plan_unknown',
  'same_plan',
  'plan_not_switchable',
  'plan_not_in_area',
  'plan_change_this_month',
  'no_appointment',
  'slot_unknown',
  'slot_taken',
  'slot_too_soon',
  'no_device',
  'device_offline',
  'invalid_contact',
  'not_found',
  // Account action connectors (lib/actions/connectors): a company's own API, called over HTTP.
  /** The tool's arguments did not fit its input schema; nothing was sent. */
  'invalid_input',
  /** The system did not answer in time, failed (5xx), or answered something unreadable. */
  'unavailable',
  /** The system said no (a 4xx) without a reason the tool's definition maps. */
  'request_refused',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type Refusal = {
  ok: false;
  reason: RefusalReason;
  /**
   * For the customer, in English; the chat phrases it in their language. A connector's refusal
   * (lib/actions/connectors) is already in the customer's language, and may be the company's own sentence.
   */
  message: string;
  /** E.g. free slots near the one asked for, or plans that are offered. */
  alternatives?: unknown[];
};

export type Success<T> = { ok: true; value: T };
export type Outcome<T> = Success<T> | Refusal;

/** One line of "what will change", shown on the approval card before the customer decides. */
export type ChangeLine = { label: string; before: string | null; after: string };

/** A write tool's preview: what the approval card shows. */
export type ActionPreview = { title: string; changes: ChangeLine[]; notes: string[] };

export const APPROVAL_STATUSES = ['pending', 'declined', 'executing', 'executed', 'refused', 'failed', 'expired', 'superseded'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The approval card's data (UI message data part `data-approval`, id = approvalId). */
export type ApprovalCard = {
  approvalId: string;
  /** A built-in write tool's name, or a write connector's (lib/actions/connectors). */
  toolName: string;
  preview: ActionPreview;
  status: ApprovalStatus;
  /** After the decision: what happened, in the customer's language. */
  resultText?: string;
};

/** POST /api/chat/approvals/<approvalId> */
export const approvalDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) }).strict();
