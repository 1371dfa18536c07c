import type { EmbedIdentity } from '@/lib/chat/owner';

/** The messages between widget.js on the host page and the chat in its frame (window.postMessage). */
export const WIDGET_MESSAGES = {
  /** frame → host: loaded, send me the identity. */
  ready: 'lantern:ready',
  /** host → frame: `{ identity?: string, visitorToken?: string }`: the signed identity and the visitor token the page kept (sent to Lantern's origin only). */
  init: 'lantern:init',
  /** frame → host: `{ visitorToken }`, for the page to keep (the frame's own storage may be blocked). */
  visitor: 'lantern:visitor',
  /** frame → host: the visitor closed the chat. */
  close: 'lantern:close',
} as const;

/** POST /api/embed/session's answer. */
export type EmbedSessionResponse = { visitorToken: string; identity: EmbedIdentity };
