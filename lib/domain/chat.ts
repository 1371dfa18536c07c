import type { UIMessage } from 'ai';
import { z } from 'zod';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import { LOCALES, type Locale } from '@/lib/i18n/locales';

/**
 * The chat's wire contract, shared by the route handlers (which validate with these schemas)
 * and the browser (which renders these types). Changing a shape here changes both sides.
 */

/** Longest customer message accepted; longer ones get a 400 JSON error (the whole body's cap is a 413). */
/** One earlier message, as the answer pipeline and the account model see a conversation. */
export type Turn = { role: 'user' | 'assistant'; content: string };

export const MAX_MESSAGE_CHARS = 2000;
export const MAX_COMMENT_CHARS = 2000;

export const HANDOFF_REASONS = ['customer_request', 'missing_knowledge', 'policy', 'tool_failure', 'other'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/**
 * What became of one customer message:
 * answered (generated, cited) · golden (expert answer, verbatim) · no_answer (nothing grounded:
 * hand-off offered) · out_of_scope (friendly nudge) · chit_chat · clarify (asked which version)
 * · sign_in (account request from an anonymous visitor) · error (model failed or timed out)
 * · agent (a support expert's reply) · account (answered from the customer's account data, or
 * the outcome of an approved action) · approval (an account change proposed, waiting for the
 * customer's approval card) · refused (the customer system said no, with the reason) · relayed
 * (a person holds the conversation: the message went to them, the bot only acknowledged it) ·
 * handoff (the model opened a hand-off to a person).
 */
export const ANSWER_OUTCOMES = [
  'answered',
  'golden',
  'no_answer',
  'out_of_scope',
  'chit_chat',
  'clarify',
  'sign_in',
  'error',
  'agent',
  'account',
  'approval',
  'refused',
  'relayed',
  'handoff',
] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** A source the answer cites; `n` is the number shown in the text as [n]. Built from the corpus. */
export type Citation = {
  n: number;
  documentId: string;
  title: string;
  /** /articles/<slug>#<heading-anchor> */
  url: string;
  heading: string | null;
};

export type Feedback = { rating: FeedbackRating; comment: string | null };

export type HandoffSummary = { id: string; reason: HandoffReason; status: 'open' | 'claimed' | 'closed'; createdAt: string };

/** Metadata on every chat message (sent by the server at the start and the end of a stream). */
export type ChatMessageMetadata = {
  conversationId?: string;
  /** The stored message's id: feedback refers to it. */
  messageId?: string;
  outcome?: AnswerOutcome;
  /** Show the "Talk to a person" offer under this answer. */
  handoffOffered?: boolean;
  citations?: Citation[];
  /** Quick replies to show as buttons (e.g. "Box 3" / "Box 5" for a clarifying question). */
  suggestions?: string[];
  lang?: Locale;
  feedback?: Feedback | null;
  createdAt?: string;
};

/** Custom data parts: `data-approval` (id = approvalId) carries an account change's approval card. */
export type ChatDataParts = { approval: ApprovalCard };

export type ChatUIMessage = UIMessage<ChatMessageMetadata, ChatDataParts>;

/** POST /api/chat/approvals/<approvalId> → 200 (decided now) or 409 (already decided: current state). */
export type ApprovalDecisionResponse = { card: ApprovalCard; message: ChatUIMessage | null };

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, 'the message is empty')
  .max(MAX_MESSAGE_CHARS, `the message is longer than ${MAX_MESSAGE_CHARS} characters`)
  .refine((text) => !CONTROL_CHARS.test(text), 'the message contains control characters');

/** POST /api/chat — one new customer message; the server holds the history. */
export const chatRequestSchema = z
  .object({
    conversationId: z.uuid(),
    message: z
      .object({
        id: z.string().min(1).max(100),
        role: z.literal('user'),
        parts: z.array(z.object({ type: z.literal('text'), text: messageTextSchema }).loose()).length(1),
      })
      .loose(),
    /** The site's language: a prior for very short messages, not an override. */
    locale: z.enum(LOCALES).optional(),
  })
  .strict();
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** POST /api/chat/feedback */
export const feedbackRequestSchema = z
  .object({
    messageId: z.uuid(),
    rating: z.enum(FEEDBACK_RATINGS),
    comment: z.string().trim().max(MAX_COMMENT_CHARS).optional(),
  })
  .strict();

/** POST /api/chat/handoff */
export const handoffRequestSchema = z
  .object({
    conversationId: z.uuid(),
    reason: z.enum(HANDOFF_REASONS),
    note: z.string().trim().max(MAX_COMMENT_CHARS).optional(),
    /** Where an anonymous customer wants the reply (they may leave before a person answers). */
    email: z.email({ message: 'must be an email address' }).max(254).optional(),
  })
  .strict();

/** GET /api/chat/conversations */
export type ConversationSummary = { id: string; title: string; lang: Locale | null; updatedAt: string };

/** GET /api/chat/conversations/[id] */
export type ConversationDetail = {
  id: string;
  title: string;
  messages: ChatUIMessage[];
  handoff: HandoffSummary | null;
};
