import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUseError, lockPathFor } from './pglite-owner';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-owner-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('claimDataDir', () => {
  it('is re-entrant within a process and releases the lock', () => {
    const dataDir = tempDataDir();
    const release = claimDataDir(dataDir, 'test');
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(true);
    claimDataDir(dataDir, 'test again')();
    release();
    expect(fs.existsSync(lockPathFor(dataDir))).toBe(false);
  });

  it('refuses a data dir owned by another live process, naming it', async () => {
    const dataDir = tempDataDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(
        lockPathFor(dataDir),
        JSON.stringify({ pid: other.pid, hostname: os.hostname(), command: 'next start', startedAt: '2026-01-01T00:00:00Z' }),
      );
      let error: unknown;
      try {
        claimDataDir(dataDir, 'test');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect((error as Error).message).toContain(`process ${other.pid} (next start`);
      expect((error as Error).message).toContain(dataDir);
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dataDir = tempDataDir();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(
      lockPathFor(dataDir),
      JSON.stringify({ pid: dead.pid, hostname: os.hostname(), command: 'crashed', startedAt: '2026-01-01T00:00:00Z' }),
    );
    const release = claimDataDir(dataDir, 'test');
    expect(JSON.parse(fs.readFileSync(lockPathFor(dataDir), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
