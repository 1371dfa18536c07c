import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_TOOL_NAMES, WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import {
  ACTION_TARGETS,
  ActionFileError,
  compareArgs,
  computeActionMetrics,
  evaluateActions,
  formatActionReport,
  loadActionItems,
  localRecogniser,
  scoreAction,
  targetStatus,
  type ActionItem,
} from './actions';

const NOW = '2026-11-23T10:00:00+01:00';
const TZ = 'Europe/Zurich';

function item(partial: Partial<ActionItem> & Pick<ActionItem, 'id' | 'expected'>): ActionItem {
  const kind = partial.expected === null ? 'refuse' : WRITE_TOOL_NAMES.includes(partial.expected.tool as never) ? 'write' : 'read';
  return { lang: 'en', request: 'r', now: NOW, kind, ...partial };
}

function writeJsonl(lines: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actions-'));
  const file = path.join(dir, 'actions.jsonl');
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

const good = {
  id: 'a-en-001',
  lang: 'en',
  now: NOW,
  request: 'switch me to Wave Home 1000',
  expected: { tool: 'change_plan', args: { planId: 'wave-home-1000' } },
  kind: 'write',
};

describe('loadActionItems', () => {
  it('reads items and fills in missing args', () => {
    const file = writeJsonl([good, '', { ...good, id: 'a-en-002', expected: { tool: 'get_outage_status' }, kind: 'read' }]);
    const items = loadActionItems(file);
    expect(items.map((i) => i.id)).toEqual(['a-en-001', 'a-en-002']);
    expect(items[1]!.expected).toEqual({ tool: 'get_outage_status', args: {} });
  });

  it('names the file and line of a bad line', () => {
    expect(() => loadActionItems(writeJsonl([good, '{not json']))).toThrow(/actions\.jsonl:2: not valid JSON/);
    expect(() => loadActionItems(writeJsonl([{ ...good, expected: { tool: 'delete_account', args: {} } }]))).toThrow(ActionFileError);
    expect(() => loadActionItems(writeJsonl([{ ...good, lang: 'es' }]))).toThrow(/:1: lang/);
  });

  it('checks that kind matches the expectation', () => {
    expect(() => loadActionItems(writeJsonl([{ ...good, kind: 'read' }]))).toThrow(/kind is "read" but the expectation makes it "write"/);
    expect(() => loadActionItems(writeJsonl([{ ...good, expected: null, kind: 'write' }]))).toThrow(/makes it "refuse"/);
  });

  it('rejects duplicate ids and malformed relative dates', () => {
    expect(() => loadActionItems(writeJsonl([good, good]))).toThrow(/duplicate id a-en-001/);
    const relative = { ...good, expected: { tool: 'reschedule_appointment', args: { startsAt: { weekday: 4 } } } };
    expect(() => loadActionItems(writeJsonl([relative]))).toThrow(/startsAt/);
  });
});

describe('compareArgs', () => {
  it('compares plain values exactly', () => {
    expect(compareArgs({ planId: 'wave-home-1000' }, { planId: 'wave-home-1000' }, TZ)).toEqual([]);
    expect(compareArgs({ planId: 'wave-home-1000' }, { planId: 'wave-home-500' }, TZ)).toEqual(['planId: expected "wave-home-1000", got "wave-home-500"']);
    expect(compareArgs({ limit: 3 }, {}, TZ)).toHaveLength(1);
    expect(compareArgs({ limit: 3 }, { limit: '3' }, TZ)).toHaveLength(1);
  });

  it('does not judge arguments the expectation leaves out', () => {
    expect(compareArgs({ from: '2026-12-07' }, { from: '2026-12-07', days: 7 }, TZ)).toEqual([]);
  });

  it('compares an absolute startsAt as the exact string', () => {
    expect(compareArgs({ startsAt: '2026-12-03T08:00:00+01:00' }, { startsAt: '2026-12-03T08:00:00+01:00' }, TZ)).toEqual([]);
    expect(compareArgs({ startsAt: '2026-12-03T08:00:00+01:00' }, { startsAt: '2026-12-03T07:00:00Z' }, TZ)).toHaveLength(1);
  });

  it('checks a relative startsAt by weekday and hour in the time zone', () => {
    const thursday8 = { weekday: 4, hour: 8 };
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: '2026-11-26T08:00:00+01:00' }, TZ)).toEqual([]);
    // the same instant written in UTC is still Thursday 08:00 in Zurich
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: '2026-11-26T07:00:00Z' }, TZ)).toEqual([]);
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: '2026-11-26T12:00:00+01:00' }, TZ)).toHaveLength(1);
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: '2026-11-27T08:00:00+01:00' }, TZ)).toHaveLength(1);
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: '2026-11-26T08:30:00+01:00' }, TZ)).toHaveLength(1);
    expect(compareArgs({ startsAt: thursday8 }, {}, TZ)).toHaveLength(1);
    expect(compareArgs({ startsAt: thursday8 }, { startsAt: 'Thursday' }, TZ)).toHaveLength(1);
    // 0 and 7 both mean Sunday
    expect(compareArgs({ startsAt: { weekday: 7, hour: 8 } }, { startsAt: '2026-11-29T08:00:00+01:00' }, TZ)).toEqual([]);
  });
});

describe('scoreAction', () => {
  const change = item({ id: 'w', expected: { tool: 'change_plan', args: { planId: 'wave-tv-plus' } } });
  const refuse = item({ id: 'n', expected: null });
  const read = item({ id: 'r', expected: { tool: 'get_outage_status', args: {} } });

  it('judges the tool, then the arguments', () => {
    expect(scoreAction(change, { toolName: 'change_plan', input: { planId: 'wave-tv-plus' } }, TZ)).toMatchObject({ toolCorrect: true, argsCorrect: true });
    expect(scoreAction(change, { toolName: 'change_plan', input: { planId: 'wave-tv-basic' } }, TZ)).toMatchObject({ toolCorrect: true, argsCorrect: false });
    expect(scoreAction(change, { toolName: 'list_available_plans', input: {} }, TZ)).toMatchObject({ toolCorrect: false, argsCorrect: null });
    expect(scoreAction(change, null, TZ)).toMatchObject({ toolCorrect: false, argsCorrect: null });
  });

  it('does not judge arguments when none are expected', () => {
    expect(scoreAction(read, { toolName: 'get_outage_status', input: {} }, TZ)).toMatchObject({ toolCorrect: true, argsCorrect: null });
  });

  it('counts "no call" as right for a refusal and any call as wrong', () => {
    expect(scoreAction(refuse, null, TZ).toolCorrect).toBe(true);
    expect(scoreAction(refuse, { toolName: 'get_outage_status', input: {} }, TZ).toolCorrect).toBe(false);
  });
});

describe('evaluateActions and computeActionMetrics', () => {
  const items: ActionItem[] = [
    item({ id: 'a-en-1', lang: 'en', expected: { tool: 'change_plan', args: { planId: 'wave-home-1000' } } }),
    item({ id: 'a-en-2', lang: 'en', expected: { tool: 'get_outage_status', args: {} } }),
    item({ id: 'a-en-3', lang: 'en', expected: null }),
    item({ id: 'a-de-1', lang: 'de', expected: { tool: 'reschedule_appointment', args: { startsAt: { weekday: 4, hour: 8 } } } }),
    item({ id: 'a-de-2', lang: 'de', expected: null }),
    item({ id: 'a-de-3', lang: 'de', expected: { tool: 'restart_modem', args: {} } }),
  ];
  const answers: Record<string, { toolName: string; input: Record<string, unknown> } | null | 'throw'> = {
    'a-en-1': { toolName: 'change_plan', input: { planId: 'wave-home-500' } }, // right tool, wrong plan
    'a-en-2': { toolName: 'get_outage_status', input: {} }, // right
    'a-en-3': { toolName: 'restart_modem', input: {} }, // should have refused
    'a-de-1': { toolName: 'reschedule_appointment', input: { startsAt: '2026-11-26T08:00:00+01:00' } }, // right
    'a-de-2': null, // right refusal
    'a-de-3': 'throw', // the recogniser failed
  };
  const recognise = async (i: ActionItem) => {
    const a = answers[i.id];
    if (a === 'throw') throw new Error('boom');
    return a ?? null;
  };

  it('scores every item and records errors as no call', async () => {
    const results = await evaluateActions(items, recognise);
    expect(results.map((r) => r.toolCorrect)).toEqual([true, true, false, true, true, false]);
    expect(results[5]).toMatchObject({ actual: null, error: 'boom' });
  });

  it('computes the rates overall, per language and per kind', async () => {
    const report = computeActionMetrics(await evaluateActions(items, recognise));
    expect(report.overall).toMatchObject({
      items: 6,
      toolCorrect: 4,
      argItems: 2,
      argsCorrect: 1,
      refusalItems: 2,
      refusalsCorrect: 1,
      missedCalls: 1,
      wrongTool: 0,
      unwantedCalls: 1,
    });
    expect(report.overall.toolSelection).toBeCloseTo(4 / 6);
    expect(report.overall.argumentAccuracy).toBe(0.5);
    expect(report.overall.correctRefusalRate).toBe(0.5);
    expect(report.byLanguage.en).toMatchObject({ items: 3, toolCorrect: 2, argumentAccuracy: 0, correctRefusalRate: 0 });
    expect(report.byLanguage.de).toMatchObject({ items: 3, toolCorrect: 2, argumentAccuracy: 1, correctRefusalRate: 1 });
    expect(report.byKind.write).toMatchObject({ items: 3, toolCorrect: 2 });
    expect(report.byKind.read).toMatchObject({ items: 1, toolCorrect: 1, correctRefusalRate: null, argumentAccuracy: null });
    expect(report.byKind.refuse).toMatchObject({ items: 2, toolCorrect: 1 });
    expect(report.failures.map((r) => r.item.id)).toEqual(['a-en-1', 'a-en-3', 'a-de-3']);
  });

  it('gives null rates for an empty set', () => {
    expect(computeActionMetrics([]).overall).toMatchObject({ items: 0, toolSelection: null, argumentAccuracy: null, correctRefusalRate: null });
  });
});

describe('formatActionReport', () => {
  async function reportFor(correct: number, total: number, argsRight: boolean) {
    const items = Array.from({ length: total }, (_, i) =>
      item({ id: `a-en-${i}`, expected: { tool: 'change_plan', args: { planId: 'wave-tv-plus' } } }),
    );
    const results = await evaluateActions(items, (i) =>
      Number(i.id.split('-')[2]) < correct ? { toolName: 'change_plan', input: { planId: argsRight ? 'wave-tv-plus' : 'wave-tv-basic' } } : null,
    );
    return formatActionReport(computeActionMetrics(results));
  }

  it('passes at exactly the targets and fails below them', async () => {
    const pass = await reportFor(19, 20, true); // 95 % tool selection, 100 % arguments
    expect(pass).toMatch(/Tool selection\s+95\.0 %.*≥ 95\.0 %\s+PASS/);
    expect(pass).toMatch(/Arguments\s+100\.0 %.*≥ 90\.0 %\s+PASS/);
    const fail = await reportFor(18, 20, false); // 90 % tool selection, 0 % arguments
    expect(fail).toMatch(/Tool selection\s+90\.0 %.*FAIL/);
    expect(fail).toMatch(/Arguments\s+0\.0 %.*FAIL/);
  });

  it('lists the misses with what was expected and what came', async () => {
    const text = await reportFor(19, 20, false);
    expect(text).toContain('Misses (20):');
    expect(text).toContain('expected change_plan {"planId":"wave-tv-plus"}, got no call');
    expect(text).toContain('planId: expected "wave-tv-plus", got "wave-tv-basic"');
  });

  it('shows a column per language and kind', async () => {
    const report = computeActionMetrics(
      await evaluateActions([item({ id: 'x', lang: 'fr', expected: null }), item({ id: 'y', lang: 'it', expected: { tool: 'restart_modem', args: {} } })], () => null),
    );
    const header = formatActionReport(report).split('\n')[0]!;
    expect(header.split(/\s+/).filter(Boolean)).toEqual(['all', 'fr', 'it', 'write', 'refuse', 'target', 'status']);
  });

  it('targetStatus says n/a without data, and judges the figure as shown (one decimal)', () => {
    expect(targetStatus(null, ACTION_TARGETS.toolSelectionMin)).toBe('n/a');
    expect(targetStatus(0.9494, ACTION_TARGETS.toolSelectionMin)).toBe('FAIL');
    expect(targetStatus(0.9496, ACTION_TARGETS.toolSelectionMin)).toBe('PASS'); // shown as 95.0 %
    expect(targetStatus(0.95, ACTION_TARGETS.toolSelectionMin)).toBe('PASS');
  });
});

describe('content/golden/actions.jsonl', () => {
  const items = loadActionItems(path.join(import.meta.dirname, '../../content/golden/actions.jsonl'));

  it('has at least 18 items per language and 16 refusals', () => {
    for (const lang of ['en', 'de', 'fr', 'it']) expect(items.filter((i) => i.lang === lang).length, lang).toBeGreaterThanOrEqual(18);
    expect(items.length).toBeGreaterThanOrEqual(72);
    expect(items.filter((i) => i.expected === null).length).toBeGreaterThanOrEqual(16);
    expect(items.every((i) => i.expected !== null || (i.note ?? '').length > 0)).toBe(true);
  });

  it('covers every tool twice, and every write tool in every language', () => {
    for (const tool of [...READ_TOOL_NAMES, ...WRITE_TOOL_NAMES]) {
      expect(items.filter((i) => i.expected?.tool === tool).length, tool).toBeGreaterThanOrEqual(2);
    }
    for (const tool of WRITE_TOOL_NAMES) {
      for (const lang of ['en', 'de', 'fr', 'it']) expect(items.some((i) => i.lang === lang && i.expected?.tool === tool), `${tool} ${lang}`).toBe(true);
    }
  });

  it('fixes the reference date and writes absolute datetimes with the Zurich offset', () => {
    expect(new Set(items.map((i) => i.now))).toEqual(new Set(['2026-11-23T10:00:00+01:00']));
    for (const i of items) {
      const startsAt = i.expected?.args.startsAt;
      if (typeof startsAt === 'string') expect(startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+01:00$/);
    }
  });

  it('is met by the built-in recogniser (tool selection ≥ 95 %, arguments ≥ 90 %)', async () => {
    const report = computeActionMetrics(await evaluateActions(items, localRecogniser()));
    expect(report.overall.toolSelection).toBeGreaterThanOrEqual(ACTION_TARGETS.toolSelectionMin);
    expect(report.overall.argumentAccuracy).toBeGreaterThanOrEqual(ACTION_TARGETS.argumentAccuracyMin);
  });
});
