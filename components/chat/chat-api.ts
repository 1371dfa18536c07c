import type { ApprovalCard } from '@/lib/domain/account-tools';
import type {
  ApprovalDecisionResponse,
  ConversationDetail,
  ConversationSummary,
  FeedbackRating,
  HandoffReason,
  HandoffSummary,
} from '@/lib/domain/chat';
import { embedHeaders } from './embed-credentials';

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
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...embedHeaders(), ...init?.headers },
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

/** The conversation a new tab should resume (this browser's, not only this tab's), or null. */
export async function fetchCurrentConversationId(): Promise<string | null> {
  const body = await request<{ conversationId: string | null }>('/api/chat/conversations/current', { cache: 'no-store' });
  return body.conversationId;
}

export async function fetchConversations(): Promise<ConversationSummary[]> {
  const body = await request<{ conversations: ConversationSummary[] }>('/api/chat/conversations', { cache: 'no-store' });
  return body.conversations;
}

export async function postFeedback(input: { messageId: string; rating: FeedbackRating; comment?: string }): Promise<void> {
  await request<unknown>('/api/chat/feedback', { method: 'POST', body: JSON.stringify(input) });
}

export async function postHandoff(input: { conversationId: string; reason: HandoffReason; note?: string; email?: string }): Promise<HandoffSummary> {
  const body = await request<{ handoff: HandoffSummary }>('/api/chat/handoff', { method: 'POST', body: JSON.stringify(input) });
  return body.handoff;
}

export type ApprovalDecision = 'approve' | 'decline';

function isApprovalCard(value: unknown, approvalId: string): value is ApprovalCard {
  if (!value || typeof value !== 'object') return false;
  const card = value as Partial<ApprovalCard>;
  return card.approvalId === approvalId && typeof card.status === 'string' && Boolean(card.preview) && typeof card.preview === 'object';
}

/**
 * POST /api/chat/approvals/<approvalId>. Both 200 (decided now) and 409 (decided before: a
 * double click, another tab) carry the card's current state, so both resolve; anything else
 * throws a ChatApiError.
 */
export async function postApprovalDecision(approvalId: string, decision: ApprovalDecision): Promise<ApprovalDecisionResponse> {
  let response: Response;
  try {
    response = await fetch(`/api/chat/approvals/${encodeURIComponent(approvalId)}`, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...embedHeaders() },
      body: JSON.stringify({ decision }),
    });
  } catch {
    throw new ChatApiError('network', null, 'network');
  }
  const text = await response.text().catch(() => '');
  if (response.ok || response.status === 409) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: reported below
    }
    if (body && typeof body === 'object' && 'card' in body && isApprovalCard(body.card, approvalId)) {
      const message = 'message' in body ? (body.message as ApprovalDecisionResponse['message']) : null;
      return { card: body.card, message: message && typeof message === 'object' && Array.isArray(message.parts) ? message : null };
    }
    if (response.ok) throw new ChatApiError('unexpected response', 502, 'bad_response');
  }
  const parsed = parseErrorBody(text);
  throw new ChatApiError(parsed?.message ?? (response.statusText || 'error'), response.status, parsed?.code ?? null);
}
