import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { approvals, type ApprovalRow } from '@/lib/db/schema';
import type { ApprovalCard, ApprovalStatus } from '@/lib/domain/account-tools';

/** Links approvals proposed during a turn to the assistant message stored at its end. */
export async function attachApprovalsToMessage(db: Db, { approvalIds, messageId }: { approvalIds: string[]; messageId: string }): Promise<void> {
  if (approvalIds.length > 0) await db.update(approvals).set({ messageId }).where(inArray(approvals.id, approvalIds));
}

/** An approval as the chat's approval card shows it (the outcome itself is the next message). */
export function approvalCard(row: ApprovalRow): ApprovalCard {
  return {
    approvalId: row.id,
    toolName: row.toolName,
    preview: row.preview as ApprovalCard['preview'],
    status: row.status as ApprovalStatus,
  };
}
