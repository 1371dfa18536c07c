import { sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import { getDatabase } from '@/lib/db';
import { migrationState, type MigrationState } from '@/lib/db/migrate';

export type SystemStatus = {
  status: 'ok' | 'degraded';
  database: { kind: 'pglite' | 'postgres'; reachable: boolean; migrations?: MigrationState; error?: string };
  model: { provider: 'local' | 'openai'; chatModel?: string; embeddingModel?: string; baseURL?: string };
};

/** What /api/health and the console overview report. Never includes secrets. */
export async function getSystemStatus(): Promise<SystemStatus> {
  const config = getConfig();
  const model: SystemStatus['model'] =
    config.model.provider === 'openai'
      ? {
          provider: 'openai',
          chatModel: config.model.chatModel,
          embeddingModel: config.model.embeddingModel,
          baseURL: config.model.baseURL ? new URL(config.model.baseURL).origin : undefined,
        }
      : { provider: 'local' };
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
    const migrations = await migrationState(database);
    return {
      status: migrations.pending === 0 ? 'ok' : 'degraded',
      database: { kind: database.kind, reachable: true, migrations },
      model,
    };
  } catch {
    return {
      status: 'degraded',
      database: { kind: config.database.kind, reachable: false, error: 'The database cannot be reached.' },
      model,
    };
  }
}
