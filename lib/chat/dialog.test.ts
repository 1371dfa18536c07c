import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { clearSetting, setSetting } from '@/lib/db/queries/settings';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeBoxCorpus } from '@/lib/rag/ingest/test-corpus';
import { anonKeyOf } from './anon-key';
import { readReply, type Reply } from './testing';
import { startChatTurn } from './turn';

/**
 * Conversations across several turns, through the real engine and storage: the dialog state
 * (a pending clarification, the topic) lives with the conversation between messages.
 */

const config = parseConfig({});
const visitor = { kind: 'anon' as const, anonKey: anonKeyOf('d'.repeat(43)) };

describe.each(testBackends())('dialogs on $name', ({ open }) => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await open();
    dir = writeBoxCorpus();
    await runIngest(database.db, { dir, source: 'demo', embedder: createEmbedder({ provider: 'local' }) });
    await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function say(conversationId: string, text: string, locale?: 'en' | 'de' | 'fr' | 'it'): Promise<Reply> {
    const started = await startChatTurn({
      db: database.db,
      config,
      owner: visitor,
      signedIn: false,
      request: { conversationId, locale, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    });
    if (!started.ok) throw new Error('turn refused');
    return readReply(started.stream);
  }

  it.each([
    ['en', 'How do I change my Wi-Fi password?', 'Box 5', 'wifi-password-box5-en'],
    ['en', 'How do I change my Wi-Fi password?', "it's the 3", 'wifi-password-box3-en'],
    ['de', 'Wie ändere ich mein WLAN-Passwort?', 'die Box 3', 'wifi-password-box3-de'],
    ['fr', 'Comment changer le mot de passe Wi-Fi ?', "j'ai la plus récente", 'wifi-password-box5-fr'],
    ['it', 'Come cambio la password del Wi-Fi?', 'quella vecchia', 'wifi-password-box3-it'],
  ])('%s: the reply to "which one?" (%s → %s) answers the question that was asked, in that version', async (lang, question, reply, article) => {
    const id = randomUUID();
    const asked = await say(id, question, lang as 'en');
    expect(asked.outcome).toBe('clarify');
    expect(asked.suggestions).toEqual(['Box 3', 'Box 5']);
    const answered = await say(id, reply, lang as 'en');
    expect(answered.outcome).toBe('answered');
    expect(answered.cited).toContain(article);
    expect(answered.lang).toBe(lang);
    // Never the golden answer about restarting, which "Box 5" alone resembles.
    expect(answered.text).not.toMatch(/restart|neu starten|redémarr|riavvi/i);

    const [trace] = await queryRows<{ condensed_query: string | null; details: { dialog: string | null; version: string | null } }>(
      database.db,
      sql`select condensed_query, details from answer_traces where message_id = ${answered.messageId}`,
    );
    expect(trace!.condensed_query).toBe(question);
    expect(trace!.details.dialog).toMatch(/^clarification answered/);
  });

  it('drops the clarification when the customer changes the subject', async () => {
    const id = randomUUID();
    expect((await say(id, 'How do I change my Wi-Fi password?')).outcome).toBe('clarify');
    const other = await say(id, 'How much does roaming cost in Italy?');
    expect(other.cited.every((d) => d.startsWith('roaming'))).toBe(true);
    // The clarification is gone: "Box 5" now is no answer to anything asked before.
    const [state] = await queryRows<{ dialog: { pending?: unknown } }>(database.db, sql`select dialog from conversations where id = ${id}`);
    expect(state!.dialog.pending).toBeUndefined();
  });

  it('gives a golden answer about one Box version only to questions about that version', async () => {
    // golden-en-002 is "How do I restart my Box 5?".
    const box5 = await say(randomUUID(), 'How do I restart my Box 5?');
    expect(box5.outcome).toBe('golden');
    const box3 = await say(randomUUID(), 'How do I restart my Box 3?');
    expect(box3.outcome).not.toBe('golden');
    expect(box3.cited).toEqual(expect.arrayContaining(['modem-restart-box3-en']));
    expect(box3.cited).not.toContain('modem-restart-box5-en');
    // golden-fr-002 is about the Box 3: a Box 5 question in French gets the Box 5 article.
    const fr = await say(randomUUID(), 'Comment redémarrer ma Box 5 ?', 'fr');
    expect(fr.outcome).not.toBe('golden');
    expect(fr.cited).toContain('modem-restart-box5-fr');
    // …and a question that names no version is not given it either (0.86 similar to the Box 3 one).
    const unnamed = await say(randomUUID(), 'Comment redémarrer ma box ?', 'fr');
    expect(unnamed.outcome).toBe('clarify');
  });

  it('keeps version rules whatever the threshold an expert sets', async () => {
    await setSetting(database.db, { key: 'golden_match_threshold', value: 0.6, updatedBy: null });
    try {
      const box3 = await say(randomUUID(), 'How do I restart my Box 3?');
      expect(box3.outcome).not.toBe('golden');
      expect(box3.cited).not.toContain('modem-restart-box5-en');
    } finally {
      await clearSetting(database.db, { key: 'golden_match_threshold' });
    }
  });

  it('asks which version before giving a version-specific golden answer to a question that names none', async () => {
    const id = randomUUID();
    const asked = await say(id, 'How do I restart my box?');
    expect(asked.outcome).toBe('clarify');
    const chosen = await say(id, 'Box 5');
    expect(chosen.outcome).toBe('golden');
    expect(chosen.cited).toEqual(['modem-restart-box5-en']);
  });

  it('keeps the topic for a follow-up that only names another version', async () => {
    const id = randomUUID();
    expect((await say(id, 'How do I change the Wi-Fi password on the Box 5?')).cited).toContain('wifi-password-box5-en');
    const other = await say(id, 'and on the Box 3?');
    expect(other.outcome).toBe('answered');
    expect(other.cited).toContain('wifi-password-box3-en');
  });

  it('leaves the followed article for the one that states what the follow-up quotes', async () => {
    const id = randomUUID();
    console.log('XR0', (await say(id, 'The light bar on my Box 5 is blinking purple. What does that mean?')).cited);
    // The light bar article names no firmware version; the firmware article lists 5.4.1.
    const quoted = await say(id, 'The app says 5.4.1. Can I get the newer one right now instead of waiting for it?');
    expect(quoted.outcome).toBe('answered');
    expect(quoted.cited).toContain('modem-firmware-box5-en');
    expect(quoted.cited).not.toContain('wifi-password-box5-en');
  });
});
