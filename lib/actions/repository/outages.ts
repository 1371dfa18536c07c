import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Outcome } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { outages, type OutageRow } from '@/lib/db/schema';
import { formatDayLabel, formatTime, localDay, toZonedIso } from './dates';
import { ok } from './outcome';
import { NOT_A_CUSTOMER, heldPlans, loadActiveSubscriptions, loadArea, loadCatalog, loadCustomer, type CustomerScope } from './shared';

export type OutageView = {
  id: number;
  service: OutageRow['service'];
  /** Whether the customer has a subscription of that service. */
  affectsYou: boolean;
  startedAt: string;
  expectedEndAt: string | null;
  resolvedAt: string | null;
  description: string;
};

export type OutageStatus = {
  area: { id: string; name: string };
  ongoing: OutageView[];
  planned: OutageView[];
  /** Resolved in the last 24 hours. */
  recentlyResolved: OutageView[];
  /** One sentence for the customer. */
  summary: string;
  notes: string[];
};

const SERVICE_LABEL: Record<OutageRow['service'], string> = { internet: 'internet', tv: 'TV', mobile: 'mobile' };
const RECENT_MS = 24 * 3_600_000;

function when(instant: Date): string {
  return `${formatDayLabel(localDay(instant))} ${formatTime(instant)}`;
}

/** Known outages in the customer's area: ongoing, planned, and resolved in the last 24 hours. */
export async function getOutageStatus(db: Db, { customerId, now }: CustomerScope): Promise<Outcome<OutageStatus>> {
  const customer = await loadCustomer(db, { customerId });
  if (!customer) return NOT_A_CUSTOMER;
  const area = await loadArea(db, { areaId: customer.areaId });
  const catalog = await loadCatalog(db);
  const kinds = new Set(heldPlans(await loadActiveSubscriptions(db, { customerId }), catalog, localDay(now)).map((h) => h.plan.kind as string));
  const rows = await db
    .select()
    .from(outages)
    .where(and(eq(outages.areaId, customer.areaId), or(isNull(outages.resolvedAt), gt(outages.resolvedAt, new Date(now.getTime() - RECENT_MS)))))
    .orderBy(asc(outages.startedAt));
  const view = (row: OutageRow): OutageView => ({
    id: row.id,
    service: row.service,
    affectsYou: kinds.has(row.service),
    startedAt: toZonedIso(row.startedAt),
    expectedEndAt: row.expectedEndAt ? toZonedIso(row.expectedEndAt) : null,
    resolvedAt: row.resolvedAt ? toZonedIso(row.resolvedAt) : null,
    description: row.description,
  });
  const resolved = rows.filter((r) => r.resolvedAt !== null && r.resolvedAt <= now);
  const planned = rows.filter((r) => r.resolvedAt === null && r.startedAt > now);
  const ongoing = rows.filter((r) => (r.resolvedAt === null || r.resolvedAt > now) && r.startedAt <= now);

  const notes: string[] = [];
  let summary: string;
  const mine = ongoing.filter((r) => kinds.has(r.service));
  if (mine.length > 0) {
    summary = mine
      .map(
        (r) =>
          `There is an ongoing ${SERVICE_LABEL[r.service]} outage in the ${area.name} area since ${when(r.startedAt)}${r.expectedEndAt ? `, expected to be fixed by ${when(r.expectedEndAt)}` : ''}.`,
      )
      .join(' ');
    notes.push('Outages of more than 24 hours are compensated automatically on your next invoice (1/30 of the monthly fee of the affected service per started day).');
    if (mine.some((r) => r.service === 'internet') && kinds.has('mobile')) {
      notes.push('If the internet outage lasts more than 24 hours, you can activate free backup data for your Alpenwave mobile in the app (Service status > Activate backup data).');
    }
  } else if (ongoing.length > 0) {
    summary = `There is a ${ongoing.map((r) => SERVICE_LABEL[r.service]).join(' and ')} outage in the ${area.name} area, but it does not affect your services.`;
  } else {
    summary = `There is no known outage in the ${area.name} area right now. If something does not work, a restart of your Box or a line test can help.`;
  }
  return ok({ area, ongoing: ongoing.map(view), planned: planned.map(view), recentlyResolved: resolved.map(view), summary, notes });
}
