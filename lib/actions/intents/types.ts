import type { ToolName } from '@/lib/domain/account-tools';
import type { TextLanguage } from '@/lib/ai/local/text';

/** One plan of the catalog the recogniser may switch the customer to. */
export type CatalogPlan = { id: string; name: string; kind: 'internet' | 'mobile' | 'tv' | 'phone' };

export type RecognizeContext = {
  /** The conversation's language: chrono parses dates in it first. */
  lang: TextLanguage;
  catalog: readonly CatalogPlan[];
  /** Reference instant for relative dates ("Thursday", "morgen früh"). */
  now: Date;
  /** IANA time zone of the slot grid and of `startsAt`, e.g. "Europe/Zurich". */
  timeZone: string;
};

export type RecognizedToolCall = { toolName: ToolName; input: Record<string, unknown> };

/** A customer message, prepared once for all rules. */
export type PreparedRequest = {
  /** As written (emails, phone numbers, invoice ids and dates are read from here). */
  raw: string;
  /** Folded, contractions expanded, punctuation and hyphens turned into spaces. */
  text: string;
  /** `text` split at sentence and clause marks, each without leading greetings or fillers. */
  clauses: string[];
  /** The message's sentences, each normalized like `text`, and whether it ends with a question mark. */
  sentences: { text: string; asks: boolean }[];
  ctx: RecognizeContext;
};

/** A rule recognises one concern (billing, plans, …) and proposes a call, or passes. */
export type Rule = { name: string; match(request: PreparedRequest): RecognizedToolCall | null };
