import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The hand-off queries read the webhook from the process's configuration: point it at the
// receiver this test starts (its port is known only at run time).
const state = vi.hoisted(() => ({ webhook: undefined as { url: string; secret: string; retryBaseMs: number } | undefined }));
vi.mock('@/lib/config', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/config')>();
  const base = real.parseConfig({});
  return { ...real, getConfig: () => ({ ...base, publicUrl: 'https://help.example.com', handoffWebhook: state.webhook }) };
});

const { openDemoDatabase } = await import('@/lib/actions/repository/testing');
const { openConversation } = await import('@/lib/db/queries/conversations');
const { claimHandoff, closeHandoff, requestHandoff, storeAgentReply, storeHelpdeskReply } = await import('@/lib/db/queries/handoffs');
const { storeUserMessage } = await import('@/lib/db/queries/messages');
const { findUserByEmail } = await import('@/lib/db/queries/users');
const { listDeliveries } = await import('@/lib/db/queries/webhook-deliveries');
const { webhookDeliveries } = await import('@/lib/db/schema');
const { testBackends } = await import('@/lib/db/test-databases');
const { MAX_ATTEMPTS, deliverDue, retryDelayMs } = await import('./dispatch');
const { verifySignature } = await import('./signature');

const SECRET = 'webhook-test-secret-0123456789-abcdef';

type Received = { type: string; delivery: string; signature: string; body: string };

/** A helpdesk stand-in: records every POST; answers 500 to the next `failures` requests. */
async function startReceiver() {
  const receiver = { received: [] as Received[], failures: 0, alwaysFail: false, server: undefined as unknown as http.Server, url: '' };
  receiver.server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      receiver.received.push({ type: String(request.headers['lantern-event']), delivery: String(request.headers['lantern-delivery']), signature: String(request.headers['lantern-signature']), body });
      const fail = receiver.alwaysFail || receiver.failures > 0;
      if (receiver.failures > 0) receiver.failures -= 1;
      response.writeHead(fail ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/lantern`;
  return receiver;
}

describe('retry backoff', () => {
  it('waits base × 4^(n−1) after the n-th failure', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 120_000, 480_000, 1_920_000]);
  });
});

describe.each(testBackends())('hand-off webhooks on $name', ({ open }) => {
  let demo: Awaited<ReturnType<typeof openDemoDatabase>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    state.webhook = { url: receiver.url, secret: SECRET, retryBaseMs: 20 };
    demo = await openDemoDatabase(open);
  });
  afterAll(async () => {
    await demo?.database.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  /** Runs the sender until nothing is pending (retries are due after a few ms here). */
  async function deliverAll() {
    for (let i = 0; i < 50; i++) {
      await deliverDue(demo.database.db, state.webhook!);
      const pending = await demo.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
      if (pending.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error('deliveries still pending');
  }

  async function conversationWithQuestion(question: string) {
    const db = demo.database.db;
    const conversationId = randomUUID();
    const opened = await openConversation(db, { id: conversationId, owner: { kind: 'anon', anonKey: 'd'.repeat(64) }, title: question, lang: 'en' });
    if (!opened.ok) throw new Error('not opened');
    await storeUserMessage(db, { conversationId, clientId: randomUUID(), content: question, lang: 'en' });
    return conversationId;
  }

  it('sends the four events, signed, in order; a receiver that fails twice gets the first on the third try; the log has every attempt', async () => {
    const db = demo.database.db;
    const expert = (await findUserByEmail(db, { email: 'expert@alpenwave.example' }))!;
    const conversationId = await conversationWithQuestion('My modem is offline since yesterday');
    receiver.received = [];
    receiver.failures = 2;

    const { handoff } = await requestHandoff(db, { conversationId, reason: 'customer_request', note: 'please call' });
    await claimHandoff(db, { id: handoff.id, userId: expert.id });
    await storeAgentReply(db, { handoffId: handoff.id, userId: expert.id, content: 'I am checking your line now.' });
    await closeHandoff(db, { id: handoff.id, userId: expert.id, outcome: 'resolved' });
    await deliverAll();

    // Every request is signed with the secret; none validates with another.
    for (const r of receiver.received) {
      expect(verifySignature(SECRET, r.body, r.signature)).toBe(true);
      expect(verifySignature('another-secret-0123456789-abcdefghij', r.body, r.signature)).toBe(false);
      expect(verifySignature(SECRET, `${r.body} `, r.signature)).toBe(false);
    }
    expect(receiver.received.map((r) => r.type)).toEqual(['handoff.opened', 'handoff.opened', 'handoff.opened', 'handoff.claimed', 'handoff.replied', 'handoff.closed']);
    type Event = {
      type: string;
      handoff: Record<string, unknown>;
      conversation: { transcript: { role: string; text: string }[] };
      reply?: { text: string; by: string | null };
    };
    const events = receiver.received.slice(2).map((r) => JSON.parse(r.body) as Event);
    expect(events.map((e) => e.type)).toEqual(['handoff.opened', 'handoff.claimed', 'handoff.replied', 'handoff.closed']);
    expect(events[0]!.handoff).toMatchObject({ id: handoff.id, status: 'open', note: 'please call', url: `https://help.example.com/admin/handoffs/${handoff.id}` });
    expect(events[0]!.conversation.transcript).toEqual([expect.objectContaining({ role: 'user', text: 'My modem is offline since yesterday' })]);
    expect(events[1]!.handoff.claimedBy).toEqual({ name: expert.name, email: expert.email });
    expect(events[2]!.reply).toEqual({ text: 'I am checking your line now.', by: expert.name });
    expect(events[2]!.conversation.transcript.at(-1)).toMatchObject({ role: 'agent', text: 'I am checking your line now.' });
    expect(events[3]!.handoff).toMatchObject({ status: 'closed', outcome: 'resolved' });

    const log = (await listDeliveries(db, { limit: 10 })).filter((d) => d.handoffId === handoff.id);
    const opened = log.find((d) => d.type === 'handoff.opened')!;
    expect(opened).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(opened.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 204, null],
    ]);
    expect(log.filter((d) => d.type !== 'handoff.opened').every((d) => d.status === 'delivered' && d.attemptLog.length === 1)).toBe(true);
  });

  it('sends nothing for a change that was rolled back, nor for a reply from the helpdesk itself', async () => {
    const db = demo.database.db;
    const conversationId = await conversationWithQuestion('Can someone call me?');
    const before = (await db.select().from(webhookDeliveries)).length;
    await expect(
      db.transaction(async (tx) => {
        await requestHandoff(tx, { conversationId, reason: 'customer_request', note: null });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.select().from(webhookDeliveries)).length).toBe(before);

    const { handoff } = await requestHandoff(db, { conversationId, reason: 'customer_request', note: null });
    const reply = await storeHelpdeskReply(db, { handoffId: handoff.id, content: 'Calling you in 5 minutes.' });
    expect(reply.ok).toBe(true);
    const types = (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.handoffId, handoff.id))).map((d) => d.type);
    expect(types).toEqual(['handoff.opened']);
    await deliverAll();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and says so in the log`, async () => {
    const db = demo.database.db;
    const conversationId = await conversationWithQuestion('Nobody is listening');
    receiver.alwaysFail = true;
    try {
      const { handoff } = await requestHandoff(db, { conversationId, reason: 'customer_request', note: null });
      // Each pass a day later, so every retry is due without waiting out the backoff.
      for (let i = 1; i <= MAX_ATTEMPTS + 2; i++) await deliverDue(db, state.webhook!, { now: new Date(Date.now() + i * 86_400_000) });
      const [delivery] = (await listDeliveries(db, { limit: 20 })).filter((d) => d.handoffId === handoff.id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(delivery!.attemptLog).toHaveLength(MAX_ATTEMPTS);
    } finally {
      receiver.alwaysFail = false;
    }
  });
});
