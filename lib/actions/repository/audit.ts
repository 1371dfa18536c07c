import { and, desc, eq } from 'drizzle-orm';
import type { Outcome, Refusal, Success, WriteToolName } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { auditLog, type AuditLogRow } from '@/lib/db/schema';
import type { ActorScope } from './shared';

export type AuditEntry = {
  at: Date;
  actorUserId: string | null;
  customerId: string;
  /** A built-in write tool, or a write connector (lib/actions/connector-approval.ts). */
  action: string;
  input: unknown;
  before: unknown;
  after: unknown;
  approvalId: string | null;
  outcome: AuditLogRow['outcome'];
  reason: string | null;
};

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...entry,
    input: entry.input ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A customer's audit trail, newest first (optionally one action only). */
export async function listAuditEntries(
  db: Db,
  { customerId, action, limit = 50 }: { customerId: string; action?: WriteToolName; limit?: number },
): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(action ? and(eq(auditLog.customerId, customerId), eq(auditLog.action, action)) : eq(auditLog.customerId, customerId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** What a write's transaction body decided: a refusal (nothing changed), or a change with its before/after. */
export type AuditedWork<T> = { outcome: Refusal } | { outcome: Success<T>; before: unknown; after: unknown };

/**
 * Runs one write: the body re-checks every precondition and applies the change inside a
 * transaction, and exactly one audit row records the attempt: 'executed' (committed together
 * with the change), 'refused' (nothing changed), or 'failed' (the transaction rolled back; the
 * error is re-thrown for the caller to report).
 */
export async function runAudited<T>(
  db: Db,
  scope: ActorScope & { action: WriteToolName; input: unknown },
  body: (tx: Db) => Promise<AuditedWork<T>>,
): Promise<Outcome<T>> {
  const base = {
    at: scope.now,
    actorUserId: scope.actorUserId,
    customerId: scope.customerId,
    action: scope.action,
    input: scope.input,
    approvalId: scope.approvalId,
  };
  try {
    return await db.transaction(async (tx) => {
      const work = await body(tx);
      if (!work.outcome.ok) {
        await writeAudit(tx, { ...base, before: null, after: null, outcome: 'refused', reason: work.outcome.reason });
        return work.outcome;
      }
      const applied = work as { outcome: Success<T>; before: unknown; after: unknown };
      await writeAudit(tx, { ...base, before: applied.before, after: applied.after, outcome: 'executed', reason: null });
      return applied.outcome;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writeAudit(db, { ...base, before: null, after: null, outcome: 'failed', reason: message.slice(0, 500) }).catch(() => {});
    throw error;
  }
}
