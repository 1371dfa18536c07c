import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite takes no lock of its own: two processes on one data dir silently lose committed rows.
 * So exactly one process may own a data dir. Ownership is a lock file beside the data dir,
 * created atomically ('wx'); a lock whose process is gone is stale and taken over.
 */

export type Owner = { pid: number; hostname: string; command: string; startedAt: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Owner,
  ) {
    super(
      `The embedded database at ${dataDir} is already in use by process ${owner.pid} ` +
        `(${owner.command}, started ${owner.startedAt}). Only one process may open it: ` +
        `stop that process first, or run Lantern on PostgreSQL (DATABASE_URL) to share a database.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function isAlive(owner: Owner): boolean {
  // A lock written on another host (shared volume) cannot be checked: treat it as alive.
  if (owner.hostname !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): Owner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Owner;
  } catch {
    return undefined; // vanished or half-written: the caller retries
  }
}

/**
 * Claims the data dir for this process, or throws DataDirInUseError naming the owner.
 * Re-entrant within one process. Returns a function that releases the claim.
 */
export function claimDataDir(dataDir: string, command = process.argv.slice(1).join(' ')): () => void {
  const lockPath = lockPathFor(dataDir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const me: Owner = { pid: process.pid, hostname: os.hostname(), command, startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return release(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    if (!owner) continue;
    if (owner.pid === process.pid && owner.hostname === me.hostname) return release(lockPath);
    if (isAlive(owner)) throw new DataDirInUseError(path.resolve(dataDir), owner);
    fs.rmSync(lockPath, { force: true }); // stale: its process is gone
  }
  throw new Error(`Could not claim the embedded database lock at ${lockPath}`);
}

function release(lockPath: string): () => void {
  const unlink = () => {
    const owner = readOwner(lockPath);
    if (owner?.pid === process.pid) fs.rmSync(lockPath, { force: true });
  };
  process.once('exit', unlink);
  return () => {
    process.removeListener('exit', unlink);
    unlink();
  };
}
