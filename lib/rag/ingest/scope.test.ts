import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '@/lib/ai/models';
import type { Database } from '@/lib/db/client';
import { queryRows } from '@/lib/db/rows';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from './run';
import { ingestPathSchema, isInScope, normalizeScope, resolveIngestScope } from './scope';
import { listSourceFiles } from './sources';
import { writeTestCorpus } from './test-corpus';

describe('ingest path: shape', () => {
  it.each([
    ['../../etc', /"\.\."/],
    ['articles/../../..', /"\.\."/],
    ['en/..', /"\.\."/],
    ['/etc/passwd', /not absolute/],
    ['C:/Windows', /not absolute/],
    ['..\\..\\etc', /backslashes/],
    ['en\u0000.md', /NUL/],
    ['', /give a folder/],
    ['.git', /hidden/],
    ['en/.drafts/a.md', /hidden/],
    ['a'.repeat(600), /at most 512/],
  ])('refuses %j', (input, message) => {
    const result = ingestPathSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).join('; ')).toMatch(message);
  });

  it.each(['de', 'en/roaming.md', './de', 'guides/', '%2e%2e'])('accepts the shape of %j (the disk decides)', (input) => {
    expect(ingestPathSchema.safeParse(input).success).toBe(true);
  });
});

describe('ingest path: on disk', () => {
  let base: string;
  let dir: string;
  let outside: string;

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-scope-'));
    dir = path.join(base, 'content');
    fs.mkdirSync(dir);
    for (const d of ['de', 'en']) fs.mkdirSync(path.join(dir, d));
    fs.writeFileSync(path.join(dir, 'en', 'a.md'), '# A\n\nText.\n');
    fs.writeFileSync(path.join(dir, 'en', 'picture.png'), 'not text');
    outside = path.join(base, 'secrets');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'passwords.md'), '# Secret\n');
    fs.symlinkSync(outside, path.join(dir, 'escape'));
    fs.symlinkSync(path.join(outside, 'passwords.md'), path.join(dir, 'en', 'escape.md'));
    fs.symlinkSync(path.join(dir, 'de'), path.join(dir, 'latest'));
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('resolves folders and files inside the content folder', async () => {
    expect(await resolveIngestScope(dir, 'de')).toEqual({ ok: true, scope: 'de' });
    expect(await resolveIngestScope(dir, 'en/a.md')).toEqual({ ok: true, scope: path.join('en', 'a.md') });
    expect(await resolveIngestScope(dir, './en/')).toEqual({ ok: true, scope: 'en' });
    expect(await resolveIngestScope(dir, '.')).toEqual({ ok: true, scope: undefined });
  });

  it('follows a symbolic link that stays inside, to its real path', async () => {
    expect(await resolveIngestScope(dir, 'latest')).toEqual({ ok: true, scope: 'de' });
  });

  it.each([
    ['escape', /leads outside/],
    ['escape/passwords.md', /leads outside/],
    ['en/escape.md', /leads outside/],
    ['fr', /does not exist/],
    ['%2e%2e', /does not exist/],
    ['%2e%2e/', /does not exist/],
    ['en/picture.png', /not a file the ingest reads/],
    ['../secrets', /"\.\."/],
  ])('refuses %j', async (input, message) => {
    const result = await resolveIngestScope(dir, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses a content folder that does not exist', async () => {
    expect(await resolveIngestScope(path.join(base, 'nope'), 'de')).toEqual({ ok: false, message: expect.stringMatching(/content folder does not exist/) });
  });

  it('normalises a scope given directly, and throws for one that leads outside', () => {
    expect(normalizeScope(dir, 'en/')).toBe('en');
    expect(normalizeScope(dir, '.')).toBeUndefined();
    expect(normalizeScope(dir, undefined)).toBeUndefined();
    expect(() => normalizeScope(dir, '../secrets')).toThrow(/not a path inside/);
    expect(() => normalizeScope(dir, '/etc')).toThrow(/not a path inside/);
  });

  it('matches whole path segments only', () => {
    expect(isInScope(path.join('en', 'a.md'), 'en')).toBe(true);
    expect(isInScope('en', 'en')).toBe(true);
    expect(isInScope(path.join('en-gb', 'a.md'), 'en')).toBe(false);
    expect(isInScope('anything', undefined)).toBe(true);
  });

  it('lists the scope with paths relative to the root, never through symbolic links', async () => {
    expect((await listSourceFiles(dir, { scope: 'en' })).map((f) => f.relativePath)).toEqual([path.join('en', 'a.md')]);
    expect((await listSourceFiles(dir, { scope: path.join('en', 'a.md') })).map((f) => f.relativePath)).toEqual([path.join('en', 'a.md')]);
    expect(await listSourceFiles(dir, { scope: 'escape' })).toEqual([]);
    expect((await listSourceFiles(dir)).map((f) => f.relativePath)).toEqual([path.join('en', 'a.md')]);
  });
});

describe.each(testBackends())('scoped ingest on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const embedder = createEmbedder({ provider: 'local' });
  const ingest = (scope?: string) => runIngest(database.db, { dir, source: 'test', scope, embedder });
  const documents = async () =>
    queryRows<{ id: string; path: string; content_hash: string; ingested_at: Date | string }>(
      database.db,
      sql`select id, path, content_hash, ingested_at from documents order by id`,
    );
  const chunkIdsOf = async (documentId: string) =>
    (await queryRows<{ id: number }>(database.db, sql`select id from chunks where document_id = ${documentId} order by id`)).map((r) => r.id);

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    const full = await ingest();
    expect(full.stats).toMatchObject({ files: 7, added: 7 });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('re-ingests one folder: adds, updates and prunes there, and leaves every other document as it was', async () => {
    const before = await documents();
    const outsideBefore = before.filter((d) => !d.path.startsWith(`en${path.sep}`));
    const restartChunks = await chunkIdsOf('restart-box5-de');

    // In en/: one edited, one deleted, one new. Outside it: one edited and one deleted too,
    // which this run must not notice.
    const roaming = path.join(dir, 'en', 'roaming.md');
    fs.writeFileSync(roaming, fs.readFileSync(roaming, 'utf8').replace('CHF 2.90', 'CHF 3.50'));
    fs.rmSync(path.join(dir, 'en', 'goodwill-credits.md'));
    fs.writeFileSync(path.join(dir, 'en', 'fair-use.md'), '---\nid: fair-use-en\ntitle: Fair use\nurl: fair-use\nlang: en\n---\nUnlimited data follows a fair use policy of 200 GB per month.\n');
    const german = path.join(dir, 'de', 'box5-neu-starten.md');
    fs.writeFileSync(german, `${fs.readFileSync(german, 'utf8')}\nNoch ein Satz.\n`);
    fs.rmSync(path.join(dir, 'notes.txt'));

    const result = await ingest('en');
    expect(result.errors).toEqual([]);
    expect(result.scope).toBe('en');
    expect(result.stats).toMatchObject({ files: 3, added: 1, updated: 1, unchanged: 1, deleted: 1, failed: 0, scope: 'en' });

    const after = await documents();
    expect(after.map((d) => d.id)).toEqual(['fair-use-en', 'guides/fibre-install', 'manuals/box3-quick-start', 'notes', 'restart-box5-de', 'restart-box5-en', 'roaming-en']);
    // Outside en/: the same rows, byte for byte (the deleted notes.txt and the edited German
    // article included), and the same chunks.
    expect(after.filter((d) => !d.path.startsWith(`en${path.sep}`))).toEqual(outsideBefore);
    expect(await chunkIdsOf('restart-box5-de')).toEqual(restartChunks);
    const [run] = await queryRows<{ stats: { scope?: string } }>(database.db, sql`select stats from ingest_runs where id = ${result.runId}`);
    expect(run!.stats.scope).toBe('en');
  });

  it('re-ingests one file, leaving its folder neighbours alone', async () => {
    const before = await documents();
    const result = await ingest(path.join('de', 'box5-neu-starten.md'));
    expect(result.stats).toMatchObject({ files: 1, updated: 1, added: 0, deleted: 0 });
    const after = await documents();
    expect(after.filter((d) => d.id !== 'restart-box5-de')).toEqual(before.filter((d) => d.id !== 'restart-box5-de'));
  });

  it('refuses an id or url that a document outside the scope owns, without touching it', async () => {
    fs.mkdirSync(path.join(dir, 'fr'));
    // A copy of an English article (same id and url) dropped into fr/.
    fs.copyFileSync(path.join(dir, 'en', 'roaming.md'), path.join(dir, 'fr', 'roaming.md'));
    // And a new French article that claims the English url.
    fs.writeFileSync(path.join(dir, 'fr', 'usage.md'), '---\nid: fair-use-fr\ntitle: Usage loyal\nurl: fair-use\nlang: fr\n---\nLes données illimitées suivent une politique d’usage loyal.\n');
    const before = await documents();
    const result = await ingest('fr');
    expect(result.errors).toEqual([
      { path: path.join('fr', 'roaming.md'), message: `duplicate document id "roaming-en" (used by ${path.join('en', 'roaming.md')}, outside the re-ingested path)` },
      { path: path.join('fr', 'usage.md'), message: `duplicate url "fair-use" (used by ${path.join('en', 'fair-use.md')}, outside the re-ingested path)` },
    ]);
    expect(result.stats).toMatchObject({ files: 2, added: 0, failed: 2 });
    expect(await documents()).toEqual(before);
    fs.rmSync(path.join(dir, 'fr'), { recursive: true });
  });

  it('an empty scope prunes only its own documents; a full run afterwards catches up with the rest', async () => {
    fs.rmSync(path.join(dir, 'guides'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'guides'));
    const scoped = await ingest('guides');
    expect(scoped.stats).toMatchObject({ files: 0, deleted: 1 });
    const ids = (await documents()).map((d) => d.id);
    expect(ids).not.toContain('guides/fibre-install');
    expect(ids).toContain('notes');

    const full = await ingest();
    expect(full.scope).toBeNull();
    expect(full.stats).not.toHaveProperty('scope');
    // notes.txt was deleted while only en/ was re-ingested: the full run prunes it now.
    expect(full.stats).toMatchObject({ deleted: 1, added: 0 });
    expect((await documents()).map((d) => d.id)).not.toContain('notes');
  });

  it('throws for a scope that leads outside the folder, before recording a run', async () => {
    const [{ n: runs } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ingest_runs`);
    await expect(ingest('../..')).rejects.toThrow(/not a path inside/);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ingest_runs`);
    expect(n).toBe(runs);
  });
});
