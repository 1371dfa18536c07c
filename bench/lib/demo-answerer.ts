import path from 'node:path';
import { createEmbedder } from '@/lib/ai/models';
import { createAnswerDeps } from '@/lib/chat/answer-deps';
import { getConfig } from '@/lib/config';
import { openPglite, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';
import { loadGoldenAnswers, seedGoldenAnswers } from '@/lib/db/seed-golden';
import { loadQa } from '@/lib/eval/qa';
import { runIngest } from '@/lib/rag/ingest/run';
import { mixedQuestions } from './questions';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The embedded default as the answer benches measure it: the demo articles ingested into a PGlite
 * (in memory, or in dataDir), the demo golden answers seeded, the answer pipeline on the built-in
 * models, and the golden set's questions in mixed order. The caller closes the database.
 */
export async function openDemoAnswerer({ dataDir }: { dataDir?: string } = {}) {
  const config = getConfig();
  const database: Database = await openPglite(dataDir ? { dataDir } : {});
  try {
    await migrateDatabase(database);
    await runIngest(database.db, { dir: path.join(ROOT, 'content', 'articles'), source: 'bench', embedder: createEmbedder({ provider: 'local' }) });
    await seedGoldenAnswers(database.db, { answers: loadGoldenAnswers() });
    const deps = await createAnswerDeps(database.db, { ...config, model: { ...config.model, provider: 'local' } } as typeof config);
    const questions = mixedQuestions(loadQa(path.join(ROOT, 'content', 'golden')));
    return { database, deps, questions };
  } catch (error) {
    await database.close();
    throw error;
  }
}
