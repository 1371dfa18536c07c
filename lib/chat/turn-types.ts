import type { AccountTurnResult } from '@/lib/actions/account-turn';
import type { ConnectorRegistry } from '@/lib/actions/connectors/registry';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { Turn } from '@/lib/domain/chat';
import type { Locale } from '@/lib/i18n/locales';
import type { AnswerResult, AnswerSink } from '@/lib/rag/answer';
import type { CustomerProfile, ProfileUse } from './customer-profile';
import type { DialogState } from './dialog-state';

/** What the turn engine (engine.ts) and the model's turn (model-turn.ts) take and give. */

/**
 * The conversation the turn belongs to, for tools that act in it (approval cards, hand-offs), and
 * the action connectors a signed-in customer's tools include (none when absent).
 */
export type ModelTurnContext = { conversationId: string; messageId: string; userId: string | null; now: Date; connectors?: ConnectorRegistry };

/** Account requests (lib/actions): recognised for everyone, answered with tools for signed-in customers. */
export type AccountHandler = {
  /** The account tool the customer's own words ask for, if any. */
  requestedTool(question: string, lang: Locale): string | null;
  /** Whether a tool changes something (a built-in write tool, or a write connector): a visitor is then invited to sign in. */
  isWrite?(toolName: string): boolean;
  /** Present only for a signed-in user. */
  answer?(
    request: { question: string; lang: Locale; history: Turn[] },
    sink: { text(delta: string): void; approval(card: ApprovalCard): void },
  ): Promise<AccountTurnResult>;
};

export type TurnInput = {
  question: string;
  /** Earlier turns, oldest first. */
  history: (Turn & { lang?: string | null })[];
  /** The site's language: a prior for messages too short to tell. */
  locale?: Locale;
  signedIn: boolean;
  abortSignal?: AbortSignal;
  /** Questions from before `history` (a long conversation's rolling summary), oldest first. */
  earlierQuestions?: string[];
  account?: AccountHandler;
  /** Where the dialog stood after the previous answer. */
  dialog?: DialogState;
  /**
   * The conversation the turn belongs to: with it, an LLM generator gets the whole turn with
   * tools (lib/chat/model-turn.ts); without it (evaluations, try-it), the built-in rules route.
   */
  conversation?: ModelTurnContext;
  /** The signed-in customer's profile (lib/chat/customer-profile.ts); never for anonymous visitors or staff. */
  customer?: CustomerProfile | null;
};

export type TurnSink = AnswerSink & {
  /** An account change waiting for the customer's approval. */
  approval?(card: ApprovalCard): void;
};

export type TurnResult = AnswerResult & {
  /** Where the dialog stands after this answer (to store with the conversation). */
  dialog: DialogState;
  /** How the dialog state shaped this turn, for the trace. */
  dialogNote: string | null;
  /** The profile fields that shaped this answer (none: absent), for the trace. */
  profile?: ProfileUse;
};

