import type { ApprovalCard, Outcome } from '@/lib/domain/account-tools';
import type { Db } from '@/lib/db/client';
import { createApproval } from '@/lib/db/queries/approvals';
import type { ApprovalRow } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { requestRecognizer } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';
import { previewConnector, type ExternalConnector } from './connectors';
import type { ConnectorRegistry } from './connectors/registry';
import { describeConnectorDone, notPossibleText } from './phrasing';
import { writeAudit } from './repository';
import { loadCustomer } from './repository/shared';
import { verifyCall, type Verdict } from './verifier';
import { errorFields, log } from '@/lib/observability/logger';

/**
 * A write connector's approval (HTTP or MCP), on the same path as the built-in write tools
 * (account-turn.ts, decide.ts): the model's call becomes an approval card built by the connector's
 * preview, in the customer's language, and nothing is sent to the company's API or MCP server
 * until the customer approves. Then decide.ts claims the approval atomically (a double click or a
 * replay gets the card's state, never a second run) and calls executeApprovedConnector, which
 * verifies the customer's own words again, sends the call once with the approval id as its
 * Idempotency-Key (so the company's system can also drop a repeat), for the customer bound to the
 * approval row, and writes one audit row with what came back.
 */

export type ProposeTurn = { conversationId: string; userId: string; messageId: string; now: Date; lang: Locale; question: string };

export async function proposeConnectorChange(
  db: Db,
  { connector, toolInput, toolCallId, customerId, turn, ttlMs }: { connector: ExternalConnector; toolInput: unknown; toolCallId: string; customerId: string; turn: ProposeTurn; ttlMs: number },
): Promise<{ ok: true; card: ApprovalCard } | { ok: false; text: string }> {
  const preview = previewConnector(connector, toolInput, turn.lang);
  if (!preview.ok) return { ok: false, text: preview.message };
  const input = connector.input.parse(toolInput);
  const { approval } = await createApproval(db, {
    conversationId: turn.conversationId,
    userId: turn.userId,
    customerId,
    toolName: connector.name,
    // As for the built-in tools: a retried request proposes a new card, never reuses a decided one.
    toolCallId: `${turn.messageId}:${toolCallId}`,
    input,
    preview: preview.value,
    requestText: turn.question,
    expiresAt: new Date(turn.now.getTime() + ttlMs),
    now: turn.now,
  });
  return { ok: true, card: { approvalId: approval.id, toolName: connector.name, preview: preview.value, status: 'pending' } };
}

export type ConnectorExecution = {
  status: 'executed' | 'refused' | 'failed';
  text: string;
  verdict: Verdict;
  /** The API's mapped answer, or its refusal; null when nothing was sent. */
  executed: Outcome<Record<string, unknown>> | null;
};

/** Runs a claimed ('executing') approval of a write connector: verify, send once, audit. */
export async function executeApprovedConnector(
  db: Db,
  { approval, connector, connectors, userId, lang, now, llm }: { approval: ApprovalRow; connector: ExternalConnector; connectors: ConnectorRegistry; userId: string; lang: Locale; now: Date; llm?: Parameters<typeof verifyCall>[0]['llm'] },
): Promise<ConnectorExecution> {
  const parsed = connector.input.safeParse(approval.input);
  if (!parsed.success) return { status: 'refused', text: notPossibleText(lang), verdict: { ok: false, reason: 'the proposed change is not valid any more' }, executed: null };
  const input = parsed.data as Record<string, unknown>;
  const recognize = requestRecognizer(connectors.external);
  const verdict = await verifyCall({
    toolName: connector.name,
    input,
    keyArguments: connector.keyArguments,
    requestText: approval.requestText,
    recognize: (text) => recognize(text, { lang, catalog: [], now: approval.createdAt, timeZone: businessTimeZone() }),
    llm,
  });
  if (!verdict.ok) return { status: 'refused', text: notPossibleText(lang), verdict, executed: null };

  // The customer the approval was proposed for (from the session then), as the company knows them.
  const customer = await loadCustomer(db, { customerId: approval.customerId });
  if (!customer) return { status: 'refused', text: notPossibleText(lang), verdict, executed: null };

  const audit = (outcome: 'executed' | 'refused' | 'failed', after: unknown, reason: string | null) =>
    writeAudit(db, { at: now, actorUserId: userId, customerId: approval.customerId, action: connector.name, input, before: null, after, approvalId: approval.id, outcome, reason });

  let executed: Outcome<Record<string, unknown>>;
  try {
    executed = await connectors.execute(connector, input, { customerId: customer.customerNumber, lang, idempotencyKey: approval.id });
  } catch (error) {
    // execute.ts and mcp.ts turn what the remote system does into refusals; this is a bug on our side.
    log().error(errorFields(error), 'connector execution failed');
    await audit('failed', null, error instanceof Error ? error.message.slice(0, 500) : String(error));
    throw error;
  }
  if (executed.ok) {
    await audit('executed', executed.value, null);
    return { status: 'executed', text: describeConnectorDone(connector, executed.value, lang), verdict, executed };
  }
  // Unavailable (a timeout, a 5xx, an unreadable answer, an MCP server that did not answer): whether
  // the change happened is not known, so it is 'failed', not 'refused'. Nothing retries it: a write
  // is sent at most once per approval.
  const status = executed.reason === 'unavailable' ? 'failed' : 'refused';
  await audit(status, null, executed.reason);
  return { status, text: executed.message, verdict, executed };
}
