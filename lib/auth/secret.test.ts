import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './secret';

describe('resolveAuthSecret', () => {
  it('prefers AUTH_SECRET', () => {
    expect(resolveAuthSecret({ authSecret: 'x'.repeat(40), dataDir: '/nonexistent' })).toBe('x'.repeat(40));
  });

  it('generates a private secret once and keeps it across calls and restarts', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-secret-')), 'data');
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
    const file = path.join(dataDir, 'auth-secret');
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
