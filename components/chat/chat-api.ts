import type {
  ConversationDetail,
  ConversationSummary,
  FeedbackRating,
  HandoffReason,
  HandoffSummary,
} from '@/lib/chat/contract';

/** An error answered by the chat API (`{ error: { code, message } }`) or by the network. */
export class ChatApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ChatApiError';
  }
}

/** Reads `{ error: { code, message } }` from a response body; null when it is not that shape. */
export function parseErrorBody(body: string | null | undefined): { code: string | null; message: string } | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
        const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
        return { code, message: error.message };
      }
      if (typeof error === 'string') return { code: null, message: error };
    }
  } catch {
    // not JSON
  }
  return null;
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
    });
  } catch {
    throw new ChatApiError('network', null, 'network');
  }
  if (!response.ok) {
    const parsed = parseErrorBody(await response.text().catch(() => ''));
    throw new ChatApiError(parsed?.message ?? response.statusText ?? 'error', response.status, parsed?.code ?? null);
  }
  return (await response.json()) as T;
}

/** The owner's conversation, or null when it does not exist (or is not this visitor's). */
export async function fetchConversation(id: string): Promise<ConversationDetail | null> {
  try {
    return await request<ConversationDetail>(`/api/chat/conversations/${encodeURIComponent(id)}`, { cache: 'no-store' });
  } catch (error) {
    if (error instanceof ChatApiError && (error.status === 404 || error.status === 403 || error.status === 401)) return null;
    throw error;
  }
}

export async function fetchConversations(): Promise<ConversationSummary[]> {
  const body = await request<{ conversations: ConversationSummary[] }>('/api/chat/conversations', { cache: 'no-store' });
  return body.conversations;
}

export async function postFeedback(input: { messageId: string; rating: FeedbackRating; comment?: string }): Promise<void> {
  await request<unknown>('/api/chat/feedback', { method: 'POST', body: JSON.stringify(input) });
}

export async function postHandoff(input: { conversationId: string; reason: HandoffReason; note?: string }): Promise<HandoffSummary> {
  const body = await request<{ handoff: HandoffSummary }>('/api/chat/handoff', { method: 'POST', body: JSON.stringify(input) });
  return body.handoff;
}
