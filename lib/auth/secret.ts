import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@/lib/config';

/**
 * The key that signs session tokens. AUTH_SECRET wins; otherwise one is generated on first start
 * and kept in DATA_DIR, so the embedded default needs no configuration and sessions survive
 * restarts. Several instances must share AUTH_SECRET (see the README).
 */
const resolved = new Map<string, string>();

export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  // Read (or create) the file once per process: the proxy asks on every request.
  const known = resolved.get(config.dataDir);
  if (known) return known;
  const secret = readOrCreateSecret(config.dataDir);
  resolved.set(config.dataDir, secret);
  return secret;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
