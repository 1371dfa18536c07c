import { z } from 'zod';
import type { ConnectorInputSchema, HttpConnectorDefinition } from './definition';

/** Keeps a definition's input type (so its preview is typed) without checking it yet. */
const definition = <I extends ConnectorInputSchema>(def: HttpConnectorDefinition<I>) => def;

/** The order-status read and cancel-order write of definition.ts's example, pointed at a test API. */

const orderId = z
  .string()
  .regex(/^[\w-]{1,20}$/)
  .describe('The order number, e.g. A-1001');

export const CANCEL_MESSAGES = {
  en: 'This order is already cancelled.',
  de: 'Diese Bestellung ist bereits storniert.',
  fr: 'Cette commande est déjà annulée.',
  it: "Quest'ordine è già annullato.",
};

export function orderStatusDefinition(origin: string) {
  return definition({
    name: 'get_order_status',
    description: "Status and expected delivery date of one of the signed-in customer's orders.",
    input: z.object({ orderId }),
    risk: 'read',
    labels: { en: 'Order status', de: 'Bestellstatus', fr: 'Statut de la commande', it: "Stato dell'ordine" },
    http: {
      method: 'GET',
      url: `${origin}/orders/{orderId}`,
      headers: { Authorization: 'Bearer ${ENV:ORDERS_API_TOKEN}' },
      response: { map: { status: '/order/status', eta: '/order/eta', carrier: '/order/carrier' } },
      errors: [{ status: 404, reason: 'not_found' }],
    },
  });
}

export function cancelOrderDefinition(origin: string) {
  return definition({
    name: 'cancel_order',
    description: "Cancels one of the signed-in customer's orders that has not shipped yet. Needs the customer's approval.",
    input: z.object({ orderId, reason: z.enum(['changed_mind', 'too_late']).optional() }),
    risk: 'write',
    labels: { en: 'Cancel order', de: 'Bestellung stornieren', fr: 'Annuler la commande', it: "Annullare l'ordine" },
    preview: ({ orderId: id }, lang) => ({
      title: { en: `Cancel order ${id}`, de: `Bestellung ${id} stornieren`, fr: `Annuler la commande ${id}`, it: `Annullare l'ordine ${id}` }[lang],
      changes: [{ label: 'Order', before: id, after: 'cancelled' }],
      notes: [],
    }),
    http: {
      method: 'POST',
      url: `${origin}/orders/{orderId}/cancel`,
      headers: { Authorization: 'Bearer ${ENV:ORDERS_API_TOKEN}' },
      body: { cancelReason: 'reason' },
      response: { map: { status: '/order/status' } },
      errors: [
        { status: 409, code: 'already_cancelled', reason: 'request_refused', message: CANCEL_MESSAGES },
        { status: [403, 404], reason: 'not_found' },
      ],
    },
    allowedOrigins: [origin],
  });
}

/** cancel_order as a connectors config entry (JSON). */
export function cancelOrderConfig(origin: string) {
  return {
    name: 'cancel_order',
    description: "Cancels one of the signed-in customer's orders that has not shipped yet. Needs the customer's approval.",
    risk: 'write',
    labels: { en: 'Cancel order', de: 'Bestellung stornieren', fr: 'Annuler la commande', it: "Annullare l'ordine" },
    input: {
      type: 'object',
      properties: {
        orderId: { type: 'string', pattern: '^[\\w-]{1,20}$', description: 'The order number, e.g. A-1001' },
        reason: { enum: ['changed_mind', 'too_late'] },
      },
      required: ['orderId'],
    },
    preview: {
      title: { en: 'Cancel order {orderId}', de: 'Bestellung {orderId} stornieren', fr: 'Annuler la commande {orderId}', it: "Annullare l'ordine {orderId}" },
      changes: [
        { label: { en: 'Order', de: 'Bestellung', fr: 'Commande', it: 'Ordine' }, before: '{orderId}', after: { en: 'cancelled', de: 'storniert', fr: 'annulée', it: 'annullato' } },
      ],
      notes: [{ en: 'Reason: {reason}', de: 'Grund: {reason}', fr: 'Motif : {reason}', it: 'Motivo: {reason}' }],
    },
    http: {
      method: 'POST',
      url: `${origin}/orders/{orderId}/cancel`,
      body: 'json',
      response: { map: { status: '/order/status' } },
      errors: [{ status: 409, code: 'already_cancelled', reason: 'request_refused', message: CANCEL_MESSAGES }],
    },
  };
}

/** get_order_status as a connectors config entry (JSON). */
export function orderStatusConfig(origin: string) {
  return {
    name: 'get_order_status',
    description: "Status and expected delivery date of one of the signed-in customer's orders.",
    risk: 'read',
    labels: { en: 'Order status', de: 'Bestellstatus', fr: 'Statut de la commande', it: "Stato dell'ordine" },
    input: {
      type: 'object',
      properties: { orderId: { type: 'string', pattern: '^[\\w-]{1,20}$', description: 'The order number, e.g. A-1001' } },
      required: ['orderId'],
    },
    http: {
      method: 'GET',
      url: `${origin}/orders/{orderId}`,
      response: { map: { status: '/order/status', eta: '/order/eta' } },
      errors: [{ status: 404, reason: 'not_found' }],
    },
  };
}
