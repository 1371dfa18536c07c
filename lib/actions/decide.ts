import { randomUUID } from 'node:crypto';
import { generateText, type LanguageModel } from 'ai';
import type { ChatUIMessage } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { claimApproval, findApproval, finishApproval } from '@/lib/db/queries/approvals';
import { requestHandoff } from '@/lib/db/queries/handoffs';
import { storeAssistantMessage } from '@/lib/db/queries/messages';
import { touchConversation } from '@/lib/db/queries/conversations';
import { recognizeAccountRequest } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';
import { LOCALE_NAMES, type Locale } from '@/lib/i18n/locales';
import { approvalCard } from './approval-messages';
import { loadPlanCatalog } from './catalog';
import { isWriteTool, type ApprovalCard, type Outcome } from '@/lib/domain/account-tools';
import { declinedText, describeExecuted, describeRefusal, failedText, localizePreview, notPossibleText } from './phrasing';
import { previewWrite } from './preview-write';
import { refreshApproval } from './refresh-approval';
import { writeAudit } from './repository';
import { sameTerms } from './terms';
import { verifyProposedCall } from './verifier';
import { executeApprovedConnector, type ConnectorExecution } from './connector-approval';
import { NO_CONNECTORS, type ConnectorRegistry } from './connectors/registry';
import { errorFields, log } from '@/lib/observability/logger';

/**
 * The customer's decision on an approval card. The claim is atomic (one UPDATE on a pending,
 * unexpired approval of this user), so a double click, a retry or a replayed request executes
 * nothing a second time: they get the card's current state. An approved call is verified against
 * the customer's own request, previewed again and compared with the card (if the terms changed,
 * nothing runs: the card is superseded by one with the current terms), executed once by the
 * customer system (which re-checks its policy in a transaction and writes the audit row with this
 * approval's id), and reported in a new assistant message. The preview and the execution share
 * `now`, so time-dependent terms (fees at short notice, start days) cannot differ between them.
 * The tool is looked up in the registry: a built-in connector (the demo customer system) is
 * previewed and executed through its definition on this path. An HTTP or MCP connector's write
 * takes the same claim, verifier and report, and is sent to the company's API once
 * (connector-approval.ts); its preview depends on its input only, so there are no terms to compare.
 */
async function reportWithModel(
  llm: LanguageModel,
  { toolName, result, lang, fallback }: { toolName: string; result: unknown; lang: Locale; fallback: string },
): Promise<string> {
  try {
    const { text } = await generateText({
      model: llm,
      system: `You tell a customer, in ${LOCALE_NAMES[lang]}, in one or two short sentences, what was just done on their account. Use only the facts given; no links.`,
      prompt: `Action: ${toolName}\nResult: ${JSON.stringify(result)}\n\nFor reference, the standard wording: ${fallback}`,
      temperature: 0,
      maxRetries: 0,
      maxOutputTokens: 200,
      timeout: { stepMs: 10_000 },
    });
    return text.trim() || fallback;
  } catch {
    return fallback;
  }
}

export type DecisionResult =
  | { status: 'decided'; card: ApprovalCard; message: ChatUIMessage }
  | { status: 'already_decided'; card: ApprovalCard }
  | { status: 'not_found' };

export async function decideApproval(
  db: Db,
  {
    approvalId,
    userId,
    decision,
    lang,
    now = new Date(),
    llm,
    connectors = NO_CONNECTORS,
  }: { approvalId: string; userId: string; decision: 'approve' | 'decline'; lang: Locale; now?: Date; llm?: LanguageModel; connectors?: ConnectorRegistry },
): Promise<DecisionResult> {
  const claim = await claimApproval(db, { id: approvalId, userId, decision, now });
  if (!claim.approval) return { status: 'not_found' };
  if (!claim.claimed) return { status: 'already_decided', card: approvalCard(claim.approval) };
  const approval = claim.approval;
  const toolName = approval.toolName;
  // A built-in write (the demo customer system) keeps its richer path: terms compared, audit by the repository.
  const connector = connectors.get(toolName);
  const builtin = connector?.kind === 'builtin' && connector.risk === 'write' && isWriteTool(toolName) ? { connector, toolName } : null;

  let text: string;
  let outcome: 'account' | 'refused' | 'error' = 'account';
  let card: ApprovalCard;
  if (decision === 'decline') {
    text = declinedText(toolName, lang);
    card = approvalCard(approval);
  } else if (!builtin) {
    // An HTTP or MCP connector's write (connector-approval.ts), or one no longer registered: nothing runs.
    let run: ConnectorExecution;
    if (!connector || connector.kind === 'builtin' || connector.risk !== 'write') {
      log().warn({ approvalId, toolName }, 'approved tool is not a registered write connector');
      run = { status: 'refused', text: notPossibleText(lang), verdict: { ok: false, reason: `${toolName} is not a registered write connector` }, executed: null };
    } else {
      try {
        run = await executeApprovedConnector(db, { approval, connector, connectors, userId, lang, now, llm });
      } catch {
        run = { status: 'failed', text: failedText(lang), verdict: { ok: false, reason: 'the connector call failed' }, executed: null };
      }
    }
    text = run.text;
    // With an LLM configured, the model reports the outcome; the template stays the fallback.
    if (run.status === 'executed' && llm) text = await reportWithModel(llm, { toolName, result: run.executed, lang, fallback: text });
    outcome = run.status === 'executed' ? 'account' : run.status === 'refused' ? 'refused' : 'error';
    const finished = await finishApproval(db, { id: approvalId, status: run.status, result: { text, verdict: run.verdict, outcome: run.executed } });
    card = finished ? approvalCard(finished) : { ...approvalCard(approval), status: run.status };
  } else {
    const { toolName } = builtin;
    const catalog = await loadPlanCatalog(db);
    const verdict = await verifyProposedCall({
      connector: builtin.connector,
      input: approval.input,
      requestText: approval.requestText,
      recognize: (request) => recognizeAccountRequest(request, { lang, catalog, now: approval.createdAt, timeZone: businessTimeZone() }),
      llm,
    });
    let status: 'executed' | 'refused' | 'failed';
    let executed: Outcome<unknown> | null = null;
    try {
      // What the customer approved must still be what would happen: the same preview as the card's.
      const current = verdict.ok ? await previewWrite(db, { connector: builtin.connector, input: approval.input, customerId: approval.customerId, now }) : null;
      if (!verdict.ok || !current) {
        status = 'refused';
        outcome = 'refused';
        text = notPossibleText(lang);
      } else if (!current.outcome.ok) {
        // The customer system would refuse now (e.g. the slot was taken): nothing runs; audited like a refused attempt.
        executed = current.outcome;
        status = 'refused';
        outcome = 'refused';
        text = describeRefusal(current.outcome, lang);
        await writeAudit(db, {
          at: now,
          actorUserId: userId,
          customerId: approval.customerId,
          action: toolName,
          input: current.input,
          before: null,
          after: null,
          approvalId,
          outcome: 'refused',
          reason: current.outcome.reason,
        });
      } else if (!sameTerms(toolName, approval.preview, current.outcome.value)) {
        const refreshed = await refreshApproval(db, { approval, preview: localizePreview(toolName, current.outcome.value, lang), lang, now });
        log().info({ approvalId, toolName, superseded: refreshed !== null }, 'approval terms changed since the card was shown');
        if (refreshed) return { status: 'decided', card: refreshed.card, message: refreshed.message };
        // The stuck-approval sweep resolved it meanwhile (only after minutes): its state stands.
        const latest = await findApproval(db, { id: approvalId });
        return latest ? { status: 'already_decided', card: approvalCard(latest) } : { status: 'not_found' };
      } else {
        executed = await builtin.connector.execute({ db, customerId: approval.customerId, now, actorUserId: userId, approvalId, input: current.input });
        if (executed.ok) {
          status = 'executed';
          text = describeExecuted(toolName, executed.value, lang);
          // With an LLM configured, the model reports the outcome; the template stays the fallback.
          if (llm) text = await reportWithModel(llm, { toolName, result: executed.value, lang, fallback: text });
          // A write whose definition hands the conversation to a person (a callback request).
          const handoffNote = builtin.connector.handoffNote?.(current.input);
          if (handoffNote) await requestHandoff(db, { conversationId: approval.conversationId, reason: 'customer_request', note: handoffNote });
        } else {
          status = 'refused';
          outcome = 'refused';
          text = describeRefusal(executed, lang);
        }
      }
    } catch (error) {
      log().error(errorFields(error), 'approved action failed');
      status = 'failed';
      outcome = 'error';
      text = failedText(lang);
    }
    const finished = await finishApproval(db, { id: approvalId, status, result: { text, verdict, outcome: executed } });
    card = finished ? approvalCard(finished) : { ...approvalCard(approval), status };
  }

  const messageId = randomUUID();
  await storeAssistantMessage(db, {
    id: messageId,
    conversationId: approval.conversationId,
    replyTo: null,
    content: text,
    lang,
    outcome,
    citations: [],
    suggestions: null,
    handoffOffered: outcome === 'error',
  });
  await touchConversation(db, { id: approval.conversationId, lang });
  const message: ChatUIMessage = {
    id: messageId,
    role: 'assistant',
    parts: [{ type: 'text', text }],
    metadata: { conversationId: approval.conversationId, messageId, outcome, lang, handoffOffered: outcome === 'error', citations: [], feedback: null, createdAt: now.toISOString() },
  };
  return { status: 'decided', card, message };
}
