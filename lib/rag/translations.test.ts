import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatModel, createEmbedder, createReranker } from '@/lib/ai/models';
import { startOpenAICompatibleServer } from '@/lib/ai/testing/openai-compatible-server';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import { answerTurn } from '@/lib/chat/engine';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './ingest/run';
import { writeTestCorpus } from './ingest/test-corpus';
import { REPLIES } from './replies';
import { searchChunks } from './search';
import { preferSameLanguage } from './translations';

describe.each(testBackends())('same-language versions on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const embedder = createEmbedder({ provider: 'local' });

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replaces passages of an article that exists in the customer’s language by that translation’s, at the same rank', async () => {
    const deps = { db: database.db, embedder, reranker: createReranker() };
    const english = await searchChunks(deps, { query: 'restart the box 5 from the menu, roaming', lang: 'en', k: 10 });
    expect(english.some((h) => h.documentId === 'restart-box5-en')).toBe(true);
    const local = await preferSameLanguage(deps, { hits: english, lang: 'de', query: 'Box 5 über das Menü neu starten', options: { audience: 'public' } });
    expect(local.some((h) => h.documentId === 'restart-box5-en')).toBe(false);
    expect(local.some((h) => h.documentId === 'restart-box5-de')).toBe(true);
    // Roaming exists only in English: it stays, in its place.
    expect(local.filter((h) => h.documentId === 'roaming-en').map((h) => h.chunkId)).toEqual(english.filter((h) => h.documentId === 'roaming-en').map((h) => h.chunkId));
    // The German passage takes the English one's score and rank; no passage appears twice.
    const first = english.findIndex((h) => h.documentId === 'restart-box5-en');
    expect(local[first]).toMatchObject({ documentId: 'restart-box5-de', score: english[first]!.score });
    expect(new Set(local.map((h) => h.chunkId)).size).toBe(local.length);
  });

  it('says plainly when the only article on the question is in another language, and links it', async () => {
    const server = await startOpenAICompatibleServer();
    try {
      server.setReply({ kind: 'text', chunks: ['Gehen Sie zu Einstellungen ', 'und schalten Sie Data Roaming aus [1].'] });
      const config = parseConfig({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url, OPENAI_CHAT_MODEL: 'gpt-4o-mini' });
      const local = await createAnswerDeps(database.db, parseConfig({}));
      const deps = { ...local, generator: createChatModel(config.model) };
      const answer = await answerTurn(deps, { question: 'Wie schalte ich Data Roaming aus?', history: [], signedIn: false, locale: 'de' }, { text: () => {} });
      expect(answer.lang).toBe('de');
      expect(answer.outcome).toBe('answered');
      expect(answer.citations.map((c) => c.documentId)).toEqual(['roaming-en']);
      expect(answer.text).toBe(`${REPLIES.de.onlyInLanguages(['Englisch'])}\n\nGehen Sie zu Einstellungen und schalten Sie Data Roaming aus [1].`);

      // A German question about the German article gets no such notice.
      server.setReply({ kind: 'text', chunks: ['Wählen Sie System, dann Neustart [1].'] });
      const german = await answerTurn(deps, { question: 'Wie starte ich die Box 5 über das Menü neu?', history: [], signedIn: false, locale: 'de' }, { text: () => {} });
      expect(german.passedDocumentIds).toContain('restart-box5-de');
      expect(german.text).toBe('Wählen Sie System, dann Neustart [1].');
    } finally {
      await server.close();
    }
  });
});
