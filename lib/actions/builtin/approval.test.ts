import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { openConversation } from '@/lib/db/queries/conversations';
import { testBackends } from '@/lib/db/test-databases';
import { createConnectorRegistry } from '@/lib/actions/connectors/registry';
import type { BuiltinConnector } from '@/lib/actions/connectors/builtin';
import { proposeChange } from '@/lib/actions/account-turn';
import { decideApproval } from '@/lib/actions/decide';
import { auditRows, TEST_NOW, useDemoDatabase } from '@/lib/actions/repository/testing';
import { BUILTIN_CONNECTORS } from './index';

/** The registry's built-in connectors, with restart_modem's preview and execute watched. */
function watchedRegistry() {
  const original = BUILTIN_CONNECTORS.find((c) => c.name === 'restart_modem')!;
  const preview = vi.fn(original.preview!);
  const execute = vi.fn(original.execute);
  const watched: BuiltinConnector = { ...original, preview, execute };
  const builtins = BUILTIN_CONNECTORS.map((c) => (c.name === 'restart_modem' ? watched : c));
  return { registry: createConnectorRegistry({ connectors: [], builtins, secret: undefined }), preview, execute };
}

describe.each(testBackends())('a built-in write’s approval through the registry on $name', ({ open }) => {
  const demo = useDemoDatabase(open);

  it('is previewed and, once approved, executed once by the registry’s connector, audited by the customer system', async () => {
    const db = demo.database.db;
    const { userId, customerId } = demo.ids.anna;
    const conversationId = randomUUID();
    await openConversation(db, { id: conversationId, owner: { kind: 'user', userId }, title: 'Restart', lang: 'en' });
    const { registry, preview, execute } = watchedRegistry();
    const turn = { conversationId, userId, messageId: randomUUID(), now: TEST_NOW, lang: 'en' as const, question: 'Please restart my modem' };

    const proposed = await proposeChange(db, { toolName: 'restart_modem', toolInput: {}, toolCallId: 'call-1', customerId, turn, connectors: registry });
    expect(proposed.ok).toBe(true);
    if (!proposed.ok) return;
    expect(preview).toHaveBeenCalledTimes(1);
    expect(execute).not.toHaveBeenCalled();

    const decide = () => decideApproval(db, { approvalId: proposed.card.approvalId, userId, decision: 'approve', lang: 'en', now: TEST_NOW, connectors: registry });
    expect(await decide()).toMatchObject({ status: 'decided', card: { status: 'executed' } });
    expect(await decide()).toMatchObject({ status: 'already_decided' });
    // Previewed again at decision time (terms re-checked), executed once, for the session's customer and this approval.
    expect(preview).toHaveBeenCalledTimes(2);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]![0]).toMatchObject({ customerId, actorUserId: userId, approvalId: proposed.card.approvalId, input: {} });
    expect((await auditRows(demo.database, customerId)).filter((r) => r.action === 'restart_modem')).toHaveLength(1);
  });

  it('proposes nothing for a write the registry does not hold', async () => {
    const db = demo.database.db;
    const { userId, customerId } = demo.ids.anna;
    const registry = createConnectorRegistry({ connectors: [], builtins: BUILTIN_CONNECTORS.filter((c) => c.name !== 'restart_modem'), secret: undefined });
    const turn = { conversationId: randomUUID(), userId, messageId: randomUUID(), now: TEST_NOW, lang: 'en' as const, question: 'Please restart my modem' };
    expect(await proposeChange(db, { toolName: 'restart_modem', toolInput: {}, toolCallId: 'call-1', customerId, turn, connectors: registry })).toMatchObject({ ok: false });
  });
});
