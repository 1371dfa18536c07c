import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHttpConnector } from './definition';
import { previewHttpConnector } from './preview';
import { cancelOrderDefinition, orderStatusDefinition } from './test-connectors';

const ORIGIN = 'https://api.example.com';

describe('previewHttpConnector', () => {
  it("runs the definition's preview on the validated input, in the customer's language", () => {
    const connector = defineHttpConnector(cancelOrderDefinition(ORIGIN));
    expect(previewHttpConnector(connector, { orderId: 'A-1002' }, 'fr')).toEqual({
      ok: true,
      value: { title: 'Annuler la commande A-1002', changes: [{ label: 'Order', before: 'A-1002', after: 'cancelled' }], notes: [] },
    });
    expect(previewHttpConnector(connector, { orderId: 'A-1002', customerId: 'cust-2002' }, 'de')).toMatchObject({ ok: false, reason: 'invalid_input' });
  });

  it('without a preview, shows the label and the input', () => {
    const def = cancelOrderDefinition(ORIGIN);
    const connector = defineHttpConnector({ ...def, input: z.object({ orderId: z.string(), reason: z.string().optional() }), preview: undefined });
    expect(previewHttpConnector(connector, { orderId: 'A-1002', reason: 'too late' }, 'it')).toEqual({
      ok: true,
      value: { title: "Annullare l'ordine", changes: [{ label: 'orderId', before: null, after: 'A-1002' }, { label: 'reason', before: null, after: 'too late' }], notes: [] },
    });
  });

  it('has nothing to show for a read', () => {
    expect(() => previewHttpConnector(defineHttpConnector(orderStatusDefinition(ORIGIN)), { orderId: 'A-1001' })).toThrow(/is a read/);
  });
});
