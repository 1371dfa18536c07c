import { NextResponse } from 'next/server';
import type { ConversationSummary } from '@/lib/chat/contract';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { getDatabase } from '@/lib/db';
import { listUserConversations } from '@/lib/db/queries/conversations';
import { apiError } from '@/lib/http/errors';
import { isLocale } from '@/lib/i18n/locales';
import { instrumentRoute } from '@/lib/observability/instrument-route';

export const dynamic = 'force-dynamic';

/** GET /api/chat/conversations — a signed-in user's conversations, newest first. */
export const GET = instrumentRoute('/api/chat/conversations', async () => {
  const identity = await resolveChatIdentity({ create: false });
  if (!identity || identity.owner.kind !== 'user') return apiError(401, 'unauthenticated', 'Sign in to see your conversations.');
  const { db } = await getDatabase();
  const rows = await listUserConversations(db, { userId: identity.owner.userId });
  const conversations: ConversationSummary[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    lang: isLocale(r.lang) ? r.lang : null,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return NextResponse.json({ conversations });
});
