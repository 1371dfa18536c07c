import type { Db } from '@/lib/db/client';
import type { ConversationOwner } from '@/lib/db/queries/conversations';
import { hitLimit } from '@/lib/db/queries/rate-limits';

/** Counts one chat message against the owner's per-minute allowance (shared by all instances). */
export async function takeChatAllowance(db: Db, { owner, perMinute }: { owner: ConversationOwner; perMinute: number }): Promise<{ ok: boolean; retryAfterSeconds: number }> {
  const key = `chat:${owner.kind === 'user' ? owner.userId : owner.anonKey}`;
  const state = await hitLimit(db, { key, windowSeconds: 60 });
  return { ok: state.count <= perMinute, retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000)) };
}
