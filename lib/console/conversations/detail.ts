import type { Citation } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { listConversationReviews, type AnswerReview } from '@/lib/db/queries/answer-reviews';
import {
  findConsoleConversation,
  findDocumentRefs,
  listAuditRowsForApprovals,
  listConsoleMessages,
  listConversationApprovalsForConsole,
  type ConsoleConversation,
  type ConsoleMessage,
  type DocumentRef,
} from '@/lib/db/queries/console-conversations';
import { listConversationHandoffs, type HandoffQueueItem } from '@/lib/db/queries/handoffs';
import type { ApprovalRow, AuditLogRow } from '@/lib/db/schema';

/** One retrieved passage as the trace stored it (lib/rag/answer.ts RetrievedTrace), read defensively. */
export type TraceRetrieved = {
  chunkId: number | null;
  documentId: string;
  score: number | null;
  ranks: { vector: number | null; fts: number | null; simple: number | null; fused: number | null; rerank: number | null };
  passed: boolean;
};

export type ConsoleAnswer = ConsoleMessage & {
  /** The customer's question this answers (the message it replies to, else the trace's). */
  question: string | null;
  review: AnswerReview | null;
  approvals: ApprovalRow[];
  retrieved: TraceRetrieved[];
  citationList: Citation[];
};

export type ConsoleConversationDetail = {
  conversation: ConsoleConversation;
  messages: ConsoleAnswer[];
  /** Approvals not attached to a message (e.g. the turn failed before its answer was stored). */
  looseApprovals: ApprovalRow[];
  audit: AuditLogRow[];
  handoffs: HandoffQueueItem[];
  documents: Map<string, DocumentRef>;
};

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function readRetrieved(value: unknown): TraceRetrieved[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): TraceRetrieved[] => {
    if (!item || typeof item !== 'object') return [];
    const r = item as Record<string, unknown>;
    const ranks = (r.ranks && typeof r.ranks === 'object' ? r.ranks : {}) as Record<string, unknown>;
    if (typeof r.documentId !== 'string') return [];
    return [
      {
        chunkId: num(r.chunkId),
        documentId: r.documentId,
        score: num(r.score),
        ranks: { vector: num(ranks.vector), fts: num(ranks.fts), simple: num(ranks.simple), fused: num(ranks.fused), rerank: num(ranks.rerank) },
        passed: r.passed === true,
      },
    ];
  });
}

export function readCitations(value: unknown): Citation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Citation[] => {
    if (!item || typeof item !== 'object') return [];
    const c = item as Record<string, unknown>;
    if (typeof c.documentId !== 'string' || typeof c.title !== 'string') return [];
    return [
      {
        n: typeof c.n === 'number' ? c.n : 0,
        documentId: c.documentId,
        title: c.title,
        url: typeof c.url === 'string' ? c.url : '',
        heading: typeof c.heading === 'string' ? c.heading : null,
      },
    ];
  });
}

/** A conversation with everything behind it, for the console (no owner check: staff only). */
export async function loadConsoleConversation(db: Db, { id }: { id: string }): Promise<ConsoleConversationDetail | null> {
  const conversation = await findConsoleConversation(db, { id });
  if (!conversation) return null;
  // One query at a time: PGlite serialises them anyway, and a pool stays free for others.
  const rows = await listConsoleMessages(db, { conversationId: id });
  const reviews = await listConversationReviews(db, { conversationId: id });
  const approvals = await listConversationApprovalsForConsole(db, { conversationId: id });
  const audit = await listAuditRowsForApprovals(db, { approvals });
  const handoffs = await listConversationHandoffs(db, { conversationId: id });

  const reviewByMessage = new Map(reviews.map((r) => [r.messageId, r]));
  const approvalsByMessage = new Map<string, ApprovalRow[]>();
  for (const approval of approvals) {
    if (approval.messageId) approvalsByMessage.set(approval.messageId, [...(approvalsByMessage.get(approval.messageId) ?? []), approval]);
  }
  const textById = new Map(rows.map((m) => [m.id, m.content]));
  const messages: ConsoleAnswer[] = rows.map((m) => ({
    ...m,
    question: m.role === 'assistant' ? ((m.replyTo ? textById.get(m.replyTo) : undefined) ?? m.trace?.question ?? null) : null,
    review: reviewByMessage.get(m.id) ?? null,
    approvals: approvalsByMessage.get(m.id) ?? [],
    retrieved: readRetrieved(m.trace?.retrieved),
    citationList: readCitations(m.trace?.citations ?? m.citations),
  }));
  const attached = new Set(messages.map((m) => m.id));
  const looseApprovals = approvals.filter((a) => !a.messageId || !attached.has(a.messageId));

  const documentIds = messages.flatMap((m) => [...m.retrieved.map((r) => r.documentId), ...m.citationList.map((c) => c.documentId)]);
  const documents = new Map((await findDocumentRefs(db, { ids: documentIds })).map((d) => [d.id, d]));
  return { conversation, messages, looseApprovals, audit, handoffs, documents };
}
