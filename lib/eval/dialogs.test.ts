import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCustomers } from '@/lib/actions/seed';
import { createEmbedder } from '@/lib/ai/models';
import { parseConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { loadDemoUsers, seedDemoUsers } from '@/lib/db/seed';
import { testBackends } from '@/lib/db/test-databases';
import { runIngest } from '@/lib/rag/ingest/run';
import { writeTestCorpus } from '@/lib/rag/ingest/test-corpus';
import { dialogMetrics, dialogSchema, formatDialogReport, loadDialogs, runDialogs, scoreTurn, type ObservedTurn } from './dialogs';

const seen = (over: Partial<ObservedTurn> = {}): ObservedTurn => ({
  text: 'Hold the power button for three seconds [1].',
  outcome: 'answered',
  lang: 'en',
  cited: ['restart-box5-en'],
  approvals: [],
  tools: [],
  handoffOffered: false,
  handoffOpened: false,
  ...over,
});
const verdict = (expect_: Parameters<typeof scoreTurn>[0], over?: Partial<ObservedTurn>) => scoreTurn(expect_, seen(over)).map((c) => [c.check, c.pass]);

describe('scoring a dialog turn', () => {
  it('passes and fails each check on what the turn did', () => {
    expect(verdict({ outcome: ['answered', 'golden'] })).toEqual([['outcome', true]]);
    expect(verdict({ outcome: ['clarify'] })).toEqual([['outcome', false]]);
    expect(verdict({ cites: ['restart-box5-en', 'restart-box3-en'] })).toEqual([['cites', true]]);
    expect(verdict({ cites: ['restart-box3-en'] })).toEqual([['cites', false]]);
    expect(verdict({ cites: ['restart-box5-en'] }, { cited: [] })).toEqual([['cites', false]]);
    expect(verdict({ notCites: ['restart-box5-en'] })).toEqual([['notCites', false]]);
    expect(verdict({ golden: true }, { outcome: 'golden' })).toEqual([['golden', true]]);
    expect(verdict({ golden: false }, { outcome: 'golden' })).toEqual([['golden', false]]);
    expect(verdict({ tool: { name: 'change_plan', args: { planId: 'wave-home-1000' } } }, { tools: [{ name: 'change_plan', input: { planId: 'wave-home-1000' } }] })).toEqual([['tool', true]]);
    expect(verdict({ tool: { name: 'change_plan', args: { planId: 'wave-home-1000' } } }, { tools: [{ name: 'change_plan', input: { planId: 'wave-home-100' } }] })).toEqual([['tool', false]]);
    expect(verdict({ approval: true }, { approvals: ['change_plan'] })).toEqual([['approval', true]]);
    expect(verdict({ approval: true })).toEqual([['approval', false]]);
    expect(verdict({ handoff: true }, { handoffOpened: true })).toEqual([['handoff', true]]);
    expect(verdict({ handoff: true })).toEqual([['handoff', false]]);
    expect(verdict({ silent: true }, { outcome: 'relayed' })).toEqual([['silent', true]]);
    expect(verdict({ silent: true })).toEqual([['silent', false]]);
    expect(verdict({ lang: 'en' })).toEqual([['lang', true]]);
    // The frame says French but the quoted text is German: the text counts.
    expect(verdict({ lang: 'fr' }, { lang: 'fr', text: 'Halten Sie die Taste drei Sekunden lang gedrückt und warten Sie, bis die Lichtleiste weiss leuchtet.' })).toEqual([['lang', false]]);
    expect(verdict({ mentions: ['three seconds'] })).toEqual([['mentions', true]]);
    expect(verdict({ mentions: ['CHF 49'] })).toEqual([['mentions', false]]);
    expect(verdict({ facts: [['3 seconds', 'three seconds']] })).toEqual([['facts', true]]);
    expect(verdict({ facts: ['three seconds', 'CHF 49'] })).toEqual([['facts', false]]);
    expect(verdict({ notFacts: ['CHF 49'] })).toEqual([['notFacts', true]]);
    expect(verdict({ notFacts: ['power button'] })).toEqual([['notFacts', false]]);
    expect(verdict({ refuses: true }, { outcome: 'refused' })).toEqual([['refuses', true]]);
    expect(verdict({ refuses: true })).toEqual([['refuses', false]]);
    expect(verdict({ refuses: false })).toEqual([['refuses', true]]);
  });

  it('validates the file format with clear errors', () => {
    expect(dialogSchema.safeParse({ id: 'x', lang: 'en', kind: 'k', turns: [{ event: 'agent_claims' }] }).success).toBe(false);
    expect(dialogSchema.safeParse({ id: 'x', lang: 'en', kind: 'k', turns: [{ user: 'hi', expect: { colour: 'blue' } }] }).success).toBe(false);
    expect(dialogSchema.safeParse({ id: 'x', lang: 'en', kind: 'k', turns: [{ user: 'hi' }] }).success).toBe(true);
  });

  it('loads the shipped dialogs: at least 80, at least 20 per language, every kind the issues name', () => {
    const dialogs = loadDialogs(path.join(process.cwd(), 'content', 'golden', 'dialogs.jsonl'));
    expect(dialogs.length).toBeGreaterThanOrEqual(80);
    for (const lang of ['en', 'de', 'fr', 'it']) expect(dialogs.filter((d) => d.lang === lang).length).toBeGreaterThanOrEqual(20);
    expect(new Set(dialogs.map((d) => d.kind))).toEqual(
      new Set([
        'clarify_click', 'clarify_typed', 'follow_up', 'topic_switch', 'after_golden', 'account_follow_up', 'held', 'version_follow_up', 'sign_in_then_question',
        'personalised', 'personalised_anonymous',
      ]),
    );
    // At least 30 dialogs of signed-in customers whose answer depends on their equipment, in every language.
    const personalised = dialogs.filter((d) => d.kind === 'personalised');
    expect(personalised.length).toBeGreaterThanOrEqual(28);
    for (const lang of ['en', 'de', 'fr', 'it']) expect(personalised.filter((d) => d.lang === lang && d.customer !== null).length).toBeGreaterThanOrEqual(7);
  });
});

describe.each(testBackends())('running dialogs through the chat turn on $name', ({ open }) => {
  let database: Database;
  let dir: string;
  const now = new Date('2026-11-23T10:00:00+01:00');

  beforeAll(async () => {
    database = await open();
    dir = writeTestCorpus();
    await runIngest(database.db, { dir, source: 'test', embedder: createEmbedder({ provider: 'local' }) });
    await seedDemoUsers(database.db, { demo: loadDemoUsers(), force: false });
    await seedDemoCustomers(database.db, { now });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('scores each turn, holds the conversation for an expert, and reports per language', async () => {
    const dialogs = [
      dialogSchema.parse({ id: 'a', lang: 'en', kind: 'follow_up', turns: [{ user: 'How much does roaming cost in Europe?' }, { user: 'and how do I turn it off?', expect: { outcome: ['answered'], cites: ['roaming-en'], lang: 'en' } }] }),
      dialogSchema.parse({ id: 'b', lang: 'en', kind: 'held', turns: [{ user: 'How do I restart the Box 5?' }, { event: 'agent_claims' }, { user: 'hello?', expect: { silent: true } }] }),
      dialogSchema.parse({ id: 'c', lang: 'de', kind: 'account', customer: 'anna.meier@example.ch', turns: [{ user: 'Zeig mir meine letzte Rechnung', expect: { outcome: ['account'] } }] }),
      dialogSchema.parse({ id: 'd', lang: 'de', kind: 'wrong', turns: [{ user: 'Wie starte ich die Box 5 neu?', expect: { outcome: ['no_answer'] } }] }),
    ];
    const results = await runDialogs({ db: database.db, config: parseConfig({}), now, expertEmail: 'expert@alpenwave.example' }, dialogs);
    expect(results.map((r) => [r.id, r.lastPass])).toEqual([['a', true], ['b', true], ['c', true], ['d', false]]);
    expect(results[1]!.turns.at(-1)!.seen.outcome).toBe('relayed');
    const metrics = dialogMetrics(results);
    expect(metrics.byLanguage).toEqual({ de: { lastTurn: { passed: 1, total: 2, rate: 0.5 }, allTurns: { passed: 1, total: 2, rate: 0.5 } }, en: { lastTurn: { passed: 2, total: 2, rate: 1 }, allTurns: { passed: 2, total: 2, rate: 1 } } });
    expect(formatDialogReport(metrics, results)).toMatch(/d \[wrong\] “Wie starte ich die Box 5 neu\?” → outcome: outcome answered/);
  });
});
