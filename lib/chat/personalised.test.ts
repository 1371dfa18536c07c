import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '@/lib/ai/testing/openai-compatible-server';
import { seedDemoCustomers } from '@/lib/actions/seed';
import { parseConfig, type Config } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { customers, devices, users } from '@/lib/db/schema';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeBoxCorpus } from '@/lib/rag/ingest/test-corpus';
import { REPLIES } from '@/lib/rag/replies';
import { anonKeyOf } from './anon-key';
import { readReply, type Reply } from './testing';
import { startChatTurn } from './turn';

/**
 * The chat knows the signed-in customer: their equipment decides which version's article (or
 * golden answer) they get, without asking; anonymous visitors, staff and customers with both
 * models are still asked. Through the real turn, storage and traces.
 */

const local = parseConfig({});
const visitor = { kind: 'anon' as const, anonKey: anonKeyOf('p'.repeat(43)) };
const NOW = new Date();

describe.each(testBackends())('answers shaped by the customer’s account on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const userIds = new Map<string, string>();

  beforeAll(async () => {
    database = await open();
    dir = writeBoxCorpus();
    await runIngest(database.db, { dir, source: 'demo', embedder: createEmbedder({ provider: 'local' }) });
    await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    await seedDemoCustomers(database.db, { now: NOW });
    for (const row of await database.db.select({ id: users.id, email: users.email }).from(users)) userIds.set(row.email, row.id);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function say(
    conversationId: string,
    text: string,
    { as, locale, config = local }: { as?: string; locale?: 'en' | 'de' | 'fr' | 'it'; config?: Config } = {},
  ): Promise<Reply> {
    const owner = as ? { kind: 'user' as const, userId: userIds.get(as)! } : visitor;
    const started = await startChatTurn({
      db: database.db,
      config,
      owner,
      signedIn: as !== undefined,
      now: NOW,
      request: { conversationId, locale, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    });
    if (!started.ok) throw new Error('turn refused');
    return readReply(started.stream);
  }

  async function traceProfile(messageId: string): Promise<unknown> {
    const [trace] = await queryRows<{ details: { profile?: unknown } }>(database.db, sql`select details from answer_traces where message_id = ${messageId}`);
    return trace?.details.profile;
  }

  it('answers a Box 5 customer from the Box 5 article without asking, says so, and offers the other model', async () => {
    const id = randomUUID();
    const answer = await say(id, 'Wie ändere ich mein WLAN-Passwort?', { as: 'anna.meier@example.ch', locale: 'de' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited).toContain('wifi-password-box5-de');
    expect(answer.cited).not.toContain('wifi-password-box3-de');
    expect(answer.text.startsWith(REPLIES.de.forYourVersion('Box 5'))).toBe(true);
    expect(answer.suggestions).toEqual(['Box 3']);
    expect(await traceProfile(answer.messageId)).toEqual({ fields: ['devices'], version: 'box5' });
    // The other model, one tap away: the same question, for the Box 3.
    const other = await say(id, 'Box 3', { as: 'anna.meier@example.ch', locale: 'de' });
    expect(other.cited).toContain('wifi-password-box3-de');
    expect(other.text.startsWith(REPLIES.de.forYourVersion('Box 5'))).toBe(false);
  });

  // Anna has a Box 5; "the older Box" of someone else is the Box 3, said by its age, not its name.
  it('answers for the model a Box 5 customer names by its age, not for hers', async () => {
    const answer = await say(randomUUID(), 'Meine Eltern haben noch die ältere Box. Wie setzt man die auf Werkseinstellungen zurück?', { as: 'anna.meier@example.ch', locale: 'de' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited).toContain('modem-factory-reset-box3-de');
    expect(answer.cited).not.toContain('modem-factory-reset-box5-de');
    expect(answer.text.startsWith(REPLIES.de.forYourVersion('Box 5'))).toBe(false);
  });

  // The story (the light bar, slow internet) finds the light bar article first; the question names the restart.
  it('answers the question a story ends with from the article of the customer’s model its words name', async () => {
    const message = 'Die Lichtleiste meiner Box blinkt dauernd orange und das Internet ist langsam. Mein Mann sagt, ich soll das Ding einfach mal neu starten – wie mach ich das richtig?';
    const answer = await say(randomUUID(), message, { as: 'anna.meier@example.ch', locale: 'de' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited[0]).toBe('modem-restart-box5-de');
    expect(answer.cited).not.toContain('modem-restart-box3-de');
  });

  // The forgotten login finds the Wi-Fi password article first; its «Forgot the admin password
  // too?» says a factory reset is the only way and names the article that has the steps.
  it('follows the article the version’s article sends the reader to', async () => {
    const message = 'How do I do a factroy reset on my Box? I changed the admin password and forgot it, so I cannot log in any more.';
    const answer = await say(randomUUID(), message, { as: 'luca.rossi@example.ch', locale: 'en' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited[0]).toBe('modem-factory-reset-box3-en');
  });

  it('answers from the version’s article when the story names another article', async () => {
    const message = 'I will factory reset the Box tonight. I have port forwarding set up for my camera – can I save the settings first?';
    const answer = await say(randomUUID(), message, { as: 'anna.meier@example.ch', locale: 'en' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited[0]).toBe('modem-factory-reset-box5-en');
  });

  it('answers a Box 3 customer from the Box 3 article, in their language', async () => {
    const answer = await say(randomUUID(), 'Come cambio la password del Wi-Fi?', { as: 'luca.rossi@example.ch', locale: 'it' });
    expect(answer.outcome).toBe('answered');
    expect(answer.cited).toContain('wifi-password-box3-it');
    expect(answer.lang).toBe('it');
    expect(answer.suggestions).toEqual(['Box 5']);
  });

  it('gives a Box 5 golden answer to a Box 5 customer, and never to a Box 3 customer', async () => {
    // golden-en-002 is "How do I restart my Box 5?".
    const box5 = await say(randomUUID(), 'How do I restart my box?', { as: 'james.miller@example.com', locale: 'en' });
    expect(box5.outcome).toBe('golden');
    expect(box5.cited).toEqual(['modem-restart-box5-en']);
    expect(box5.text.startsWith(REPLIES.en.forYourVersion('Box 5'))).toBe(true);
    const box3 = await say(randomUUID(), 'How do I restart my box?', { as: 'luca.rossi@example.ch', locale: 'en' });
    expect(box3.outcome).toBe('answered');
    expect(box3.cited).toContain('modem-restart-box3-en');
    expect(box3.cited).not.toContain('modem-restart-box5-en');
  });

  it('still asks anonymous visitors and staff, who have no profile', async () => {
    expect((await say(randomUUID(), 'How do I change my Wi-Fi password?')).outcome).toBe('clarify');
    const staff = await say(randomUUID(), 'How do I change my Wi-Fi password?', { as: 'expert@alpenwave.example' });
    expect(staff.outcome).toBe('clarify');
    expect(await traceProfile(staff.messageId)).toBeUndefined();
  });

  it('answers a message too short to tell its language in the customer’s own language, and records that', async () => {
    const answer = await say(randomUUID(), 'Wi-Fi?', { as: 'claire.dubois@example.ch', locale: 'en' });
    expect(answer.lang).toBe('fr');
    expect(await traceProfile(answer.messageId)).toMatchObject({ fields: expect.arrayContaining(['language']), language: 'fr' });
  });

  describe('a reported problem meets what the account knows', () => {
    it('says an outage in the customer’s area first (Claire: TV, Lausanne), then the help center', async () => {
      const answer = await say(randomUUID(), 'la TV ne marche pas', { as: 'claire.dubois@example.ch', locale: 'fr' });
      expect(answer.text.startsWith('Une panne TV est en cours dans la région de Lausanne')).toBe(true);
      expect(await traceProfile(answer.messageId)).toMatchObject({ fields: expect.arrayContaining(['outages']) });
    });

    it('says an offline Box first and offers a line test, which the next tap proposes on an approval card (Luca)', async () => {
      const id = randomUUID();
      const answer = await say(id, 'internet non funziona', { as: 'luca.rossi@example.ch', locale: 'it' });
      expect(answer.text.startsWith(REPLIES.it.boxOffline)).toBe(true);
      // Luca's services are also restricted for an overdue invoice: said after the offline Box.
      expect(answer.text).toContain(REPLIES.it.servicesRestricted(30));
      expect(await traceProfile(answer.messageId)).toMatchObject({ fields: expect.arrayContaining(['devices', 'restricted']) });
      expect(answer.suggestions).toContain(REPLIES.it.lineTestOffer);
      const test = await say(id, REPLIES.it.lineTestOffer, { as: 'luca.rossi@example.ch', locale: 'it' });
      expect(test.outcome).toBe('approval');
    });

    it('says first that the services are restricted for an overdue invoice when that is all the account knows (Luca, Box back online)', async () => {
      const [luca] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'luca.rossi@example.ch'));
      await database.db.update(devices).set({ status: 'online' }).where(eq(devices.customerId, luca!.id));
      try {
        const answer = await say(randomUUID(), 'Da qualche giorno internet va lentissimo e col cellulare non riesco più a chiamare. Che succede?', {
          as: 'luca.rossi@example.ch',
          locale: 'it',
        });
        expect(answer.text.startsWith(REPLIES.it.servicesRestricted(30))).toBe(true);
        expect(answer.text).not.toContain(REPLIES.it.boxOffline);
        expect(await traceProfile(answer.messageId)).toMatchObject({ fields: expect.arrayContaining(['restricted']) });
      } finally {
        await database.db.update(devices).set({ status: 'offline' }).where(eq(devices.customerId, luca!.id));
      }
    });

    it('says an ongoing internet outage first when the customer reports slow internet (Anna: Zürich), and then the help center', async () => {
      const answer = await say(randomUUID(), 'My internet is slow', { as: 'anna.meier@example.ch', locale: 'en' });
      expect(answer.outcome).toBe('answered');
      expect(answer.text.startsWith('There is a known internet outage in the Zürich area right now')).toBe(true);
      // This test corpus has only Box articles; e2e/personalised.spec.ts checks the citation on the demo corpus.
      expect(answer.cited.length).toBeGreaterThan(0);
      const german = await say(randomUUID(), 'Mein Internet ist langsam', { as: 'anna.meier@example.ch', locale: 'de' });
      expect(german.text.startsWith('Im Gebiet Zürich gibt es zurzeit eine bekannte Internet-Störung')).toBe(true);
    });

    it('says nothing of the kind when the account knows no cause (James: no outage in Bern, Box online), nor for visitors', async () => {
      const james = await say(randomUUID(), 'My internet is slow', { as: 'james.miller@example.com', locale: 'en' });
      expect(james.outcome).toBe('answered');
      expect(james.text).not.toContain('outage');
      expect(james.text).not.toContain(REPLIES.en.boxOffline);
      const visitor = await say(randomUUID(), 'la TV ne marche pas', { locale: 'fr' });
      expect(visitor.text).not.toContain('Lausanne');
    });
  });

  describe('with an LLM', () => {
    let server: OpenAICompatibleServer;
    beforeAll(async () => {
      server = await startOpenAICompatibleServer({ reply: { kind: 'text', chunks: ['Open the app.'] } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('tells the model only the profile field that shapes the answer: the model, not the person', async () => {
      const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
      await say(randomUUID(), 'How do I change my Wi-Fi password?', { as: 'james.miller@example.com', locale: 'en', config });
      const chat = server.requests.filter((r) => r.path.endsWith('/chat/completions'));
      expect(chat.length).toBeGreaterThan(0);
      const sent = JSON.stringify(chat.map((r) => r.body));
      expect(sent).toContain('their modem is the Box 5');
      const [james] = await database.db.select().from(customers).where(eq(customers.email, 'james.miller@example.com'));
      for (const secret of [james!.name, james!.email, james!.phone, james!.street, james!.customerNumber, james!.postcode]) expect(sent).not.toContain(secret);
    });

    it('tells the model of an outage in the customer’s area when they report the problem, and nothing else of the account', async () => {
      const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });
      const before = server.requests.length;
      const answer = await say(randomUUID(), 'My internet is slow', { as: 'anna.meier@example.ch', locale: 'en', config });
      const sent = JSON.stringify(server.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body));
      expect(sent).toContain("There is an ongoing internet outage in the customer's area (Zürich)");
      const [anna] = await database.db.select().from(customers).where(eq(customers.email, 'anna.meier@example.ch'));
      for (const secret of [anna!.name, anna!.email, anna!.phone, anna!.street, anna!.customerNumber, anna!.postcode, 'Wave Home']) expect(sent).not.toContain(secret);
      expect(await traceProfile(answer.messageId)).toMatchObject({ fields: expect.arrayContaining(['outages']) });
    });
  });

  // Last: it gives a customer a second model.
  it('asks a customer who has both models which one', async () => {
    const [james] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'james.miller@example.com'));
    await database.db.insert(devices).values({ customerId: james!.id, model: 'Box 3', serial: 'AWB3-TEST-0001', firmware: '3.2.1', status: 'online', lastSeenAt: NOW });
    const answer = await say(randomUUID(), 'How do I change my Wi-Fi password?', { as: 'james.miller@example.com', locale: 'en' });
    expect(answer.outcome).toBe('clarify');
    expect(answer.suggestions).toEqual(['Box 3', 'Box 5']);
  });
});
