import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

/**
 * The TCP peer's address, as a request header only this server sets. Next.js keeps a client's own
 * X-Forwarded-For and drops the socket, so without this a route could only read what the client
 * chose to send. Node publishes every incoming request on the `http.server.request.start`
 * diagnostics channel before any handler runs; we overwrite the header there, so a value the
 * client sent under this name never survives.
 */
export const PEER_ADDRESS_HEADER = 'x-lantern-peer-address';

let installed = false;

export function installPeerAddressHeader(): void {
  if (installed) return;
  installed = true;
  subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage };
    const address = request.socket?.remoteAddress;
    if (address) request.headers[PEER_ADDRESS_HEADER] = address;
    else delete request.headers[PEER_ADDRESS_HEADER];
  });
}
