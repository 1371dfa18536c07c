/**
 * The current conversation of this browser tab, in sessionStorage: it survives reloads and
 * navigation. Conversations themselves belong to the browser (the server recognises their owner
 * by an httpOnly cookie): a new tab asks the server which one to resume
 * (GET /api/chat/conversations/current).
 */
export const CONVERSATION_STORAGE_KEY = 'lantern-chat-conversation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isConversationId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function readStoredConversationId(): string | null {
  try {
    const value = window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY);
    return isConversationId(value) ? value : null;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function storeConversationId(id: string): void {
  try {
    window.sessionStorage.setItem(CONVERSATION_STORAGE_KEY, id);
  } catch {
    // Without storage the conversation simply does not survive a reload.
  }
}

export function clearStoredConversationId(): void {
  try {
    window.sessionStorage.removeItem(CONVERSATION_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** A v4 UUID; crypto.randomUUID only exists in secure contexts (https, localhost). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
