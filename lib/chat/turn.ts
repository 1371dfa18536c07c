import { randomUUID } from 'node:crypto';
import { recordStages, type StageTimes } from '@/lib/observability/stage-times';
import { createUIMessageStream, type UIMessageChunk } from 'ai';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { latestAnswerTrace, setFollowedBy, storeAnswerTrace } from '@/lib/db/queries/answer-traces';
import { followUpSignal } from './follow-up-signal';
import { openConversation, touchConversation, type ConversationOwner } from '@/lib/db/queries/conversations';
import { listHistory, storeAssistantMessage, storeUserMessage } from '@/lib/db/queries/messages';
import { createAnswerDeps } from './answer-deps';
import { loadCustomerProfile } from './customer-profile';
import { parseDialogState } from './dialog-state';
import { relayIfHeld, type Relay } from './held-conversation';
import { isLocale } from '@/lib/i18n/locales';
import { answerTurn, type AccountHandler, type TurnResult } from './engine';
import { answerAccountRequest } from '@/lib/actions/account-turn';
import { attachApprovalsToMessage } from '@/lib/actions/approval-messages';
import { loadPlanCatalog } from '@/lib/actions/catalog';
import { requestRecognizer } from '@/lib/actions/intents';
import { businessTimeZone } from '@/lib/business-settings';
import { connectorRegistry } from '@/lib/actions/connectors/registry-load';
import { recordAnswer } from '@/lib/observability/metrics';
import type { ChatMessageMetadata, ChatRequest, ChatUIMessage } from '@/lib/domain/chat';
import { errorFields, log } from '@/lib/observability/logger';

/** How many earlier messages the pipeline sees in full (condensing and the language prior)… */
const HISTORY_LIMIT = 12;
/** …and how far back the rolling summary of the customer's earlier questions reaches. */
const SUMMARY_LIMIT = 40;

export type ChatTurn =
  | { ok: true; stream: ReadableStream<UIMessageChunk> }
  | { ok: false; status: 404; message: string };

function metadataOf(result: TurnResult, ids: { conversationId: string; messageId: string }): ChatMessageMetadata {
  return {
    ...ids,
    outcome: result.outcome,
    handoffOffered: result.handoffOffered,
    citations: result.citations,
    suggestions: result.suggestions ?? undefined,
    lang: result.lang,
    feedback: null,
    createdAt: new Date().toISOString(),
  };
}

/**
 * One customer message in: stores it, answers it as a UI message stream, then stores the answer
 * and its trace. A conversation id that belongs to someone else is reported as not found.
 */
export async function startChatTurn({
  db,
  config,
  owner,
  signedIn,
  request,
  abortSignal,
  now = new Date(),
  record = true,
}: {
  db: Db;
  config: Config;
  owner: ConversationOwner;
  signedIn: boolean;
  request: ChatRequest;
  abortSignal?: AbortSignal;
  now?: Date;
  /** Count the answer in the app's metrics; conversation tests don't (their turns are no customers'). */
  record?: boolean;
}): Promise<ChatTurn> {
  const question = request.message.parts[0]!.text.trim();
  const opened = await openConversation(db, { id: request.conversationId, owner, title: question, lang: request.locale ?? null });
  if (!opened.ok) return { ok: false, status: 404, message: 'No such conversation.' };
  const conversationId = opened.conversation.id;
  // Store first: a retry marks the earlier answer superseded, and the history then leaves it out.
  const stored = await storeUserMessage(db, { conversationId, clientId: request.message.id, content: question, lang: null });
  const prior = isLocale(opened.conversation.lang) ? opened.conversation.lang : request.locale;
  // A conversation this message opened has no history and nobody holding it: two queries fewer
  // before the first answer.
  const relay = opened.created ? null : await relayIfHeld(db, { conversationId, question, prior });
  if (relay) return { ok: true, stream: relayStream(db, { relay, conversationId, replyTo: stored.id }) };
  const history = opened.created ? [] : await listHistory(db, { conversationId, limit: SUMMARY_LIMIT + 1 });
  const before = history.filter((m) => m.id !== stored.id && m.role !== 'agent' && m.outcome !== 'relayed');
  const earlier = before.slice(-HISTORY_LIMIT);
  const earlierQuestions = before.slice(0, -HISTORY_LIMIT).filter((m) => m.role === 'user').map((m) => m.content);
  const deps = await createAnswerDeps(db, config);
  // Read with the conversation itself (one query fewer per message).
  const dialog = parseDialogState(opened.conversation.dialog);
  const messageId = randomUUID();
  const ids = { conversationId, messageId };
  const catalog = await loadPlanCatalog(db);
  const userId = owner.kind === 'user' ? owner.userId : null;
  // What the answer may be shaped by: the signed-in customer's equipment, plans and language.
  const customer = signedIn && userId ? await loadCustomerProfile(db, { userId, now }) : null;
  // The action connectors (the built-in tools, LANTERN_CONNECTORS_FILE, its MCP servers, and code; loaded once): tools for the model, rules for the built-in one.
  const connectors = await connectorRegistry(config);
  const recognize = requestRecognizer(connectors.external);
  const account: AccountHandler = {
    requestedTool: (question, lang) => recognize(question, { lang, catalog, now, timeZone: businessTimeZone() })?.toolName ?? null,
    isWrite: (toolName) => connectors.get(toolName)?.risk === 'write',
    answer: userId
      ? (req, sink) =>
          answerAccountRequest(
            { db, generator: deps.generator, company: deps.company, timeoutMs: config.chat.modelTimeoutMs, connectors },
            { ...req, userId, conversationId, messageId, now, abortSignal },
            sink,
          )
      : undefined,
  };

  const approvalIds: string[] = [];
  const stream = createUIMessageStream<ChatUIMessage>({
    async execute({ writer }) {
      writer.write({ type: 'start', messageId, messageMetadata: ids });
      writer.write({ type: 'text-start', id: 'answer' });
      const { result, stages } = await recordStages(() => answerTurn(
        deps,
        {
          question,
          dialog,
          conversation: { conversationId, messageId, userId, now, connectors },
          history: earlier.map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content, lang: m.lang })),
          locale: request.locale,
          earlierQuestions,
          signedIn,
          account,
          customer,
          abortSignal,
        },
        {
          text: (delta) => writer.write({ type: 'text-delta', id: 'answer', delta }),
          citations: (citations) => writer.write({ type: 'message-metadata', messageMetadata: { ...ids, citations } }),
          approval: (card) => {
            approvalIds.push(card.approvalId);
            writer.write({ type: 'data-approval', id: card.approvalId, data: card });
          },
        },
      ));
      writer.write({ type: 'text-end', id: 'answer' });
      await persist(db, { result, stages, question, ids, replyTo: stored.id, opened: opened.created });
      if (record) recordAnswer(result);
      // Ids, outcome and timings only: the question and answer text never reach the log.
      log().info(
        { conversationId: ids.conversationId, outcome: result.outcome, lang: result.lang, ttftMs: result.ttftMs, totalMs: result.totalMs, tokensIn: result.tokensIn, tokensOut: result.tokensOut },
        'chat answer',
      );
      await attachApprovalsToMessage(db, { approvalIds, messageId });
      const metadata = metadataOf(result, ids);
      writer.write({ type: 'message-metadata', messageMetadata: metadata });
      writer.write({ type: 'finish', messageMetadata: metadata });
    },
    // Details go to the server log; the customer gets a plain sentence.
    onError(error) {
      log().error(errorFields(error), 'chat turn failed');
      return 'Something went wrong while answering. Please try again.';
    },
  });
  return { ok: true, stream };
}

/** A person holds the conversation: the acknowledgement instead of an answer (no trace: the bot answered nothing). */
function relayStream(db: Db, { relay, conversationId, replyTo }: { relay: Relay; conversationId: string; replyTo: string }): ReadableStream<UIMessageChunk> {
  const messageId = randomUUID();
  return createUIMessageStream<ChatUIMessage>({
    async execute({ writer }) {
      const ids = { conversationId, messageId };
      writer.write({ type: 'start', messageId, messageMetadata: ids });
      writer.write({ type: 'text-start', id: 'answer' });
      writer.write({ type: 'text-delta', id: 'answer', delta: relay.text });
      writer.write({ type: 'text-end', id: 'answer' });
      await storeAssistantMessage(db, { id: messageId, conversationId, replyTo, content: relay.text, lang: relay.lang, outcome: 'relayed', citations: [], suggestions: null, handoffOffered: false });
      await touchConversation(db, { id: conversationId, lang: relay.lang });
      const metadata: ChatMessageMetadata = { ...ids, outcome: 'relayed', handoffOffered: false, citations: [], lang: relay.lang, feedback: null, createdAt: new Date().toISOString() };
      writer.write({ type: 'message-metadata', messageMetadata: metadata });
      writer.write({ type: 'finish', messageMetadata: metadata });
    },
    onError(error) {
      log().error(errorFields(error), 'chat relay failed');
      return 'Something went wrong. Please try again.';
    },
  });
}

async function persist(
  db: Db,
  {
    result,
    stages,
    question,
    ids,
    replyTo,
    opened,
  }: { result: TurnResult; stages: StageTimes; question: string; ids: { conversationId: string; messageId: string }; replyTo: string; /** This message opened the conversation. */ opened: boolean },
): Promise<void> {
  await storeAssistantMessage(db, {
    id: ids.messageId,
    conversationId: ids.conversationId,
    replyTo,
    content: result.text,
    lang: result.lang,
    outcome: result.outcome,
    citations: result.citations,
    suggestions: result.suggestions,
    handoffOffered: result.handoffOffered,
  });
  // The customer's message is also what they did after the previous reply: record it on that trace
  // (a conversation this message opened has none).
  const previous = opened ? undefined : await latestAnswerTrace(db, { conversationId: ids.conversationId });
  if (previous) await setFollowedBy(db, { id: previous.id, followedBy: followUpSignal(previous, { question, route: result.route }) });
  await storeAnswerTrace(db, {
    messageId: ids.messageId,
    conversationId: ids.conversationId,
    question,
    condensedQuery: result.standalone === question ? null : result.standalone,
    lang: result.lang,
    route: result.route,
    outcome: result.outcome,
    goldenId: result.golden?.id ?? null,
    goldenScore: result.golden?.score ?? null,
    retrieved: result.retrieved,
    citations: result.citations,
    model: result.model,
    tokensIn: result.tokensIn,
    tokensOut: result.tokensOut,
    costUsd: result.costUsd,
    ttftMs: result.ttftMs,
    totalMs: result.totalMs,
    error: result.error,
    details: {
      golden: result.golden,
      version: result.version,
      dialog: result.dialogNote,
      standalone: result.standalone,
      tools: result.tools ?? [],
      ...(result.profile ? { profile: result.profile } : {}),
      // Where the answer's time went (ms, each stage's own time; lib/observability/stage-times.ts).
      stagesMs: stages,
    },
  });
  await touchConversation(db, { id: ids.conversationId, lang: result.lang, dialog: result.dialog });
}
