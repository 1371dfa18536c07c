import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server for one benchmark run (scripts/test-db), sized like a production server:
 * shared_buffers 512 MB by default; bench:search raises it (and max_wal_size, so a bulk load of a
 * million rows does not checkpoint every few seconds) when it is asked for more than 100,000 chunks.
 */
export function startThrowawayPostgres({ sharedBuffers = '512MB', maxWalSize }: { sharedBuffers?: string; maxWalSize?: string } = {}): {
  url: string;
  stop: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-pg-'));
  const options = [`-c shared_buffers=${sharedBuffers}`, ...(maxWalSize ? [`-c max_wal_size=${maxWalSize}`] : [])].join(' ');
  const url = execFileSync('bash', ['scripts/test-db/start.sh', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LANTERN_PG_OPTIONS: options },
  })
    .trim()
    .split('\n')
    .at(-1)!;
  return { url, stop: () => execFileSync('bash', ['scripts/test-db/stop.sh', dir], { stdio: 'ignore' }) };
}
