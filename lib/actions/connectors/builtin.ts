import type { z } from 'zod';
import type { ActionPreview, Outcome } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import type { ConnectorRisk, Localized } from './definition';

/**
 * The third kind of action connector: a tool whose system is Lantern's own database (the demo
 * telecom's customer system, lib/actions/repository). It has what every connector has (name,
 * description, input, risk, labels), so the registry offers it like an HTTP or MCP tool; instead
 * of a request it runs a repository function. Unlike a remote system, the repository can say
 * what a write would do *now* (preview: its policy checks, prices, dates), so the approval card's
 * terms come from it and are checked again when the customer decides (lib/actions/terms.ts).
 */

/** Who and when: the customer's row id in Lantern's database (from the session), never a model argument. */
export type BuiltinScope = { db: Db; customerId: string; now: Date };

/** A write's execution also names who approved it, for the audit row. */
export type BuiltinActor = BuiltinScope & { actorUserId: string | null; approvalId: string | null };

export type BuiltinConnector = {
  readonly kind: 'builtin';
  readonly name: string;
  readonly description: string;
  /** Strict: unknown fields are refused. */
  readonly input: z.ZodType<Record<string, unknown>>;
  readonly risk: ConnectorRisk;
  readonly labels: Localized;
  /** Writes only: the input fields the verifier compares with what the customer's words ask for. */
  readonly keyArguments: readonly string[];
  /** Writes only: once executed, the conversation goes to a person with this note (a callback); null: it stays with the bot. */
  readonly handoffNote: ((input: Record<string, unknown>) => string) | null;
  /** Writes only: the customer system's preview of a validated input (English; the chat localises it). */
  readonly preview: ((args: BuiltinScope & { input: Record<string, unknown> }) => Promise<Outcome<ActionPreview>>) | null;
  /** A read runs at once; a write after approval, re-checking its policy and writing its own audit row. */
  readonly execute: (args: BuiltinActor & { input: Record<string, unknown> }) => Promise<Outcome<unknown>>;
};

export type BuiltinConnectorDefinition<I extends z.ZodType<Record<string, unknown>>> = {
  name: string;
  description: string;
  input: I;
  labels: Localized;
} & (
  | { risk: 'read'; execute: (args: BuiltinScope & { input: z.output<I> }) => Promise<Outcome<unknown>> }
  | {
      risk: 'write';
      /**
       * The arguments that define what changes: the verifier re-reads the customer's words and
       * refuses the call unless these come out the same. The rest (free text such as a callback
       * topic) may differ. [] when the tool itself is the whole request (restart the Box).
       */
      keyArguments: readonly (keyof z.output<I> & string)[];
      /** After it executed, hand the conversation to a person with this note (e.g. a callback request). */
      handoffNote?: (input: z.output<I>) => string;
      preview: (args: BuiltinScope & { input: z.output<I> }) => Promise<Outcome<ActionPreview>>;
      execute: (args: BuiltinActor & { input: z.output<I> }) => Promise<Outcome<unknown>>;
    }
);

/**
 * One built-in tool as a connector. The input is typed by its schema here; callers pass an input
 * the schema already validated (the AI SDK's tool call, an approval row parsed again).
 */
export function defineBuiltinConnector<I extends z.ZodType<Record<string, unknown>>>(definition: BuiltinConnectorDefinition<I>): BuiltinConnector {
  type Args = BuiltinActor & { input: Record<string, unknown> };
  const execute = definition.execute as (args: Args) => Promise<Outcome<unknown>>;
  return Object.freeze({
    kind: 'builtin',
    name: definition.name,
    description: definition.description,
    input: definition.input,
    risk: definition.risk,
    labels: Object.freeze({ ...definition.labels }),
    keyArguments: definition.risk === 'write' ? Object.freeze([...definition.keyArguments]) : [],
    handoffNote: definition.risk === 'write' && definition.handoffNote ? (definition.handoffNote as (input: Record<string, unknown>) => string) : null,
    preview: definition.risk === 'write' ? (definition.preview as (args: BuiltinScope & { input: Record<string, unknown> }) => Promise<Outcome<ActionPreview>>) : null,
    execute,
  } satisfies BuiltinConnector);
}
