import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKeyOf } from '@/lib/chat/anon-key';
import { readReply } from '@/lib/chat/testing';
import { startChatTurn } from '@/lib/chat/turn';
import { parseConfig } from '@/lib/config';
import { openPglite, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { createEmbedder } from './models';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from './testing/openai-compatible-server';

/**
 * An OpenAI-compatible server that needs no key (Ollama, vLLM, llama.cpp): OPENAI_BASE_URL alone
 * makes the chat use it, over real HTTP, with no Authorization header; EMBEDDING_PROVIDER=local
 * keeps the built-in embeddings with that server for chat.
 */
describe('an OpenAI-compatible server configured by its base URL alone', () => {
  let server: OpenAICompatibleServer;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ reply: { kind: 'text', chunks: ['Press the power button', ' for ten seconds [1].'] } });
    database = await openPglite();
    await migrateDatabase(database);
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the chat through that server, sending no key', async () => {
    const config = parseConfig({ OPENAI_BASE_URL: server.url, OPENAI_CHAT_MODEL: 'llama3.2' });
    const before = server.requests.length;
    const started = await startChatTurn({
      db: database.db,
      config,
      owner: { kind: 'anon', anonKey: anonKeyOf('k'.repeat(43)) },
      signedIn: false,
      request: { conversationId: randomUUID(), message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'How do I restart my Box 5 with the power button?' }] } },
    });
    if (!started.ok) throw new Error(started.message);
    const reply = await readReply(started.stream);
    expect(reply.text).toContain('Press the power button for ten seconds');
    const sent = server.requests.slice(before);
    const chat = sent.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chat.length).toBeGreaterThan(0);
    expect((chat[0]!.body as { model: string }).model).toBe('llama3.2');
    for (const request of sent) expect(request.headers.authorization).toBeUndefined();
  });

  it('keeps the built-in embeddings with EMBEDDING_PROVIDER=local, and sends a key when one is set', async () => {
    const local = createEmbedder(parseConfig({ OPENAI_BASE_URL: server.url, EMBEDDING_PROVIDER: 'local' }).model);
    const before = server.requests.length;
    expect(local.id).toBe(createEmbedder({ provider: 'local' }).id);
    await local.embed(['restart the box']);
    expect(server.requests.length).toBe(before);

    const keyed = createEmbedder(parseConfig({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'sk-test' }).model);
    await keyed.embed(['restart the box']);
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test');
  });
});
