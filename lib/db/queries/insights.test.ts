import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase, type DemoDatabase } from '@/lib/actions/repository/testing';
import { answerTraces, approvals, conversations, feedback, handoffs, messages } from '../schema';
import { testBackends } from '../test-databases';
import { loadInsights, type Insights, type InsightsRange } from './insights';

/**
 * A small hand-built month (March 2025), every figure worked out by hand:
 *
 * conv  lang  replies (outcome, route)                             feedback  hand-off            resolved
 * C1    en    t1 answered/knowledge                               t1 up     —                   yes
 * C2    de    t2 no_answer/knowledge, t3 golden/knowledge         —         missing_knowledge   no (hand-off)
 * C3    fr    t4 answered/knowledge                               t4 down   —                   no (thumbs-down)
 * C4    en    t5 no_answer, t6 no_answer (same question twice)    —         —                   no (never answered)
 * C5    en    t7 approval/account, t8 account/account             t8 up     —                   yes
 * C7    it    t9 chit_chat/chit_chat                              —         customer_request    no
 * C6    en    one reply on 15 February: outside the range         —         policy (ignored)
 */
const RANGE: InsightsRange = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-04-01T00:00:00Z') };
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 2, day, hour));

type Reply = {
  outcome: string;
  route: string;
  lang: string;
  question: string;
  condensed?: string;
  createdAt: Date;
  ttft?: number;
  total: number;
  tokens?: [number, number, number];
  rating?: 'up' | 'down';
  /** Documents the reply cited, and the best one retrieved. */
  cites?: string[];
  retrieved?: string;
  /** What the customer's next message was (the chat records it when it arrives). */
  followedBy?: 'asked_again' | 'thanked' | 'moved_on';
};

/**
 * April 2025: what customers did after an answer (answer-signals.ts).
 *
 * conv  replies                                                        resolved
 * A1    t1 answered (cites X), t2 answered: the same question again    no (asked again)
 * A2    t3 answered (cites X), t4 chit_chat "thanks!"                  yes (thanked)
 * A3    t5 answered (cites X), nothing after                           yes (left satisfied)
 * A4    t6 answered (cites X), thumbs-down                             no
 * A5    t7 no_answer (retrieved Y)                                     no
 */
const APRIL: InsightsRange = { from: new Date('2025-04-01T00:00:00Z'), to: new Date('2025-05-01T00:00:00Z') };
const april = (day: number, minute = 0) => new Date(Date.UTC(2025, 3, day, 12, minute));

describe.each(testBackends())('insights queries on $name', ({ open }) => {
  let demo: DemoDatabase;
  let insights: Insights;
  let aprilInsights: Insights;

  async function conversation(lang: string, replies: Reply[], { handoff, owner }: { handoff?: { reason: string; status?: 'open' | 'closed' }; owner?: string } = {}) {
    const db = demo.database.db;
    const id = randomUUID();
    await db.insert(conversations).values({ id, ownerUserId: owner ?? null, ownerAnonKey: owner ? null : `anon-${id}`, title: 'test', lang });
    for (const reply of replies) {
      const messageId = randomUUID();
      await db.insert(messages).values({ id: messageId, conversationId: id, role: 'assistant', content: 'reply', lang: reply.lang, outcome: reply.outcome, createdAt: reply.createdAt });
      const [tokensIn, tokensOut, cost] = reply.tokens ?? [0, 0, 0];
      await db.insert(answerTraces).values({
        messageId, conversationId: id, question: reply.question, condensedQuery: reply.condensed ?? null, lang: reply.lang, route: reply.route,
        outcome: reply.outcome, model: 'test', tokensIn, tokensOut, costUsd: cost, ttftMs: reply.ttft ?? null, totalMs: reply.total, createdAt: reply.createdAt,
        citations: (reply.cites ?? []).map((documentId, i) => ({ n: i + 1, documentId, title: `Title of ${documentId}`, url: `/articles/${documentId}`, heading: null })),
        retrieved: reply.retrieved ? [{ chunkId: 1, documentId: reply.retrieved, score: 0.5, ranks: {}, passed: false }] : [],
        followedBy: reply.followedBy ?? null,
      });
      if (reply.rating) await db.insert(feedback).values({ messageId, rating: reply.rating });
    }
    if (handoff) await db.insert(handoffs).values({ conversationId: id, reason: handoff.reason, status: handoff.status ?? 'open', createdAt: replies[0]!.createdAt });
    return id;
  }

  beforeAll(async () => {
    demo = await openDemoDatabase(open);
    const q = (outcome: string, route: string, lang: string, question: string, createdAt: Date, total: number, extra: Partial<Reply> = {}): Reply => ({
      outcome, route, lang, question, createdAt, total, ...extra,
    });
    await conversation('en', [q('answered', 'knowledge', 'en', 'How do I restart my Box 5?', at(2), 200, { ttft: 100, tokens: [300, 150, 0.003], rating: 'up' })]);
    await conversation(
      'de',
      [
        q('no_answer', 'knowledge', 'de', 'und das Abo?', at(2, 13), 50, { condensed: 'Wie kündige ich das Abo?' }),
        q('golden', 'knowledge', 'de', 'Wie setze ich die Box zurück?', at(3), 25, { ttft: 20 }),
      ],
      { handoff: { reason: 'missing_knowledge' } },
    );
    await conversation('fr', [q('answered', 'knowledge', 'fr', 'Comment payer ma facture ?', at(10), 500, { ttft: 300, tokens: [300, 150, 0.003], rating: 'down' })]);
    await conversation('en', [
      q('no_answer', 'knowledge', 'en', 'Do you sell pizza?', at(10, 9), 40),
      q('no_answer', 'knowledge', 'en', 'do you  sell PIZZA!', at(11), 40),
    ]);
    const user = demo.ids.james.userId;
    const c5 = await conversation(
      'en',
      [
        q('approval', 'account', 'en', 'Change my plan to Wave Home 500', at(12), 100),
        q('account', 'account', 'en', 'Show my last bill', at(12, 14), 150, { ttft: 60, tokens: [300, 150, 0.003], rating: 'up' }),
      ],
      { owner: user },
    );
    await conversation('it', [q('chit_chat', 'chit_chat', 'it', 'Ciao!', at(20), 10)], { handoff: { reason: 'customer_request', status: 'closed' } });
    await conversation('en', [q('answered', 'knowledge', 'en', 'Outside the range', new Date('2025-02-15T12:00:00Z'), 999, { ttft: 999, rating: 'down' })], {
      handoff: { reason: 'policy' },
    });

    const card = { conversationId: c5, userId: user, customerId: demo.ids.james.customerId, toolName: 'change_plan', input: {}, preview: { title: 'x', changes: [], notes: [] }, requestText: 'x', expiresAt: at(30) };
    await demo.database.db.insert(approvals).values([
      { ...card, toolCallId: randomUUID(), status: 'executed', createdAt: at(12) },
      { ...card, toolCallId: randomUUID(), status: 'declined', createdAt: at(13) },
      { ...card, toolCallId: randomUUID(), status: 'expired', createdAt: at(14) },
      { ...card, toolCallId: randomUUID(), status: 'pending', createdAt: new Date('2025-04-02T00:00:00Z') },
    ]);
    insights = await loadInsights(demo.database.db, RANGE);

    const x = { cites: ['doc-x'], retrieved: 'doc-x' };
    await conversation('en', [
      q('answered', 'knowledge', 'en', 'How do I restart my Box 5?', april(2), 50, { ...x, followedBy: 'asked_again' }),
      q('answered', 'knowledge', 'en', 'how do i RESTART the box 5 please', april(2, 5), 50, x),
    ]);
    await conversation('en', [q('answered', 'knowledge', 'en', 'How much is roaming in Italy?', april(3), 50, { ...x, followedBy: 'thanked' }), q('chit_chat', 'chit_chat', 'en', 'thanks!', april(3, 2), 5)]);
    await conversation('de', [q('answered', 'knowledge', 'de', 'Wie teuer ist Roaming in Italien?', april(4), 50, x)]);
    await conversation('fr', [q('answered', 'knowledge', 'fr', 'Combien coûte le roaming en Allemagne ?', april(5), 50, { ...x, rating: 'down' })]);
    await conversation('it', [q('no_answer', 'knowledge', 'it', 'Posso pagare in bitcoin?', april(6), 50, { retrieved: 'doc-y' })]);
    aprilInsights = await loadInsights(demo.database.db, APRIL);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  it('counts replies, outcomes, golden hits, tool use and feedback', () => {
    expect(insights.answers).toMatchObject({
      answers: 9,
      noAnswer: 3,
      noAnswerRate: 3 / 9,
      knowledgeAnswers: 6,
      golden: 1,
      goldenHitRate: 1 / 6,
      toolUse: 2,
      toolUseRate: 2 / 9,
      feedbackUp: 2,
      feedbackDown: 1,
      positiveFeedbackRate: 2 / 3,
    });
  });

  it('computes latency percentiles (continuous) and tokens and cost per answer', () => {
    const a = insights.answers;
    // TTFT of the four replies that have one: 20, 60, 100, 300.
    expect(a.ttftMs.p50).toBeCloseTo(80, 6);
    expect(a.ttftMs.p95).toBeCloseTo(270, 6);
    // Totals 10, 25, 40, 40, 50, 100, 150, 200, 500.
    expect(a.totalMs.p50).toBeCloseTo(50, 6);
    expect(a.totalMs.p95).toBeCloseTo(380, 6);
    expect(a.tokensInPerAnswer).toBeCloseTo(100, 6);
    expect(a.tokensOutPerAnswer).toBeCloseTo(50, 6);
    expect(a.costPerAnswerUsd).toBeCloseTo(0.001, 9);
    expect(a.costTotalUsd).toBeCloseTo(0.009, 9);
  });

  it('resolves conversations: answered, no hand-off, no thumbs-down', () => {
    expect(insights.conversations).toEqual({ conversations: 6, resolved: 2, resolutionRate: 2 / 6, unverified: 4, handedOff: 2, handoffRate: 2 / 6 });
    expect(insights.handoffsByReason).toEqual([
      { key: 'customer_request', count: 1 },
      { key: 'missing_knowledge', count: 1 },
    ]);
  });

  it('mixes languages and counts approvals made in the range', () => {
    expect(insights.languages).toEqual([
      { key: 'en', count: 5 },
      { key: 'de', count: 2 },
      { key: 'fr', count: 1 },
      { key: 'it', count: 1 },
    ]);
    expect(insights.approvals).toEqual({ proposed: 3, approved: 1, declined: 1, expired: 1, pending: 0, approvalRate: 0.5 });
  });

  it('groups unanswered questions by normalised text, the condensed question first', () => {
    expect(insights.unanswered.map(({ text, normalized, count, lang }) => ({ text, normalized, count, lang }))).toEqual([
      { text: 'do you  sell PIZZA!', normalized: 'do you sell pizza', count: 2, lang: 'en' },
      { text: 'Wie kündige ich das Abo?', normalized: 'wie kündige ich das abo', count: 1, lang: 'de' },
    ]);
    expect(insights.unanswered[0]!.lastAskedAt.toISOString()).toBe(at(11).toISOString());
  });

  it('gives one point per day of the range, days without replies as zeros', () => {
    expect(insights.daily).toHaveLength(31);
    expect(insights.daily[0]).toMatchObject({ day: '2025-03-01', answers: 0, noAnswerRate: null });
    expect(insights.daily[1]).toMatchObject({ day: '2025-03-02', answers: 2, conversations: 2, noAnswer: 1, noAnswerRate: 0.5, feedbackUp: 1, positiveFeedbackRate: 1 });
    expect(insights.daily[9]).toMatchObject({ day: '2025-03-10', answers: 2, conversations: 2, noAnswer: 1, feedbackDown: 1, positiveFeedbackRate: 0 });
    expect(insights.daily[9]!.totalP95Ms).toBeCloseTo(40 + 0.95 * 460, 6);
    expect(insights.daily.reduce((n, d) => n + d.answers, 0)).toBe(9);
  });

  it('is empty, not broken, for a range without data', async () => {
    const empty = await loadInsights(demo.database.db, { from: new Date('2030-01-01T00:00:00Z'), to: new Date('2030-01-03T00:00:00Z') });
    expect(empty.answers).toMatchObject({ answers: 0, noAnswerRate: null, ttftMs: { p50: null, p95: null }, costTotalUsd: 0, costPerAnswerUsd: null });
    expect(empty.conversations).toEqual({ conversations: 0, resolved: 0, resolutionRate: null, unverified: 0, handedOff: 0, handoffRate: null });
    expect(empty.daily.map((d) => d.day)).toEqual(['2030-01-01', '2030-01-02']);
    expect(empty.unanswered).toEqual([]);
  });

  it('counts a conversation resolved only when the customer accepted an answer: not when they asked the same again', () => {
    expect(aprilInsights.conversations).toMatchObject({ conversations: 5, resolved: 2, unverified: 3 });
  });

  it('lists content gaps by the article they were about: not answered, down-voted, asked again, with examples', () => {
    expect(aprilInsights.gaps).toEqual([
      {
        documentId: 'doc-x', title: null, slug: null, count: 2, noAnswer: 0, downvoted: 1, askedAgain: 1,
        examples: expect.arrayContaining(['How do I restart my Box 5?', 'Combien coûte le roaming en Allemagne ?']), cited: ['Title of doc-x'],
      },
      { documentId: 'doc-y', title: null, slug: null, count: 1, noAnswer: 1, downvoted: 0, askedAgain: 0, examples: ['Posso pagare in bitcoin?'], cited: [] },
    ]);
  });

  it('rates each cited article: cited, down-voted, followed by the question asked again', () => {
    expect(aprilInsights.articles).toEqual([{ documentId: 'doc-x', title: null, slug: null, cited: 5, downvoted: 1, askedAgain: 1 }]);
  });
});
