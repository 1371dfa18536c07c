import { NextResponse } from 'next/server';
import type { ConversationSummary } from '@/lib/domain/chat';
import { getDatabase } from '@/lib/db';
import { listUserConversations } from '@/lib/db/queries/conversations';
import { route } from '@/lib/http/route';
import { isLocale } from '@/lib/i18n/locales';

export const dynamic = 'force-dynamic';

/** GET /api/chat/conversations — a signed-in user's conversations, newest first. */
export const GET = route({ name: '/api/chat/conversations', access: { customer: 'Sign in to see your conversations.' } }, async ({ caller: { visitor } }) => {
  const { db } = await getDatabase();
  const rows = await listUserConversations(db, { userId: visitor.owner.userId });
  const conversations: ConversationSummary[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    lang: isLocale(r.lang) ? r.lang : null,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return NextResponse.json({ conversations });
});
