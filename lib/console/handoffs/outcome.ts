/**
 * How a hand-off ended. handoffs.outcome is one text column, so the note travels with the kind:
 * `resolved`, or `resolved: the customer's modem was swapped`. The kind stays the prefix before
 * the first colon, so dashboards can group with split_part(outcome, ':', 1).
 */
export const HANDOFF_OUTCOMES = ['resolved', 'no_response', 'other'] as const;
export type HandoffOutcome = (typeof HANDOFF_OUTCOMES)[number];

export const HANDOFF_OUTCOME_LABELS: Record<HandoffOutcome, string> = {
  resolved: 'Resolved',
  no_response: 'No response from the customer',
  other: 'Other',
};

export function formatHandoffOutcome(kind: HandoffOutcome, note: string | null): string {
  const clean = note?.replace(/\s+/g, ' ').trim();
  return clean ? `${kind}: ${clean}` : kind;
}

export function parseHandoffOutcome(value: string | null): { kind: HandoffOutcome | null; label: string; note: string | null } | null {
  if (!value) return null;
  const colon = value.indexOf(':');
  const head = (colon === -1 ? value : value.slice(0, colon)).trim();
  const note = colon === -1 ? null : value.slice(colon + 1).trim() || null;
  const kind = HANDOFF_OUTCOMES.find((k) => k === head) ?? null;
  return { kind, label: kind ? HANDOFF_OUTCOME_LABELS[kind] : head, note };
}

export const HANDOFF_REASON_LABELS: Record<string, string> = {
  customer_request: 'Customer asked for a person',
  missing_knowledge: 'Missing knowledge',
  policy: 'Policy question',
  tool_failure: 'Account tool failed',
  other: 'Other',
};

/** "4 min", "2 h 05 min", "3 d 4 h": how long someone has been waiting. */
export function formatWaiting(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  const days = Math.floor(hours / 24);
  return `${days} d ${hours % 24} h`;
}
