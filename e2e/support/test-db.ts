import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Throwaway PostgreSQL clusters of a spec's own (scripts/test-db), for specs that stop, restart
 * or replicate the server and so must not touch the suite's shared one.
 */

type Script = 'start.sh' | 'stop.sh' | 'server.sh' | 'replica.sh';

/** Runs a scripts/test-db script; returns the last line it printed (start.sh and replica.sh print the URL). */
export function testDb(script: Script, ...args: string[]): string {
  return execFileSync('bash', [`scripts/test-db/${script}`, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .at(-1)!;
}

export type Cluster = { dir: string; url: string };

/** A new cluster in a new temporary dir; remove it with testDb('stop.sh', cluster.dir). */
export function startCluster(prefix: string): Cluster {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, url: testDb('start.sh', dir) };
}
