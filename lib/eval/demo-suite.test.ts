import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { runDialogsOnDemoData } from './dialog-run';
import { loadDialogs } from './dialogs';

/**
 * The project's own conversation test suite (content/tests/conversations.jsonl, what
 * `npm run test:conversations` runs by default) passes on the built-in model: knowledge with its
 * facts, clarification, golden answers, account reads, writes with approval, hand-off.
 */
const SUITE = path.join(process.cwd(), 'content', 'tests', 'conversations.jsonl');

describe('the demo conversation test suite', () => {
  it('has at least 60 cases, 15 per language, in every group, and every case passes', async () => {
    const cases = loadDialogs(SUITE);
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const lang of ['de', 'en', 'fr', 'it']) expect(cases.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(15);
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(['knowledge', 'clarification', 'golden', 'account-read', 'account-write', 'handoff']));
    const results = await runDialogsOnDemoData({ config: parseConfig({}), corpus: path.join(process.cwd(), 'content', 'articles'), dialogs: cases });
    const failing = results.filter((r) => !r.allPass).map((r) => `${r.id}: ${r.turns.flatMap((t) => t.checks.filter((c) => !c.pass).map((c) => `${c.check} (${c.detail})`)).join('; ')}`);
    expect(failing).toEqual([]);
  }, 240_000);
});
