import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_TOOLS, READ_TOOL_NAMES, WRITE_TOOLS, WRITE_TOOL_NAMES, isWriteTool } from '@/lib/domain/account-tools';
import { LOCALES } from '@/lib/i18n/locales';
import { testBackends } from '@/lib/db/test-databases';
import { createConnectorRegistry, NO_CONNECTORS } from '@/lib/actions/connectors/registry';
import { readActions, writeActions } from '@/lib/actions/repository';
import { TEST_NOW, openDemoDatabase, snapshotCustomerSystem, type DemoDatabase } from '@/lib/actions/repository/testing';
import { BUILTIN_CONNECTORS } from './index';

const byName = new Map(BUILTIN_CONNECTORS.map((c) => [c.name, c]));

describe('the demo telecom’s tools as built-in connectors', () => {
  it('are every account tool of the contract, once, with its own schema and risk', () => {
    expect(BUILTIN_CONNECTORS.map((c) => c.name).sort()).toEqual([...READ_TOOL_NAMES, ...WRITE_TOOL_NAMES].sort());
    for (const connector of BUILTIN_CONNECTORS) {
      expect(connector.kind).toBe('builtin');
      expect(connector.risk).toBe(isWriteTool(connector.name) ? 'write' : 'read');
      const schema = isWriteTool(connector.name) ? WRITE_TOOLS[connector.name] : READ_TOOLS[connector.name as keyof typeof READ_TOOLS];
      expect(connector.input).toBe(schema);
      // A preview is what makes an approval card: writes have one, reads run at once.
      expect(connector.preview === null).toBe(connector.risk === 'read');
      expect(connector.description.length).toBeGreaterThan(20);
    }
  });

  it('say in their definition what the verifier compares and which write hands the conversation to a person', () => {
    const keys = Object.fromEntries(BUILTIN_CONNECTORS.filter((c) => c.risk === 'write').map((c) => [c.name, c.keyArguments]));
    expect(keys).toEqual({
      change_plan: ['planId'],
      reschedule_appointment: ['startsAt'],
      restart_modem: [],
      run_line_diagnostic: [],
      update_contact_details: ['email', 'phone'],
      request_callback: [],
    });
    for (const connector of BUILTIN_CONNECTORS.filter((c) => c.risk === 'read')) expect(connector.keyArguments).toEqual([]);
    expect(BUILTIN_CONNECTORS.filter((c) => c.handoffNote).map((c) => c.name)).toEqual(['request_callback']);
    expect(byName.get('request_callback')!.handoffNote!({ topic: 'my invoice' })).toBe('Callback: my invoice');
    expect(byName.get('request_callback')!.handoffNote!({})).toBe('Callback requested');
  });

  it('name themselves for the customer in every language of the chat', () => {
    for (const connector of BUILTIN_CONNECTORS) {
      for (const lang of LOCALES) expect(connector.labels[lang], `${connector.name} ${lang}`).toMatch(/\S/);
    }
  });

  it('sit in every registry, before the external connectors, and keep their names to themselves', () => {
    expect(NO_CONNECTORS.connectors).toEqual(BUILTIN_CONNECTORS);
    expect(NO_CONNECTORS.external).toEqual([]);
    expect(NO_CONNECTORS.get('change_plan')).toBe(byName.get('change_plan'));
    // Only a request to another system is signed: the built-in tools need no secret.
    expect(() => createConnectorRegistry({ connectors: [], secret: undefined })).not.toThrow();
    expect(createConnectorRegistry({ connectors: [], builtins: [], secret: undefined }).connectors).toEqual([]);
  });
});

describe.each(testBackends())('built-in connectors on $name', ({ open }) => {
  let demo: DemoDatabase;
  beforeAll(async () => {
    demo = await openDemoDatabase(open);
  });
  afterAll(async () => {
    await demo?.database.close();
  });

  it('read through the customer system’s repository, for the customer of the scope', async () => {
    const db = demo.database.db;
    const { customerId } = demo.ids.anna;
    const scope = { db, customerId, now: TEST_NOW, actorUserId: null, approvalId: null };
    expect(await byName.get('get_account_overview')!.execute({ ...scope, input: {} })).toEqual(await readActions.get_account_overview(db, { customerId, now: TEST_NOW, input: {} }));
    expect(await byName.get('list_invoices')!.execute({ ...scope, input: { limit: 2 } })).toEqual(await readActions.list_invoices(db, { customerId, now: TEST_NOW, input: { limit: 2 } }));
  });

  it('preview a write as the repository does, and change nothing doing so', async () => {
    const db = demo.database.db;
    const { customerId } = demo.ids.anna;
    const before = await snapshotCustomerSystem(demo.database);
    const preview = await byName.get('restart_modem')!.preview!({ db, customerId, now: TEST_NOW, input: {} });
    expect(preview).toEqual(await writeActions.restart_modem.preview(db, { customerId, now: TEST_NOW, input: {} }));
    expect(await snapshotCustomerSystem(demo.database)).toBe(before);
  });
});
