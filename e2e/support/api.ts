import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../helpers';

/**
 * The public APIs as a script would call them (no browser page): sign in through Auth.js's
 * credentials callback, send chat messages and read the UI message stream.
 */

/** Signs `api` in; its cookie jar then carries the session (to every port on the same host). */
export async function signInApi(api: APIRequestContext, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  const { csrfToken } = (await (await api.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const response = await api.post(`${baseUrl}/api/auth/callback/credentials`, {
    form: { email, password, csrfToken, callbackUrl: `${baseUrl}/chat` },
    maxRedirects: 0,
  });
  const session = (await (await api.get(`${baseUrl}/api/auth/session`)).json()) as { user?: { email?: string } } | null;
  if (session?.user?.email !== email) throw new Error(`sign-in as ${email} failed (callback answered ${response.status()})`);
}

export type ChatReply = { status: number; body: string; messageId: string | null; approvalIds: string[]; finished: boolean; text: string };

/** One chat message; waits for the whole streamed answer. */
export async function sendChat(api: APIRequestContext, baseUrl: string, { conversationId, text }: { conversationId: string; text: string }): Promise<ChatReply> {
  const response = await api.post(`${baseUrl}/api/chat`, {
    data: { conversationId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    timeout: 60_000,
  });
  const body = await response.text();
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; id?: string; delta?: string; messageMetadata?: { messageId?: string } });
  return {
    status: response.status(),
    body,
    messageId: events.find((e) => e.messageMetadata?.messageId)?.messageMetadata?.messageId ?? null,
    approvalIds: events.filter((e) => e.type === 'data-approval' && e.id).map((e) => e.id!),
    finished: events.some((e) => e.type === 'finish'),
    text: events
      .filter((e) => e.type === 'text-delta')
      .map((e) => e.delta ?? '')
      .join(''),
  };
}

export { randomUUID };
