import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { parseSuiteJsonl } from './case';
import { failureLines } from './failure-lines';
import { runCasesOnDemoData } from './run';
import { DEMO_SUITE_FILE } from './seed';

/**
 * The project's own conversation test suite (content/tests/conversations.jsonl, seeded into the
 * console and run by `npm run test:conversations`) passes on the built-in model: knowledge with
 * its facts, clarification, golden answers, account reads, writes with approval and the reads
 * after them, refusals (the customer system says no, with its reason), hand-off. Each case runs in its sandbox, as in the console.
 */
describe('the demo conversation test suite', () => {
  it('has at least 60 cases, 15 per language, in every group, and every case passes', async () => {
    const { cases, errors } = parseSuiteJsonl(fs.readFileSync(DEMO_SUITE_FILE, 'utf8'));
    expect(errors).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const lang of ['de', 'en', 'fr', 'it']) expect(cases.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(15);
    expect(new Set(cases.map((c) => c.group))).toEqual(new Set(['knowledge', 'clarification', 'golden', 'account-read', 'account-write', 'refusal', 'handoff']));
    // Read-after-write: at least one case per language approves (or declines) a change and reads the account after it.
    for (const lang of ['de', 'en', 'fr', 'it']) {
      expect(cases.some((c) => c.lang === lang && c.turns.some((t) => 'event' in t && t.event !== 'agent_claims'))).toBe(true);
    }
    const results = await runCasesOnDemoData({ config: parseConfig({}), corpus: path.join(process.cwd(), 'content', 'articles'), cases });
    const failing = results
      .filter((r) => r.status !== 'passed')
      .map((r) => `${r.test.name}: ${r.reason ?? failureLines(r.transcript).join('; ')}`);
    expect(failing).toEqual([]);
  }, 240_000);
});
