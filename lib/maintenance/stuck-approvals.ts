import { randomUUID } from 'node:crypto';
import { interruptedText } from '@/lib/actions/phrasing';
import type { Db } from '@/lib/db/client';
import { resolveStuckApprovals } from '@/lib/db/queries/approvals';
import { touchConversation } from '@/lib/db/queries/conversations';
import { storeAssistantMessage } from '@/lib/db/queries/messages';
import { isLocale } from '@/lib/i18n/locales';

/**
 * An approval is 'executing' only between the claim and the finish of one request (seconds, an
 * LLM verifier and report included). One older than this was orphaned by a server that stopped
 * mid-way, and is resolved from the audit log.
 */
export const STUCK_AFTER_MS = 5 * 60_000;
const BATCH = 100;

export type StuckApprovalCounts = { executed: number; refused: number; failed: number };

/**
 * Resolves approvals stuck in 'executing' (see resolveStuckApprovals). Where nothing was changed,
 * an assistant message tells the customer that the change did not go through and offers a
 * person; it is stored in the same transaction as the status, so it is written exactly once.
 */
export async function resolveStuckApprovalsNow(db: Db, { now = new Date(), stuckAfterMs = STUCK_AFTER_MS } = {}): Promise<StuckApprovalCounts> {
  const counts: StuckApprovalCounts = { executed: 0, refused: 0, failed: 0 };
  const before = new Date(now.getTime() - stuckAfterMs);
  for (;;) {
    const resolved = await db.transaction(async (tx) => {
      const rows = await resolveStuckApprovals(tx, { before, limit: BATCH });
      for (const row of rows) {
        counts[row.status] += 1;
        if (row.status === 'executed') continue;
        const lang = isLocale(row.lang) ? row.lang : 'en';
        await storeAssistantMessage(tx, {
          id: randomUUID(),
          conversationId: row.conversationId,
          replyTo: null,
          content: interruptedText(lang),
          lang,
          outcome: 'error',
          citations: [],
          suggestions: null,
          handoffOffered: true,
        });
        await touchConversation(tx, { id: row.conversationId, lang: null });
      }
      return rows.length;
    });
    if (resolved < BATCH) return counts;
  }
}
