import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A PostgreSQL server for one benchmark run (scripts/test-db), sized like a production server. */
export function startThrowawayPostgres(): { url: string; stop: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-pg-'));
  const url = execFileSync('bash', ['scripts/test-db/start.sh', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LANTERN_PG_OPTIONS: '-c shared_buffers=512MB' },
  })
    .trim()
    .split('\n')
    .at(-1)!;
  return { url, stop: () => execFileSync('bash', ['scripts/test-db/stop.sh', dir], { stdio: 'ignore' }) };
}
