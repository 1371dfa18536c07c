import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcpConnector } from './connector';
import { defineHttpConnector } from './definition';
import { mcpServerConfigSchema } from './mcp';
import { HOLD_PARCEL_LABELS } from './test-parcels-mcp';
import { previewConnector } from './preview';
import { cancelOrderDefinition, orderStatusDefinition } from './test-connectors';

const ORIGIN = 'https://api.example.com';

describe('previewConnector (HTTP)', () => {
  it("runs the definition's preview on the validated input, in the customer's language", () => {
    const connector = defineHttpConnector(cancelOrderDefinition(ORIGIN));
    expect(previewConnector(connector, { orderId: 'A-1002' }, 'fr')).toEqual({
      ok: true,
      value: { title: 'Annuler la commande A-1002', changes: [{ label: 'Order', before: 'A-1002', after: 'cancelled' }], notes: [] },
    });
    expect(previewConnector(connector, { orderId: 'A-1002', customerId: 'cust-2002' }, 'de')).toMatchObject({ ok: false, reason: 'invalid_input' });
  });

  it('without a preview, shows the label and the input', () => {
    const def = cancelOrderDefinition(ORIGIN);
    const connector = defineHttpConnector({ ...def, input: z.object({ orderId: z.string(), reason: z.string().optional() }), preview: undefined });
    expect(previewConnector(connector, { orderId: 'A-1002', reason: 'too late' }, 'it')).toEqual({
      ok: true,
      value: { title: "Annullare l'ordine", changes: [{ label: 'orderId', before: null, after: 'A-1002' }, { label: 'reason', before: null, after: 'too late' }], notes: [] },
    });
  });

  it('has nothing to show for a read', () => {
    expect(() => previewConnector(defineHttpConnector(orderStatusDefinition(ORIGIN)), { orderId: 'A-1001' })).toThrow(/is a read/);
  });
});

describe('previewConnector (MCP)', () => {
  const server = mcpServerConfigSchema.parse({ name: 'parcels', url: 'http://127.0.0.1:1/mcp', tools: { hold_parcel: { risk: 'write', labels: HOLD_PARCEL_LABELS } } });
  const input = z.object({ parcelId: z.string().regex(/^P-\d+$/), note: z.string().optional() }).strict();

  it('shows the label of the config in the customer’s language and the arguments; refuses arguments the tool does not take', () => {
    const hold = mcpConnector({ server, name: 'hold_parcel', description: 'Keeps a parcel at the depot.', input, risk: 'write', labels: HOLD_PARCEL_LABELS });
    expect(previewConnector(hold, { parcelId: 'P-1' }, 'de')).toEqual({
      ok: true,
      value: { title: 'Paket zurückhalten', changes: [{ label: 'parcelId', before: null, after: 'P-1' }], notes: [] },
    });
    expect(previewConnector(hold, { parcelId: 'P-1', customerId: 'AW-2' }, 'de')).toMatchObject({ ok: false, reason: 'invalid_input' });
  });

  it('has nothing to show for a tool the config makes a read', () => {
    const track = mcpConnector({ server, name: 'track_parcel', description: 'Where a parcel is.', input, risk: 'read' });
    expect(() => previewConnector(track, { parcelId: 'P-1' })).toThrow(/is a read/);
  });
});
