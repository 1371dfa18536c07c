import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { spawnScript } from './spawn-script';

/** Runs `npm run test:conversations` (tsx scripts/test-conversations.ts) as its own process. */
const testConversations = (args: string[]) => spawnScript('test-conversations.ts', args, { LOG_LEVEL: 'warn' });

const restart = {
  id: 'restart-en',
  lang: 'en',
  kind: 'knowledge',
  customer: null,
  turns: [{ user: 'How do I restart my Box 5 with the power button?', expect: { outcome: ['answered', 'golden'], facts: [['ten seconds', '10 seconds']], notFacts: ['CHF'], lang: 'en' } }],
};
// The same question, checked for a fact the article does not state: this case must fail.
const wrong = { ...restart, id: 'restart-wrong-fact', turns: [{ ...restart.turns[0]!, expect: { facts: ['five minutes'] } }] };
const account = {
  id: 'contact-on-file',
  lang: 'en',
  kind: 'account',
  customer: 'anna.meier@example.ch',
  turns: [{ user: "What's my phone number on file?", expect: { tool: { name: 'get_contact_details' }, refuses: false, approval: false } }],
};

describe('npm run test:conversations', () => {
  let dir: string;
  let corpus: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-conversations-'));
    corpus = writeTestCorpus();
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const suite = (name: string, cases: object[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
    return file;
  };

  it('exits 1 with a failing case and writes a JUnit report naming it and its check; exits 0 when all pass', async () => {
    const junit = path.join(dir, 'out.xml');
    const failing = await testConversations(['--file', suite('failing.jsonl', [restart, wrong, account]), '--corpus', corpus, '--junit', junit]);
    expect(failing.stderr).not.toMatch(/Error:/);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^PASS {2}restart-en /m);
    expect(failing.stdout).toMatch(/^FAIL {2}restart-wrong-fact /m);
    expect(failing.stdout).toMatch(/^PASS {2}contact-on-file /m);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite name="conversations" tests="3" failures="1"/);
    expect(xml).toMatch(/<testcase name="restart-wrong-fact" classname="knowledge\.en" time="[\d.]+">\s*<failure message="turn 1 \(“How do I restart my Box 5 with the power button\?”\): facts failed — missing five minutes"/);
    expect(xml).toMatch(/<testcase name="restart-en" classname="knowledge\.en" time="[\d.]+"\/>/);

    const passing = await testConversations(['--file', suite('passing.jsonl', [restart, wrong, account]), '--corpus', corpus, '--group', 'account', '--json']);
    expect(passing.code).toBe(0);
    expect(JSON.parse(passing.stdout)).toMatchObject({ cases: 1, failed: [] });
  }, 120_000);

  it('imports a suite into the configured database, runs it there as a recorded run, and exports it unchanged', async () => {
    const env = { PGLITE_DIR: path.join(dir, 'pglite'), DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const ingest = await spawnScript('ingest.ts', ['--dir', corpus, '--json'], env);
    expect(ingest.code).toBe(0);
    const run = (args: string[]) => spawnScript('test-conversations.ts', args, env);

    const empty = await run([]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/Error: The stored suite is empty: add cases in the console \(\/admin\/tests\) or with --import FILE/);

    const imported = await run(['--import', suite('stored.jsonl', [restart, wrong, account])]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/Imported 3 cases .*: 3 added, 0 replaced\./);

    const junit = path.join(dir, 'stored.xml');
    const failing = await run(['--junit', junit]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^FAIL {2}restart-wrong-fact /m);
    expect(failing.stdout).toMatch(/^PASS {2}contact-on-file /m);
    expect(fs.readFileSync(junit, 'utf8')).toMatch(/<testcase name="restart-wrong-fact" classname="knowledge\.en" time="[\d.]+">\s*<failure message="turn 1/);
    expect((await run(['--group', 'account'])).code).toBe(0);

    const exported = path.join(dir, 'exported.jsonl');
    expect((await run(['--export', exported])).code).toBe(0);
    const lines = fs.readFileSync(exported, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string });
    expect(lines.map((l) => l.id).sort()).toEqual(['contact-on-file', 'restart-en', 'restart-wrong-fact']);
    expect(lines.find((l) => l.id === 'contact-on-file')).toEqual(account);
  }, 180_000);

  it('says what is wrong with a bad suite or group, and exits 1', async () => {
    const bad = await testConversations(['--file', suite('bad.jsonl', [{ ...restart, turns: [{ user: 'hi', expect: { colour: 'blue' } }] }]), '--corpus', corpus]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Error: .*bad\.jsonl:1: turns\.0\.expect/);
    const noGroup = await testConversations(['--file', suite('one.jsonl', [restart]), '--corpus', corpus, '--group', 'billing']);
    expect(noGroup.code).toBe(1);
    expect(noGroup.stderr).toMatch(/Error: No case in group "billing" \(groups: knowledge\)/);
  }, 60_000);
});
