import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { READ_TOOL_NAMES, WRITE_TOOL_NAMES } from '@/lib/domain/account-tools';
import { BUILTIN_CONNECTORS } from '@/lib/actions/builtin';
import { defineHttpConnector } from '@/lib/actions/connectors';
import { createConnectorRegistry, NO_CONNECTORS } from '@/lib/actions/connectors/registry';
import { cancelOrderDefinition, orderStatusDefinition } from '@/lib/actions/connectors/test-connectors';
import { accountTools, type ToolContext } from './index';

const ctx = (connectors = NO_CONNECTORS): ToolContext => ({
  db: {} as Db,
  customerId: '00000000-0000-4000-8000-000000000001',
  customerNumber: 'AW-1',
  userId: '00000000-0000-4000-8000-000000000002',
  now: new Date('2026-11-23T09:00:00Z'),
  lang: 'en',
  connectors,
});

describe('the chat’s account tools', () => {
  it('are the registry’s connectors: the built-in tools with their descriptions and schemas', () => {
    const tools = accountTools(ctx());
    expect(Object.keys(tools)).toEqual(BUILTIN_CONNECTORS.map((c) => c.name));
    for (const connector of BUILTIN_CONNECTORS) {
      expect(tools[connector.name]!.description).toBe(connector.description);
      expect(tools[connector.name]!.inputSchema).toBe(connector.input);
    }
  });

  it('run reads at once and only propose writes, for built-in and HTTP tools alike', () => {
    const registry = createConnectorRegistry({
      connectors: [defineHttpConnector(orderStatusDefinition('https://api.example.com')), defineHttpConnector(cancelOrderDefinition('https://api.example.com'))],
      secret: 's'.repeat(32),
      env: { ORDERS_API_TOKEN: 't' },
    });
    const tools = accountTools(ctx(registry));
    for (const name of [...READ_TOOL_NAMES, 'get_order_status']) {
      expect(tools[name]!.execute, name).toBeTypeOf('function');
      expect(tools[name]!.needsApproval, name).toBeFalsy();
    }
    for (const name of [...WRITE_TOOL_NAMES, 'cancel_order']) {
      expect(tools[name]!.execute, name).toBeUndefined();
      expect(tools[name]!.needsApproval, name).toBe(true);
    }
  });
});
