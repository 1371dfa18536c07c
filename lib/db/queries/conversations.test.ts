import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { conversations, handoffs } from '../schema';
import { testBackends } from '../test-databases';
import { findResumableConversation, openConversation, RESUME_WINDOW_MS, type ConversationOwner } from './conversations';
import { claimHandoff, closeHandoff, requestHandoff } from './handoffs';
import { createUser } from './users';

/**
 * Which conversation a new tab of the same browser resumes (GET /api/chat/conversations/current):
 * one a person is handling (hand-off open or claimed) whatever its age, else an anonymous
 * visitor's latest within RESUME_WINDOW_MS; never someone else's.
 */

const HOUR = 3_600_000;

describe.each(testBackends())('resumable conversations on $name', ({ open }) => {
  let database: Database;
  let expert: string;

  beforeAll(async () => {
    database = await open();
    expert = (await createUser(database.db, { email: 'resume-expert@alpenwave.example', name: 'Sofia Keller', passwordHash: 'x', role: 'expert' })).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const visitor = (): ConversationOwner => ({ kind: 'anon', anonKey: randomUUID().replace(/-/g, '').padEnd(64, '0') });
  const since = () => new Date(Date.now() - RESUME_WINDOW_MS);
  const resume = (owner: ConversationOwner) => findResumableConversation(database.db, { owner, since: since() });

  /** A conversation last active `hoursAgo` hours ago. */
  async function conversation(owner: ConversationOwner, hoursAgo: number): Promise<string> {
    const id = randomUUID();
    const opened = await openConversation(database.db, { id, owner, title: `asked ${hoursAgo} h ago`, lang: 'en' });
    if (!opened.ok) throw new Error('not opened');
    await database.db.update(conversations).set({ updatedAt: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(conversations.id, id));
    return id;
  }

  it('opening tells whether this call created the conversation; someone else’s id is refused', async () => {
    const owner = visitor();
    const id = randomUUID();
    const first = await openConversation(database.db, { id, owner, title: 'first', lang: 'en' });
    expect(first).toMatchObject({ ok: true, created: true, conversation: { id, title: 'first' } });
    const again = await openConversation(database.db, { id, owner, title: 'second', lang: 'en' });
    expect(again).toMatchObject({ ok: true, created: false, conversation: { id, title: 'first' } });
    expect(await openConversation(database.db, { id, owner: visitor(), title: 'intruder', lang: 'en' })).toEqual({ ok: false, reason: 'not_owner' });
  });

  it('resumes the anonymous visitor’s latest conversation of the last 24 hours, and nothing older', async () => {
    expect(RESUME_WINDOW_MS).toBe(24 * HOUR);
    const owner = visitor();
    expect(await resume(owner)).toBeNull();
    await conversation(owner, 25);
    expect(await resume(owner)).toBeNull();
    const older = await conversation(owner, 23);
    expect(await resume(owner)).toBe(older);
    const latest = await conversation(owner, 2);
    expect(await resume(owner)).toBe(latest);
  });

  it('resumes a conversation a person is handling, however old, before a more recent one; not once it is closed', async () => {
    const owner = visitor();
    const held = await conversation(owner, 72);
    const recent = await conversation(owner, 1);
    expect(await resume(owner)).toBe(recent);

    const { handoff } = await requestHandoff(database.db, { conversationId: held, reason: 'customer_request', note: null, contactEmail: 'visitor@example.com' });
    expect(await resume(owner)).toBe(held);
    expect(await claimHandoff(database.db, { id: handoff.id, userId: expert })).toMatchObject({ ok: true });
    expect(await resume(owner)).toBe(held);
    const [stored] = await database.db.select({ contactEmail: handoffs.contactEmail }).from(handoffs).where(eq(handoffs.id, handoff.id));
    expect(stored!.contactEmail).toBe('visitor@example.com');

    expect(await closeHandoff(database.db, { id: handoff.id, userId: expert, outcome: 'resolved' })).toMatchObject({ ok: true });
    expect(await resume(owner)).toBe(recent);
  });

  it('never resumes another visitor’s conversation, held or recent', async () => {
    const owner = visitor();
    const stranger = visitor();
    const mine = await conversation(owner, 1);
    await requestHandoff(database.db, { conversationId: mine, reason: 'customer_request', note: null });
    expect(await resume(owner)).toBe(mine);
    expect(await resume(stranger)).toBeNull();
  });

  it('a signed-in customer resumes only a conversation a person is handling (the rest is in their list)', async () => {
    const userId = (await createUser(database.db, { email: `c${randomUUID().slice(0, 8)}@example.com`, name: 'Carla Customer', passwordHash: 'x', role: 'customer' })).id;
    const owner: ConversationOwner = { kind: 'user', userId };
    await conversation(owner, 1);
    expect(await resume(owner)).toBeNull();
    const held = await conversation(owner, 30);
    await requestHandoff(database.db, { conversationId: held, reason: 'missing_knowledge', note: null });
    expect(await resume(owner)).toBe(held);
  });
});
