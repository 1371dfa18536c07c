import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localAccountModel } from '@/lib/actions/account-model';
import { modelRecogniser } from './action-model';
import { ActionFileError, DEMO_CATALOG, computeActionMetrics, evaluateActions, loadActionItems } from './actions';
import { EXAMPLE_CONNECTOR_CASES, exampleConnectorRegistry } from './connector-actions';

const registry = exampleConnectorRegistry();
const file = path.join(import.meta.dirname, '..', '..', EXAMPLE_CONNECTOR_CASES);

function writeJsonl(lines: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connector-actions-'));
  const out = path.join(dir, 'cases.jsonl');
  fs.writeFileSync(out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return out;
}

describe('the action evaluation of connector tools', () => {
  const items = loadActionItems(file, { tools: registry.connectors });

  it("reads a connector's cases against the registry's definitions: its names and its risk", () => {
    // Against the built-in tools alone, a connector's name is unknown.
    expect(() => loadActionItems(file)).toThrow(ActionFileError);
    expect(() => loadActionItems(file)).toThrow(/expected\.tool is not a tool of the evaluated registry/);
    const cancel = items.find((i) => i.expected?.tool === 'cancel_order')!;
    expect(cancel.kind).toBe('write');
    expect(() => loadActionItems(writeJsonl([{ ...cancel, kind: 'read' }]), { tools: registry.connectors })).toThrow(/kind is "read" but the expectation makes it "write"/);
  });

  it('covers both example connectors in every language, and refusals with their reason', () => {
    for (const tool of ['get_order_status', 'cancel_order']) {
      for (const lang of ['en', 'de', 'fr', 'it']) expect(items.some((i) => i.lang === lang && i.expected?.tool === tool), `${tool} ${lang}`).toBe(true);
    }
    const refusals = items.filter((i) => i.expected === null);
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    expect(refusals.every((i) => (i.note ?? '').length > 0)).toBe(true);
  });

  it('is met by the built-in model offered the connectors beside the built-in tools, as the chat offers them', async () => {
    const recognise = modelRecogniser((item) => localAccountModel({ catalog: [...DEMO_CATALOG], now: new Date(item.now), connectors: registry }).model, {
      connectors: registry.connectors,
    });
    const report = computeActionMetrics(await evaluateActions(items, recognise));
    expect(report.failures.map((f) => f.item.id)).toEqual([]);
    expect(report.overall).toMatchObject({ toolSelection: 1, argumentAccuracy: 1, correctRefusalRate: 1 });
  });
});
