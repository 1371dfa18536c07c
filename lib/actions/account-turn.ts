import { stepCountIs, streamText, type ModelMessage } from 'ai';
import type { ChatModel } from '@/lib/ai/models';
import type { ApprovalCard } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { createApproval } from '@/lib/db/queries/approvals';
import { LOCALE_NAMES, type Locale } from '@/lib/i18n/locales';
import type { Turn } from '@/lib/domain/chat';
import { loadPlanCatalog } from './catalog';
import { isWriteTool } from '@/lib/domain/account-tools';
import { localAccountModel } from './account-model';
import { approvalRequestText, describeRefusal, localizePreview, notPossibleText } from './phrasing';
import { previewWrite } from './preview-write';
import { resolveCustomer } from './repository';
import { accountTools } from './tools';
import { proposeConnectorChange } from './connector-approval';
import { NO_CONNECTORS, type ConnectorRegistry } from './connectors/registry';
import { errorFields, log } from '@/lib/observability/logger';

/**
 * An account request from a signed-in customer: the model (built-in or LLM) chooses a tool. Read
 * tools run at once and the model words the result; a write tool stops at the AI SDK's approval
 * request, is previewed by the customer system (which checks the policy and says exactly what
 * would change) and becomes an approval card. Nothing is changed here.
 */

export const APPROVAL_TTL_MS = 30 * 60 * 1000;

export type AccountTurnDeps = { db: Db; generator: ChatModel; company: string; timeoutMs: number; connectors?: ConnectorRegistry };

export type AccountTurnInput = {
  question: string;
  lang: Locale;
  history: Turn[];
  userId: string;
  conversationId: string;
  messageId: string;
  now: Date;
  abortSignal?: AbortSignal;
};

export type AccountTurnSink = { text(delta: string): void; approval(card: ApprovalCard): void };

export type AccountTurnResult = {
  outcome: 'account' | 'approval' | 'refused' | 'no_answer' | 'error';
  tools: { toolName: string; input: unknown; ok: boolean | null }[];
  model: string;
  tokensIn: number;
  tokensOut: number;
  error: string | null;
};

function systemPrompt(company: string, lang: Locale): string {
  return [
    `You are ${company}'s customer assistant, talking to a signed-in customer about their own account.`,
    `Answer in ${LOCALE_NAMES[lang]} (${lang}).`,
    'Use the tools to look things up; never guess amounts, dates or plans. Tools always act on the signed-in customer: never ask for or accept another customer, customer number or account.',
    'To change something, call the write tool once with the exact values the customer asked for; the customer confirms on a card before anything changes, so do not ask for confirmation in text.',
    'Report tool results accurately and briefly. If a tool refuses, explain why and offer the alternatives it gives.',
  ].join('\n');
}

export async function answerAccountRequest(deps: AccountTurnDeps, input: AccountTurnInput, sink: AccountTurnSink): Promise<AccountTurnResult> {
  const result: AccountTurnResult = { outcome: 'account', tools: [], model: deps.generator.id, tokensIn: 0, tokensOut: 0, error: null };
  let wrote = false;
  const say = (text: string) => {
    if (!text) return;
    wrote = true;
    sink.text(text);
  };

  const customer = await resolveCustomer(deps.db, { userId: input.userId });
  if (!customer.ok) {
    say(describeRefusal(customer, input.lang));
    return { ...result, outcome: 'refused' };
  }
  const { customerId, customerNumber } = customer.value;
  const connectors = deps.connectors ?? NO_CONNECTORS;
  const generator = deps.generator.id.startsWith('local:')
    ? localAccountModel({ catalog: await loadPlanCatalog(deps.db), now: input.now, connectors })
    : deps.generator;
  result.model = generator.id;

  const messages: ModelMessage[] = [
    ...input.history.slice(-6).map((t): ModelMessage => (t.role === 'user' ? { role: 'user', content: t.content } : { role: 'assistant', content: t.content })),
    { role: 'user', content: input.question },
  ];
  try {
    const stream = streamText({
      model: generator.model,
      system: systemPrompt(deps.company, input.lang),
      messages,
      tools: accountTools({ db: deps.db, customerId, customerNumber, userId: input.userId, now: input.now, lang: input.lang, connectors }),
      stopWhen: stepCountIs(3),
      temperature: 0,
      maxRetries: 0,
      abortSignal: input.abortSignal,
      timeout: { stepMs: deps.timeoutMs },
      providerOptions: { lantern: { lang: input.lang } },
      onError: () => {},
    });
    for await (const part of stream.stream) {
      if (part.type === 'text-delta') say(part.text);
      else if (part.type === 'tool-result') {
        const output = part.output as { ok?: boolean } | undefined;
        result.tools.push({ toolName: part.toolName, input: part.input, ok: output?.ok ?? null });
        if (output?.ok === false) result.outcome = 'refused';
      } else if (part.type === 'tool-approval-request') {
        const { toolName, input: toolInput, toolCallId } = part.toolCall;
        result.tools.push({ toolName, input: toolInput, ok: null });
        const outcome = await proposeChange(deps.db, {
          toolName,
          toolInput,
          toolCallId,
          customerId,
          turn: input,
          connectors,
        });
        if (!outcome.ok) {
          say(outcome.text);
          result.outcome = 'refused';
        } else {
          sink.approval(outcome.card);
          say(approvalRequestText(toolName, input.lang));
          result.outcome = 'approval';
        }
      } else if (part.type === 'error') throw part.error;
      else if (part.type === 'finish') {
        result.tokensIn = part.totalUsage.inputTokens ?? 0;
        result.tokensOut = part.totalUsage.outputTokens ?? 0;
      }
    }
  } catch (error) {
    log().error(errorFields(error), 'account request failed');
    return { ...result, outcome: 'error', error: error instanceof Error ? error.message.slice(0, 500) : String(error) };
  }
  if (!wrote) result.outcome = 'no_answer';
  return result;
}

/**
 * A write tool's call, looked up in the registry, and turned into an approval card (nothing
 * changes yet): a built-in write is previewed by the customer system (its policy, prices and
 * dates now), an HTTP or MCP write by its definition (connector-approval.ts).
 */
export async function proposeChange(
  db: Db,
  {
    toolName,
    toolInput,
    toolCallId,
    customerId,
    turn,
    connectors = NO_CONNECTORS,
  }: {
    toolName: string;
    toolInput: unknown;
    toolCallId: string;
    customerId: string;
    turn: Pick<AccountTurnInput, 'conversationId' | 'userId' | 'messageId' | 'now' | 'lang' | 'question'>;
    connectors?: ConnectorRegistry;
  },
): Promise<{ ok: true; card: ApprovalCard } | { ok: false; text: string }> {
  const connector = connectors.get(toolName);
  if (!connector || connector.risk !== 'write') return { ok: false, text: notPossibleText(turn.lang) };
  if (connector.kind !== 'builtin') return proposeConnectorChange(db, { connector, toolInput, toolCallId, customerId, turn, ttlMs: APPROVAL_TTL_MS });
  // The card's wording in four languages is the contract's (phrasing/preview): a built-in write outside it has none.
  if (!isWriteTool(toolName)) return { ok: false, text: notPossibleText(turn.lang) };
  const previewed = await previewWrite(db, { connector, input: toolInput, customerId, now: turn.now });
  if (!previewed) return { ok: false, text: notPossibleText(turn.lang) };
  const preview = previewed.outcome;
  if (!preview.ok) return { ok: false, text: describeRefusal(preview, turn.lang) };
  const localized = localizePreview(toolName, preview.value, turn.lang);
  const { approval } = await createApproval(db, {
    conversationId: turn.conversationId,
    userId: turn.userId,
    customerId,
    toolName,
    // The model's call id plus the message: a retried request proposes a new card, never reuses a decided one.
    toolCallId: `${turn.messageId}:${toolCallId}`,
    input: previewed.input,
    preview: localized,
    requestText: turn.question,
    expiresAt: new Date(turn.now.getTime() + APPROVAL_TTL_MS),
    // The assistant message is stored when the turn ends; the chat links it then.
    now: turn.now,
  });
  return { ok: true, card: { approvalId: approval.id, toolName, preview: localized, status: 'pending' } };
}
