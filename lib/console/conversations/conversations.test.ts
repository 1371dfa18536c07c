import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, type DemoDatabase } from '@/lib/actions/repository/testing';
import { loadConversationDetail } from '@/lib/chat/conversation-detail';
import type { Citation } from '@/lib/domain/chat';
import type { Db } from '@/lib/db/client';
import { findAnswerReview } from '@/lib/db/queries/answer-reviews';
import { createApproval } from '@/lib/db/queries/approvals';
import { storeAnswerTrace } from '@/lib/db/queries/answer-traces';
import { listConsoleConversations, type ConversationListFilters } from '@/lib/db/queries/console-conversations';
import { openConversation } from '@/lib/db/queries/conversations';
import { saveFeedback } from '@/lib/db/queries/feedback';
import { listGoldenAnswers } from '@/lib/db/queries/golden-answers';
import { requestHandoff } from '@/lib/db/queries/handoffs';
import { storeAssistantMessage, storeUserMessage } from '@/lib/db/queries/messages';
import { findUserByEmail } from '@/lib/db/queries/users';
import { conversations, documents, goldenAnswerVersions } from '@/lib/db/schema';
import { testBackends } from '@/lib/db/test-databases';
import { loadConsoleConversation } from './detail';
import { parseConversationListParams, toListFilters } from './filters';
import { promoteAnswerToGolden, promotedGoldenId } from './promote';
import { reviewAnswer } from './review';

type Seeded = { id: string; answerIds: string[] };

const citation: Citation = { n: 1, documentId: 'doc-large-print-en', title: 'Bills in large print', url: '/articles/large-print#how', heading: 'How' };

/**
 * Seeds one conversation: the questions, one answer each (with a trace), and the extras asked
 * for. `at` sets the last activity, so the list order is known.
 */
async function seedConversation(
  db: Db,
  {
    owner,
    title,
    lang,
    at,
    turns,
  }: {
    owner: { kind: 'user'; userId: string } | { kind: 'anon'; anonKey: string };
    title: string;
    lang: string;
    at: Date;
    turns: { question: string; answer: string; outcome: string; rating?: 'up' | 'down'; goldenId?: string }[];
  },
): Promise<Seeded> {
  const id = randomUUID();
  const opened = await openConversation(db, { id, owner, title, lang });
  if (!opened.ok) throw new Error('not opened');
  const answerIds: string[] = [];
  for (const turn of turns) {
    const user = await storeUserMessage(db, { conversationId: id, clientId: randomUUID(), content: turn.question, lang });
    const answerId = randomUUID();
    await storeAssistantMessage(db, {
      id: answerId,
      conversationId: id,
      replyTo: user.id,
      content: turn.answer,
      lang,
      outcome: turn.outcome,
      citations: turn.outcome === 'answered' ? [citation] : [],
      suggestions: null,
      handoffOffered: turn.outcome === 'no_answer',
    });
    await storeAnswerTrace(db, {
      messageId: answerId,
      conversationId: id,
      question: turn.question,
      lang,
      route: 'knowledge',
      outcome: turn.outcome,
      goldenId: turn.goldenId ?? null,
      goldenScore: turn.goldenId ? 0.93 : null,
      retrieved: [{ chunkId: 7, documentId: citation.documentId, score: 0.81, ranks: { vector: 1, fts: 2, simple: null, fused: 1, rerank: 1 }, passed: true }],
      citations: turn.outcome === 'answered' ? [citation] : [],
      model: 'local',
      tokensIn: 120,
      tokensOut: 40,
      costUsd: 0.0001,
      ttftMs: 35,
      totalMs: 80,
    });
    if (turn.rating) await saveFeedback(db, { messageId: answerId, rating: turn.rating, comment: turn.rating === 'down' ? 'not what I asked' : null });
    answerIds.push(answerId);
  }
  await db.update(conversations).set({ updatedAt: at, createdAt: at }).where(eq(conversations.id, id));
  return { id, answerIds };
}

describe.each(testBackends())('console conversations on $name', ({ open }) => {
  let demo: DemoDatabase;
  let db: Db;
  let expertId: string;
  const c: Record<string, Seeded> = {};
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h));

  beforeAll(async () => {
    demo = await openDemoDatabase(open);
    db = demo.database.db;
    expertId = (await findUserByEmail(db, { email: 'expert@alpenwave.example' }))!.id;
    await db.insert(documents).values({
      id: citation.documentId,
      source: 'test',
      path: 'large-print.md',
      title: citation.title,
      slug: 'large-print',
      lang: 'en',
      audience: 'public',
      body: 'You can get your bills in large print.',
      contentHash: 'x',
    });
    const anna = { kind: 'user' as const, userId: demo.ids.anna.userId };
    const anon = { kind: 'anon' as const, anonKey: 'k'.repeat(64) };
    // Newest first: happy (thumbs up), grumpy (down + hand-off), golden, tools, silent (no answer).
    c.silent = await seedConversation(db, {
      owner: anon,
      title: 'Student discount?',
      lang: 'en',
      at: day(1),
      turns: [{ question: 'Do you have a student discount?', answer: "I couldn't find an answer.", outcome: 'no_answer' }],
    });
    c.tools = await seedConversation(db, {
      owner: anna,
      title: 'Bitte Modem neu starten',
      lang: 'de',
      at: day(2),
      turns: [{ question: 'Bitte Modem neu starten', answer: 'Soll ich Ihre Box 5 neu starten?', outcome: 'approval' }],
    });
    await createApproval(db, {
      conversationId: c.tools.id,
      userId: demo.ids.anna.userId,
      customerId: demo.ids.anna.customerId,
      toolName: 'restart_modem',
      toolCallId: `call_${randomUUID()}`,
      input: {},
      preview: { title: 'Restart your Box 5', changes: [], notes: [] },
      requestText: 'Bitte Modem neu starten',
      expiresAt: new Date(Date.now() + 600_000),
      messageId: c.tools.answerIds[0],
    });
    c.golden = await seedConversation(db, {
      owner: anon,
      title: 'How do I restart my Box 5?',
      lang: 'en',
      at: day(3),
      turns: [{ question: 'How do I restart my Box 5?', answer: 'The easiest way is the app.', outcome: 'golden', goldenId: 'golden-en-002' }],
    });
    c.grumpy = await seedConversation(db, {
      owner: anna,
      title: 'Large print bills 100% please_',
      lang: 'en',
      at: day(4),
      turns: [
        { question: 'Can I get my bills in large print?', answer: 'Yes [1].', outcome: 'answered', rating: 'down' },
        { question: 'And braille?', answer: "I couldn't find an answer.", outcome: 'no_answer' },
      ],
    });
    await requestHandoff(db, { conversationId: c.grumpy.id, reason: 'missing_knowledge', note: null });
    c.happy = await seedConversation(db, {
      owner: anon,
      title: 'Rechnung in Grossschrift',
      lang: 'de',
      at: day(5),
      turns: [{ question: 'Kann ich die Rechnung in Grossschrift bekommen?', answer: 'Ja [1].', outcome: 'answered', rating: 'up' }],
    });
    const reviewed = await reviewAnswer(db, { messageId: c.golden.answerIds[0]!, verdict: 'endorsed', comment: 'spot on', reviewerId: expertId });
    expect(reviewed).toEqual({ ok: true, conversationId: c.golden.id });
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  async function ids(filters: ConversationListFilters): Promise<string[]> {
    return (await listConsoleConversations(db, { filters })).items.map((i) => i.id);
  }

  it('lists newest activity first with the page figures', async () => {
    const page = await listConsoleConversations(db, { filters: {} });
    expect(page.items.map((i) => i.id)).toEqual([c.happy, c.grumpy, c.golden, c.tools, c.silent].map((s) => s!.id));
    expect(page.older).toBeNull();
    expect(page.newer).toBeNull();
    const grumpy = page.items[1]!;
    expect(grumpy).toMatchObject({
      title: 'Large print bills 100% please_',
      lang: 'en',
      customerName: 'Anna Meier',
      customerEmail: 'anna.meier@example.ch',
      firstQuestion: 'Can I get my bills in large print?',
      messageCount: 4,
      outcomes: ['answered', 'no_answer'],
      thumbsUp: 0,
      thumbsDown: 1,
      handoffStatus: 'open',
      toolCalls: 0,
    });
    expect(page.items[2]).toMatchObject({ customerName: null, outcomes: ['golden'], endorsed: 1, flagged: 0, handoffStatus: null });
    expect(page.items[3]).toMatchObject({ toolCalls: 1 });
  });

  it('filters by date range, language, feedback, endorsement, hand-off, no-answer, golden, tools and text', async () => {
    expect(await ids({ since: day(2, 0), until: day(4, 0) })).toEqual([c.golden!.id, c.tools!.id]);
    expect(await ids(toListFilters(parseConversationListParams({ from: '2026-11-02', to: '2026-11-03' })))).toEqual([c.golden!.id, c.tools!.id]);
    expect(await ids({ lang: 'de' })).toEqual([c.happy!.id, c.tools!.id]);
    expect(await ids({ feedback: 'up' })).toEqual([c.happy!.id]);
    expect(await ids({ feedback: 'down' })).toEqual([c.grumpy!.id]);
    expect(await ids({ feedback: 'none' })).toEqual([c.golden!.id, c.tools!.id, c.silent!.id]);
    expect(await ids({ endorsement: 'customer' })).toEqual([c.happy!.id]);
    expect(await ids({ endorsement: 'expert' })).toEqual([c.golden!.id]);
    expect(await ids({ endorsement: 'none' })).toEqual([c.grumpy!.id, c.tools!.id, c.silent!.id]);
    expect(await ids({ handoff: 'yes' })).toEqual([c.grumpy!.id]);
    expect(await ids({ handoff: 'no' })).toEqual([c.happy!.id, c.golden!.id, c.tools!.id, c.silent!.id]);
    expect(await ids({ noAnswer: true })).toEqual([c.grumpy!.id, c.silent!.id]);
    expect(await ids({ golden: true })).toEqual([c.golden!.id]);
    expect(await ids({ tools: true })).toEqual([c.tools!.id]);
    // The title (the first question as asked), case-insensitive; LIKE wildcards are literal.
    expect(await ids({ q: 'STUDENT discount' })).toEqual([c.silent!.id]);
    expect(await ids({ q: 'print BILLS' })).toEqual([c.grumpy!.id]);
    expect(await ids({ q: '100%' })).toEqual([c.grumpy!.id]);
    expect(await ids({ q: '%' })).toEqual([c.grumpy!.id]);
    expect(await ids({ q: 'braille' })).toEqual([]);
    expect(await ids({ lang: 'en', noAnswer: true, handoff: 'no' })).toEqual([c.silent!.id]);
  });

  it('pages with keyset cursors, forwards and back, ties included', async () => {
    // Two more with the very same instant as `golden`: the id breaks the tie.
    const twinA = await seedConversation(db, { owner: { kind: 'anon', anonKey: 'a'.repeat(64) }, title: 'twin a', lang: 'it', at: day(3), turns: [] });
    const twinB = await seedConversation(db, { owner: { kind: 'anon', anonKey: 'b'.repeat(64) }, title: 'twin b', lang: 'it', at: day(3), turns: [] });
    // Sub-millisecond precision must survive the cursor.
    await db.execute(sql`update conversations set updated_at = updated_at + interval '0.000123 seconds' where id = ${twinA.id}`);
    const all = await ids({});
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let page = await listConsoleConversations(db, { filters: {}, pageSize: 2 });
    expect(page.newer).toBeNull();
    seen.push(...page.items.map((i) => i.id));
    while (page.older) {
      page = await listConsoleConversations(db, { filters: {}, after: page.older, pageSize: 2 });
      expect(page.newer).not.toBeNull();
      seen.push(...page.items.map((i) => i.id));
    }
    expect(seen).toEqual(all);
    // And back from the last page.
    const back: string[] = [...page.items.map((i) => i.id)].reverse();
    while (page.newer) {
      page = await listConsoleConversations(db, { filters: {}, before: page.newer, pageSize: 2 });
      back.push(...[...page.items.map((i) => i.id)].reverse());
    }
    expect(back.reverse()).toEqual(all);
    await db.delete(conversations).where(sql`${conversations.id} in (${twinA.id}, ${twinB.id})`);
  });

  it('loads one conversation with traces, feedback, reviews, approvals and hand-offs', async () => {
    const grumpy = await loadConsoleConversation(db, { id: c.grumpy!.id });
    expect(grumpy).not.toBeNull();
    expect(grumpy!.conversation.customerEmail).toBe('anna.meier@example.ch');
    expect(grumpy!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const first = grumpy!.messages[1]!;
    expect(first.question).toBe('Can I get my bills in large print?');
    expect(first.trace).toMatchObject({ route: 'knowledge', model: 'local', tokensIn: 120, ttftMs: 35 });
    expect(first.retrieved).toEqual([{ chunkId: 7, documentId: citation.documentId, score: 0.81, ranks: { vector: 1, fts: 2, simple: null, fused: 1, rerank: 1 }, passed: true }]);
    expect(first.citationList).toEqual([citation]);
    expect(first.feedback).toMatchObject({ rating: 'down', comment: 'not what I asked' });
    expect(grumpy!.documents.get(citation.documentId)?.title).toBe('Bills in large print');
    expect(grumpy!.handoffs).toMatchObject([{ status: 'open', reason: 'missing_knowledge', customerName: 'Anna Meier' }]);

    const tools = await loadConsoleConversation(db, { id: c.tools!.id });
    expect(tools!.messages[1]!.approvals).toMatchObject([{ toolName: 'restart_modem', status: 'pending' }]);
    expect(await loadConsoleConversation(db, { id: randomUUID() })).toBeNull();
  });

  it('endorses and flags answers; a second review replaces the first; questions cannot be reviewed', async () => {
    const answerId = c.grumpy!.answerIds[1]!;
    expect(await reviewAnswer(db, { messageId: answerId, verdict: 'endorsed', comment: null, reviewerId: expertId })).toMatchObject({ ok: true });
    expect(await findAnswerReview(db, { messageId: answerId })).toMatchObject({ verdict: 'endorsed', reviewerName: 'Sofia Keller' });
    expect(await reviewAnswer(db, { messageId: answerId, verdict: 'flagged', comment: 'should hand off', reviewerId: expertId })).toMatchObject({ ok: true });
    expect(await findAnswerReview(db, { messageId: answerId })).toMatchObject({ verdict: 'flagged', comment: 'should hand off' });
    const detail = await loadConsoleConversation(db, { id: c.grumpy!.id });
    expect(detail!.messages[3]!.review).toMatchObject({ verdict: 'flagged', reviewerName: 'Sofia Keller' });
    expect(await ids({ endorsement: 'expert' })).toEqual([c.golden!.id]);

    const question = detail!.messages[0]!;
    expect(await reviewAnswer(db, { messageId: question.id, verdict: 'endorsed', comment: null, reviewerId: expertId })).toEqual({ ok: false, reason: 'not_an_answer' });
    expect(await reviewAnswer(db, { messageId: randomUUID(), verdict: 'endorsed', comment: null, reviewerId: expertId })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('promotes an answer to a golden answer with a version row, in one go; promoting again is an update', async () => {
    const answerId = c.grumpy!.answerIds[0]!;
    const result = await promoteAnswerToGolden(db, {
      messageId: answerId,
      question: 'Can I get my bills in large print?',
      answer: 'Yes: My Alpenwave > Bills > Large print.',
      lang: 'en',
      sourceIds: [citation.documentId],
      userId: expertId,
    });
    const goldenId = promotedGoldenId(answerId);
    expect(result).toEqual({ ok: true, goldenId, action: 'create', conversationId: c.grumpy!.id });
    const golden = (await listGoldenAnswers(db)).find((g) => g.id === goldenId);
    expect(golden).toMatchObject({ lang: 'en', question: 'Can I get my bills in large print?', answer: 'Yes: My Alpenwave > Bills > Large print.', sourceIds: [citation.documentId], updatedBy: expertId });
    let versions = await db.select().from(goldenAnswerVersions).where(eq(goldenAnswerVersions.goldenId, goldenId));
    expect(versions).toMatchObject([{ action: 'create', before: null, changedBy: expertId, after: { id: goldenId, lang: 'en', question: 'Can I get my bills in large print?', answer: 'Yes: My Alpenwave > Bills > Large print.', source_ids: [citation.documentId], tags: [] } }]);

    const again = await promoteAnswerToGolden(db, { messageId: answerId, question: 'Large print bills?', answer: 'Yes.', lang: 'en', sourceIds: [], userId: expertId });
    expect(again).toMatchObject({ ok: true, action: 'update' });
    versions = await db.select().from(goldenAnswerVersions).where(eq(goldenAnswerVersions.goldenId, goldenId)).orderBy(goldenAnswerVersions.id);
    expect(versions.map((v) => v.action)).toEqual(['create', 'update']);
    expect(versions[1]).toMatchObject({ before: { question: 'Can I get my bills in large print?' }, after: { question: 'Large print bills?', answer: 'Yes.' } });

    // Unknown articles are refused and nothing is written.
    const refused = await promoteAnswerToGolden(db, { messageId: c.happy!.answerIds[0]!, question: 'q', answer: 'a', lang: 'de', sourceIds: ['no-such-article'], userId: expertId });
    expect(refused).toEqual({ ok: false, reason: 'unknown_sources', unknown: ['no-such-article'] });
    expect((await listGoldenAnswers(db)).some((g) => g.id === promotedGoldenId(c.happy!.answerIds[0]!))).toBe(false);
    const userMessage = (await loadConsoleConversation(db, { id: c.happy!.id }))!.messages[0]!;
    expect(await promoteAnswerToGolden(db, { messageId: userMessage.id, question: 'q', answer: 'a', lang: 'de', sourceIds: [], userId: expertId })).toEqual({ ok: false, reason: 'not_an_answer' });
  });

  it('the customer’s own view is untouched by console reads', async () => {
    const detail = await loadConversationDetail(db, { id: c.grumpy!.id, owner: { kind: 'user', userId: demo.ids.anna.userId } });
    expect(detail?.messages).toHaveLength(4);
  });
});
