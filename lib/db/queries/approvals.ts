import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { ActionPreview, ApprovalStatus } from '@/lib/domain/account-tools';
import type { Db } from '../client';
import { queryRows } from '../rows';
import { approvals, type ApprovalRow } from '../schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewApproval = {
  /** Set when the caller must know the id before the row exists (a refreshed card). */
  id?: string;
  conversationId: string;
  userId: string;
  customerId: string;
  /** A built-in write tool, or a write connector. */
  toolName: string;
  /** The model's tool call id: the idempotency key. */
  toolCallId: string;
  input: unknown;
  preview: ActionPreview;
  requestText: string;
  expiresAt: Date;
  messageId?: string | null;
  now?: Date;
};

/**
 * Stores a proposed write for the customer to decide on. The same tool call stored twice (a
 * retried request) returns the first approval instead of a second one.
 */
export async function createApproval(db: Db, input: NewApproval): Promise<{ approval: ApprovalRow; created: boolean }> {
  const [inserted] = await db
    .insert(approvals)
    .values({
      ...(input.id ? { id: input.id } : {}),
      conversationId: input.conversationId,
      userId: input.userId,
      customerId: input.customerId,
      toolName: input.toolName,
      toolCallId: input.toolCallId,
      input: input.input ?? {},
      preview: input.preview,
      requestText: input.requestText,
      expiresAt: input.expiresAt,
      messageId: input.messageId ?? null,
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .onConflictDoNothing({ target: approvals.toolCallId })
    .returning();
  if (inserted) return { approval: inserted, created: true };
  const [existing] = await db.select().from(approvals).where(eq(approvals.toolCallId, input.toolCallId)).limit(1);
  if (!existing || existing.userId !== input.userId || existing.conversationId !== input.conversationId) {
    throw new Error(`tool call ${input.toolCallId} already belongs to another approval`);
  }
  return { approval: existing, created: false };
}

export async function findApproval(db: Db, { id }: { id: string }): Promise<ApprovalRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  return row ?? null;
}

/** A conversation's approvals in the order they were proposed (to restore approval cards). */
export async function listConversationApprovals(db: Db, { conversationId }: { conversationId: string }): Promise<ApprovalRow[]> {
  return db.select().from(approvals).where(eq(approvals.conversationId, conversationId)).orderBy(asc(approvals.createdAt), asc(approvals.id));
}

export type ClaimResult = { claimed: true; approval: ApprovalRow } | { claimed: false; approval: ApprovalRow | null };

/**
 * The customer's decision, applied atomically: one UPDATE moves a pending, unexpired approval
 * owned by this user to 'executing' (approve) or 'declined' (decline). Only the caller that gets
 * `claimed: true` may execute the tool; a double click, a replay or a second tab gets the current
 * state instead. Someone else's (or an unknown) approval comes back as null; a pending approval
 * past its expiry is marked 'expired'.
 */
export async function claimApproval(
  db: Db,
  { id, userId, decision, now }: { id: string; userId: string; decision: 'approve' | 'decline'; now: Date },
): Promise<ClaimResult> {
  if (!UUID.test(id) || !UUID.test(userId)) return { claimed: false, approval: null };
  const [claimed] = await db
    .update(approvals)
    .set({ status: decision === 'approve' ? 'executing' : 'declined', decidedAt: now })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'), eq(approvals.userId, userId), gt(approvals.expiresAt, now)))
    .returning();
  if (claimed) return { claimed: true, approval: claimed };

  const current = await findApproval(db, { id });
  if (!current || current.userId !== userId) return { claimed: false, approval: null };
  if (current.status === 'pending' && current.expiresAt <= now) {
    const [expired] = await db
      .update(approvals)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending'), lte(approvals.expiresAt, now)))
      .returning();
    return { claimed: false, approval: expired ?? (await findApproval(db, { id })) };
  }
  return { claimed: false, approval: current };
}

/** 'superseded': the terms changed before execution; a new approval carries the current ones. */
export type FinalApprovalStatus = Extract<ApprovalStatus, 'executed' | 'refused' | 'failed' | 'superseded'>;

/** Records how an executing approval ended. Only an 'executing' approval can finish (once); otherwise null. */
export async function finishApproval(
  db: Db,
  { id, status, result }: { id: string; status: FinalApprovalStatus; result: unknown },
): Promise<ApprovalRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .update(approvals)
    .set({ status, result: result ?? null })
    .where(and(eq(approvals.id, id), eq(approvals.status, 'executing')))
    .returning();
  return row ?? null;
}

export type ResolvedApproval = {
  id: string;
  status: Extract<ApprovalStatus, 'executed' | 'refused' | 'failed'>;
  conversationId: string;
  /** The conversation's language, to tell the customer. */
  lang: string | null;
  toolName: string;
};

/**
 * Approvals left in 'executing' since before `before` (the server stopped between the claim and
 * the finish) are resolved from the customer system's audit log, which the write commits in the
 * same transaction as the change: an 'executed' row means it happened, a 'refused' one that it
 * was refused, none (or 'failed') that nothing changed. One statement, at most `limit` rows; the
 * rows are locked and the status re-checked, so instances sweeping at once resolve each once.
 */
export async function resolveStuckApprovals(db: Db, { before, limit }: { before: Date; limit: number }): Promise<ResolvedApproval[]> {
  const rows = await queryRows<{ id: string; status: ResolvedApproval['status']; conversation_id: string; lang: string | null; tool_name: string }>(
    db,
    sql`with stuck as (
        select a.id, c.lang, (
          select l.outcome from audit_log l
          where l.customer_id = a.customer_id and l.approval_id = a.id
          order by (l.outcome = 'executed') desc, l.id desc limit 1
        ) as audit_outcome
        from approvals a join conversations c on c.id = a.conversation_id
        where a.status = 'executing' and coalesce(a.decided_at, a.created_at) < ${before.toISOString()}::timestamptz
        order by coalesce(a.decided_at, a.created_at)
        limit ${limit}
        for update of a skip locked
      )
      update approvals set
        status = case stuck.audit_outcome when 'executed' then 'executed' when 'refused' then 'refused' else 'failed' end,
        result = jsonb_build_object(
          'resolvedBy', 'sweep',
          'auditOutcome', stuck.audit_outcome,
          'text', case stuck.audit_outcome
            when 'executed' then 'Executed (the audit log holds it); the server stopped before it reported the outcome.'
            when 'refused' then 'Refused by the customer system; the server stopped before it reported the outcome.'
            else 'Did not complete: the server stopped during execution; nothing was changed.' end)
      from stuck
      where approvals.id = stuck.id and approvals.status = 'executing'
      returning approvals.id, approvals.status, approvals.conversation_id, stuck.lang, approvals.tool_name`,
  );
  return rows.map((r) => ({ id: r.id, status: r.status, conversationId: r.conversation_id, lang: r.lang, toolName: r.tool_name }));
}
