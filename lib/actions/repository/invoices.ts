import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Outcome } from '@/lib/domain/account-tools';
import { OVERDUE_RESTRICTION_DAYS, blocksPlanChanges, overdueDays } from '@/lib/actions/policy';
import type { Db } from '@/lib/db/client';
import { invoiceLines, invoices, type InvoiceLineRow, type InvoiceRow } from '@/lib/db/schema';
import { daysBetween, daysInMonth, firstOfMonth, formatDayLabel, lastOfMonth, localDay } from './dates';
import { formatMoney, ok, refuse } from './outcome';
import { NOT_A_CUSTOMER, loadCustomer, type CustomerScope } from './shared';

export type InvoiceSummary = {
  id: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  /** 'overdue' = open and past its due date. */
  status: 'paid' | 'open' | 'overdue';
  paidOn: string | null;
  overdueDays: number;
};

export function summarizeInvoice(row: InvoiceRow, today: string): InvoiceSummary {
  const days = overdueDays(row, today);
  return {
    id: row.id,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    totalCents: row.totalCents,
    status: row.status === 'paid' ? 'paid' : days > 0 ? 'overdue' : 'open',
    paidOn: row.paidOn,
    overdueDays: days,
  };
}

/** The customer's unpaid invoices, oldest first. */
export async function loadOpenInvoices(db: Db, { customerId }: { customerId: string }): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.dueOn));
}

/** Unpaid invoices more than 30 days overdue (they block plan changes). */
export async function loadBlockingInvoices(db: Db, { customerId, today }: { customerId: string; today: string }): Promise<InvoiceSummary[]> {
  const open = await loadOpenInvoices(db, { customerId });
  return open.filter((row) => blocksPlanChanges(row, today)).map((row) => summarizeInvoice(row, today));
}

export function overdueRefusalMessage(blocking: InvoiceSummary[]): string {
  const [first] = blocking;
  const which = first
    ? `invoice ${first.id} (${formatMoney(first.totalCents)}, due ${formatDayLabel(first.dueOn)}) is ${first.overdueDays} days overdue`
    : 'an invoice is overdue';
  return `Plan changes are not possible while an invoice is more than ${OVERDUE_RESTRICTION_DAYS} days overdue: ${which}. Once it is paid, you can change your plan.`;
}

/** The customer's invoices, newest first. */
export async function listInvoices(db: Db, { customerId, limit = 12, now }: CustomerScope & { limit?: number }): Promise<Outcome<{ invoices: InvoiceSummary[] }>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    .limit(Math.min(Math.max(limit, 1), 24));
  return ok({ invoices: rows.map((row) => summarizeInvoice(row, today)) });
}

const LINE_GROUPS: { kind: InvoiceLineRow['kind']; label: string }[] = [
  { kind: 'subscription', label: 'Monthly fees' },
  { kind: 'roaming', label: 'Roaming' },
  { kind: 'one_off', label: 'One-off charges' },
  { kind: 'fee', label: 'Fees' },
  { kind: 'discount', label: 'Discounts' },
  { kind: 'credit', label: 'Credits' },
];

export type InvoiceLineView = {
  description: string;
  amountCents: number;
  periodFrom: string;
  periodTo: string | null;
  /** Charged for part of a month only (e.g. from the activation date). */
  proRated: boolean;
};

export type InvoiceExplanation = {
  invoice: InvoiceSummary;
  groups: { kind: InvoiceLineRow['kind']; label: string; totalCents: number; lines: InvoiceLineView[] }[];
  /** Plain-English sentences, one per topic (what the invoice covers, roaming, fees, pro-rating, status). */
  explanations: string[];
  /** The invoice before this one, to answer "why is it higher this time?". */
  previous: { id: string; totalCents: number; differenceCents: number } | null;
};

function isProRated(line: InvoiceLineRow): boolean {
  if (line.kind !== 'subscription' || !line.periodTo) return false;
  const fullMonth = line.periodFrom === firstOfMonth(line.periodFrom) && line.periodTo === lastOfMonth(line.periodFrom);
  return !fullMonth;
}

function monthLabel(day: string): string {
  return formatDayLabel(day).split(' ').slice(1).join(' ');
}

/** One invoice (the latest without an id), its lines grouped, with a plain explanation. */
export async function explainInvoice(db: Db, { customerId, invoiceId, now }: CustomerScope & { invoiceId?: string }): Promise<Outcome<InvoiceExplanation>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const today = localDay(now);
  const wanted = invoiceId?.trim().toUpperCase();
  const [row] = await db
    .select()
    .from(invoices)
    .where(wanted ? and(eq(invoices.customerId, customerId), eq(invoices.id, wanted)) : eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    .limit(1);
  if (!row) {
    const recent = await db
      .select({ id: invoices.id, issuedOn: invoices.issuedOn, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.customerId, customerId))
      .orderBy(desc(invoices.issuedOn))
      .limit(3);
    return refuse(
      'not_found',
      wanted ? `We could not find invoice ${wanted} on your account.` : 'There are no invoices on your account yet.',
      recent,
    );
  }
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.id));
  const [previousRow] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), lt(invoices.issuedOn, row.issuedOn)))
    .orderBy(desc(invoices.issuedOn))
    .limit(1);

  const groups = LINE_GROUPS.map(({ kind, label }) => {
    const members = lines.filter((line) => line.kind === kind);
    return {
      kind,
      label,
      totalCents: members.reduce((sum, line) => sum + line.amountCents, 0),
      lines: members.map((line) => ({
        description: line.description,
        amountCents: line.amountCents,
        periodFrom: line.periodFrom,
        periodTo: line.periodTo,
        proRated: isProRated(line),
      })),
    };
  }).filter((group) => group.lines.length > 0);

  const summary = summarizeInvoice(row, today);
  const explanations: string[] = [
    `Invoice ${row.id} was issued on ${formatDayLabel(row.issuedOn)} for ${formatMoney(row.totalCents)}. It charges the monthly fees for ${monthLabel(row.issuedOn)} in advance, plus usage such as calls and roaming from earlier months.`,
  ];
  for (const group of groups) {
    if (group.kind === 'roaming') {
      explanations.push(
        `Roaming (${formatMoney(group.totalCents)}): use of your phone abroad beyond what your plan includes, charged at pay-per-use rates. Roaming usage can appear one or two invoices after the trip, because partner networks report it late.`,
      );
    } else if (group.kind === 'fee') {
      explanations.push(`Fees (${formatMoney(group.totalCents)}): ${group.lines.map((l) => l.description).join('; ')}.`);
    } else if (group.kind === 'one_off') {
      explanations.push(`One-off charges (${formatMoney(group.totalCents)}): ${group.lines.map((l) => l.description).join('; ')}. They appear once, not every month.`);
    } else if (group.kind === 'discount') {
      explanations.push(`Discounts (${formatMoney(group.totalCents)}): ${group.lines.map((l) => l.description).join('; ')}.`);
    } else if (group.kind === 'credit') {
      explanations.push(`Credits (${formatMoney(group.totalCents)}) are offset against this invoice automatically.`);
    }
  }
  for (const line of lines.filter(isProRated)) {
    const days = daysBetween(line.periodFrom, line.periodTo ?? line.periodFrom) + 1;
    explanations.push(
      `${line.description} is pro-rated: ${formatMoney(line.amountCents)} for ${days} of ${daysInMonth(line.periodFrom)} days, from ${formatDayLabel(line.periodFrom)} (the activation date) to the end of that month. A new service's first invoice charges the part-month it started in.`,
    );
  }
  if (summary.status === 'paid') explanations.push(`It was paid on ${formatDayLabel(row.paidOn ?? row.dueOn)}.`);
  else if (summary.status === 'open') explanations.push(`It is due on ${formatDayLabel(row.dueOn)} (30 days after the invoice date).`);
  else {
    explanations.push(
      `It was due on ${formatDayLabel(row.dueOn)} and is ${summary.overdueDays} days overdue. Reminders follow 10 and 20 days after the due date (the second costs CHF 20); after 30 days services are restricted until the payment is registered.`,
    );
  }
  const previous = previousRow ? { id: previousRow.id, totalCents: previousRow.totalCents, differenceCents: row.totalCents - previousRow.totalCents } : null;
  if (previous && previous.differenceCents !== 0) {
    explanations.push(
      `That is ${formatMoney(Math.abs(previous.differenceCents))} ${previous.differenceCents > 0 ? 'more' : 'less'} than the previous invoice ${previous.id} (${formatMoney(previous.totalCents)}).`,
    );
  }
  return ok({ invoice: summary, groups, explanations, previous });
}
