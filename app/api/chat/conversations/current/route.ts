import { NextResponse } from 'next/server';
import { getDatabase } from '@/lib/db';
import { findResumableConversation, RESUME_WINDOW_MS } from '@/lib/db/queries/conversations';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * GET /api/chat/conversations/current — the conversation a new tab should open: one a person is
 * handling, else the visitor's latest from the last 24 hours (`{ conversationId: null }` when
 * there is none). Conversations belong to the visitor cookie, not to one tab.
 */
export const GET = route({ name: '/api/chat/conversations/current', access: { visitor: 'optional' } }, async ({ caller: { visitor } }) => {
  if (!visitor) return NextResponse.json({ conversationId: null });
  const { db } = await getDatabase();
  const conversationId = await findResumableConversation(db, { owner: visitor.owner, since: new Date(Date.now() - RESUME_WINDOW_MS) });
  return NextResponse.json({ conversationId });
});
