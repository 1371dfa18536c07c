import { NextResponse } from 'next/server';
import { resolveAuthSecret } from '@/lib/auth/secret';
import { resolveChatIdentity } from '@/lib/chat/owner';
import { VISITOR_HEADER, isValidVisitorToken, issueVisitorToken } from '@/lib/embed/visitor-token';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * POST /api/embed/session — the widget's frame asks this each time it opens: it gets back its
 * visitor token (the one it sent when still valid, else a new one) and what became of the
 * identity the host site passed (verified with the customer's name, expired, invalid, none).
 */
export const POST = route({ name: '/api/embed/session', access: { anyone: true }, limit: 'widget' }, async ({ request, config }) => {
  const secret = resolveAuthSecret(config);
  const sent = request.headers.get(VISITOR_HEADER);
  const visitorToken = isValidVisitorToken(secret, sent) ? sent : issueVisitorToken(secret);
  const headers = new Headers(request.headers);
  headers.set(VISITOR_HEADER, visitorToken);
  const identity = await resolveChatIdentity({ create: false, headers });
  return NextResponse.json({ visitorToken, identity: identity?.embed ?? { status: 'none' } }, { headers: { 'Cache-Control': 'no-store' } });
});
