import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CUSTOMER_HEADER, SIGNATURE_HEADER, verifyIdentitySignature, type SignatureCheck } from './identity';

/**
 * A made-up company "orders" API on 127.0.0.1 for the connector tests (and later the e2e), the
 * way a company would build one behind Lantern: it checks the Lantern signature on every request
 * and acts only for the customer of the Lantern-Customer header.
 *
 *   GET  /orders/:id         200 { order: { id, status, eta } } for the customer's own order,
 *                            404 { error: { code: 'not_found' } } otherwise
 *   POST /orders/:id/cancel  200 { order } the first time; 409 { error: { code: 'already_cancelled' } }
 *                            after; 403 { error: { code: 'forbidden' } } for another customer's order;
 *                            404 for an unknown one
 *   anything unsigned or badly signed: 401 { error: { code: 'bad_signature' } }
 *
 * Every request is logged (method, target, headers, body, the customer it received and the
 * signature check). `queue` scripts the next answers (a status, a slow or hanging answer, a
 * dropped connection) ahead of the normal handling, for retries, timeouts and oversized bodies.
 */

export type Order = { id: string; customerId: string; status: 'processing' | 'shipped' | 'cancelled'; eta: string | null };

export type OrdersApiRequest = {
  method: string;
  /** Path and query as received. */
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The Lantern-Customer header's value: the customer the API acts for. */
  customerId: string | null;
  signature: SignatureCheck;
  status: number | null;
};

export type ScriptedAnswer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number; chunked?: boolean }
  | { hang: true }
  | { drop: true };

export type OrdersApi = {
  origin: string;
  url(path: string): string;
  orders: Map<string, Order>;
  requests: OrdersApiRequest[];
  /** Answers for the next requests, in order, before the normal handling (signatures are still checked and logged). */
  queue(...answers: ScriptedAnswer[]): void;
  /** Fresh orders, no requests, nothing queued. */
  reset(): void;
  close(): Promise<void>;
};

export const ORDERS_CUSTOMER = 'cust-1001';
export const OTHER_CUSTOMER = 'cust-2002';

export function demoOrders(): Order[] {
  return [
    { id: 'A-1001', customerId: ORDERS_CUSTOMER, status: 'shipped', eta: '2026-12-05' },
    { id: 'A-1002', customerId: ORDERS_CUSTOMER, status: 'processing', eta: '2026-12-09' },
    { id: 'B-2001', customerId: OTHER_CUSTOMER, status: 'processing', eta: null },
  ];
}

export async function startOrdersApi(options: { secret: string | string[]; maxAgeSeconds?: number }): Promise<OrdersApi> {
  const orders = new Map<string, Order>();
  const requests: OrdersApiRequest[] = [];
  let scripted: ScriptedAnswer[] = [];
  const reset = () => {
    orders.clear();
    for (const order of demoOrders()) orders.set(order.id, { ...order });
    requests.length = 0;
    scripted = [];
  };
  reset();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const customerHeader = req.headers[CUSTOMER_HEADER.toLowerCase()];
      const customerId = typeof customerHeader === 'string' ? customerHeader : null;
      const signatureHeader = req.headers[SIGNATURE_HEADER.toLowerCase()];
      const signature = verifyIdentitySignature({
        secret: options.secret,
        signature: typeof signatureHeader === 'string' ? signatureHeader : null,
        customerId: customerId ?? '',
        method: req.method ?? 'GET',
        pathWithQuery: req.url ?? '/',
        body,
        maxAgeSeconds: options.maxAgeSeconds,
      });
      const entry: OrdersApiRequest = { method: req.method ?? '', target: req.url ?? '', headers: req.headers, body, customerId, signature, status: null };
      requests.push(entry);
      const send = (status: number, json: unknown) => {
        entry.status = status;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };

      const next = scripted.shift();
      if (next) return answerScripted(next, entry, res);
      if (!signature.ok || !customerId) return send(401, { error: { code: 'bad_signature' } });

      const path = new URL(req.url ?? '/', 'http://orders.test').pathname;
      const read = /^\/orders\/([^/]+)$/.exec(path);
      const cancel = /^\/orders\/([^/]+)\/cancel$/.exec(path);
      const order = orders.get(decodeURIComponent((read ?? cancel)?.[1] ?? ''));
      const view = (o: Order) => ({ order: { id: o.id, status: o.status, eta: o.eta } });
      if (req.method === 'GET' && read) {
        return order && order.customerId === customerId ? send(200, view(order)) : send(404, { error: { code: 'not_found' } });
      }
      if (req.method === 'POST' && cancel) {
        if (!order) return send(404, { error: { code: 'not_found' } });
        if (order.customerId !== customerId) return send(403, { error: { code: 'forbidden' } });
        if (order.status === 'cancelled') return send(409, { error: { code: 'already_cancelled', message: 'This order is already cancelled.' } });
        order.status = 'cancelled';
        order.eta = null;
        return send(200, view(order));
      }
      return send(404, { error: { code: 'no_route' } });
    });
  });

  const hanging = new Set<ServerResponse>();
  function answerScripted(answer: ScriptedAnswer, entry: OrdersApiRequest, res: ServerResponse): void {
    if ('hang' in answer) {
      hanging.add(res);
      return;
    }
    if ('drop' in answer) {
      res.socket?.destroy();
      return;
    }
    entry.status = answer.status;
    const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    const headers: Record<string, string> = { 'content-type': 'application/json', ...answer.headers };
    const write = () => {
      if (answer.chunked) {
        // No Content-Length: the client can only find the size by reading.
        res.writeHead(answer.status, headers);
        const buffer = Buffer.from(text);
        for (let at = 0; at < buffer.length; at += 16 * 1024) res.write(buffer.subarray(at, at + 16 * 1024));
        res.end();
      } else {
        res.writeHead(answer.status, { ...headers, 'content-length': String(Buffer.byteLength(text)) }).end(text);
      }
    };
    if (answer.delayMs) setTimeout(write, answer.delayMs);
    else write();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    orders,
    requests,
    queue: (...answers) => scripted.push(...answers),
    reset,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
