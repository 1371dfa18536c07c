import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFiles } from './cli';
import { spawnScript } from './spawn-script';

/** The command-line tools answer --help, and read the same .env files as the server. */

const CLIS: [script: string, command: string][] = [
  ['eval.ts', 'npm run eval'],
  ['ingest.ts', 'npm run ingest'],
  ['search.ts', 'npm run search'],
  ['seed.ts', 'npm run db:seed'],
  ['test-conversations.ts', 'npm run test:conversations'],
  ['user-create.ts', 'npm run user:create'],
];

describe('command-line tools', () => {
  it.each(CLIS)('%s answers --help with its usage and exits 0, touching no database', async (script, command) => {
    // A data dir that cannot be created: --help must not even try to open the database.
    const result = await spawnScript(script, ['--help'], { PGLITE_DIR: '/proc/lantern-no-such-dir/pglite', DATABASE_URL: '' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: ${command.replace(/[.:]/g, '\\$&')}`));
    if (script === 'search.ts') expect((await spawnScript(script, ['-h'], {})).stdout).toBe(result.stdout);
  }, 60_000);

  it.each([
    [['--site', 'ftp://example.com/'], 'not an http(s) address: ftp://example.com/'],
    [['--site', 'https://example.com/', '--sitemap', 'https://example.com/sitemap.xml'], 'give --site or --sitemap, not both'],
    [['--site', 'https://example.com/', '--dir', 'content/articles'], 'two kinds of source'],
    [['--include', '/help/**'], 'apply to a website'],
    [['--sitemap', 'https://example.com/sitemap.xml', '--delay', 'soon'], '--delay is a number of milliseconds'],
  ])('ingest refuses website flags that do not fit (%j) with a clear message, before opening any database', async (args, message) => {
    const result = await spawnScript('ingest.ts', args, { PGLITE_DIR: '/proc/lantern-no-such-dir/pglite', DATABASE_URL: '' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  }, 60_000);

  describe('the .env files', () => {
    const keys = ['LANTERN_CLI_TEST_A', 'LANTERN_CLI_TEST_B', 'LANTERN_CLI_TEST_C'];
    afterEach(() => {
      for (const key of keys) delete process.env[key];
    });

    it('are loaded as the server loads them (.env, then .env.local over it), and never override a variable already set', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-env-'));
      fs.writeFileSync(path.join(dir, '.env'), 'LANTERN_CLI_TEST_A=from-env\nLANTERN_CLI_TEST_B=from-env\nLANTERN_CLI_TEST_C=from-env\n');
      fs.writeFileSync(path.join(dir, '.env.local'), 'LANTERN_CLI_TEST_B=from-env-local\n');
      process.env.LANTERN_CLI_TEST_C = 'from-the-shell';
      const mode = process.env.NODE_ENV;
      try {
        // .env.local is read outside the test mode (as `next start` reads it in production).
        (process.env as Record<string, string>).NODE_ENV = 'production';
        loadEnvFiles(dir);
      } finally {
        (process.env as Record<string, string | undefined>).NODE_ENV = mode;
        fs.rmSync(dir, { recursive: true, force: true });
      }
      expect(process.env.LANTERN_CLI_TEST_A).toBe('from-env');
      expect(process.env.LANTERN_CLI_TEST_B).toBe('from-env-local');
      expect(process.env.LANTERN_CLI_TEST_C).toBe('from-the-shell');
    });
  });
});
