import type { ConnectorRisk, Localized } from './definition';
import { CUSTOMER_HEADER, mcpSignedTarget, SIGNATURE_HEADER, verifyIdentitySignature } from './identity';
import { startTestMcpServer, type TestMcpServer } from './test-mcp-server';

/**
 * A made-up company "parcels" MCP server on 127.0.0.1 for the MCP connector tests (vitest and
 * e2e), the way a company would build one behind Lantern: every tool call's Lantern signature is
 * checked (over the tool and its arguments, mcp.ts) and the tool acts only for the customer of
 * the Lantern-Customer header.
 *
 *   track_parcel { parcelId }  the status and expected delivery of the customer's own parcel;
 *                              another customer's or an unknown parcel is an error (isError)
 *   hold_parcel  { parcelId }  keeps the customer's parcel at the depot; a parcel already held or
 *                              delivered is an error with the server's sentence
 *   badly signed: an error "bad signature", and nothing happens
 *
 * Which of them the chat may use, and as a read or as a write, is the config's choice
 * (parcelsServerConfig): the same tool can be either.
 */

export type Parcel = { id: string; customerId: string; status: 'in transit' | 'held' | 'delivered'; eta: string | null };

export type ParcelsMcp = {
  url: string;
  parcels: Map<string, Parcel>;
  /** Every tool call with its headers (TestMcpServer.calls). */
  calls: TestMcpServer['calls'];
  /** Every JSON-RPC method received. */
  methods: string[];
  /** No calls, no methods logged, no parcels. */
  reset(): void;
  close(): Promise<void>;
};

export const TRACK_PARCEL_LABELS: Localized = { en: 'Track parcel', de: 'Paket verfolgen', fr: 'Suivre le colis', it: 'Tracciare il pacco' };
export const HOLD_PARCEL_LABELS: Localized = { en: 'Hold parcel', de: 'Paket zurückhalten', fr: 'Retenir le colis', it: 'Trattenere il pacco' };

/** The server's sentence for a parcel it does not know for this customer (an isError answer). */
export const noParcelText = (id: string) => `There is no parcel ${id} for you.`;
/** The server's sentence for a parcel that cannot be held (an isError answer). */
export const notHoldableText = (id: string, status: string) => `Parcel ${id} is ${status} and cannot be held.`;

const parcelInput = {
  type: 'object',
  properties: { parcelId: { type: 'string', pattern: '^P-\\d{1,8}$', description: 'The parcel number, e.g. P-1' } },
  required: ['parcelId'],
  additionalProperties: false,
};

/** A config entry (mcpServers[…]) for the server, with the tools and risks given. */
export function parcelsServerConfig(url: string, tools: { track_parcel?: ConnectorRisk; hold_parcel?: ConnectorRisk }) {
  const labels = { track_parcel: TRACK_PARCEL_LABELS, hold_parcel: HOLD_PARCEL_LABELS };
  return {
    name: 'parcels',
    url,
    tools: Object.fromEntries(Object.entries(tools).map(([name, risk]) => [name, { risk, labels: labels[name as keyof typeof labels] }])),
  };
}

export async function startParcelsMcp({ secret }: { secret: string }): Promise<ParcelsMcp> {
  const parcels = new Map<string, Parcel>();
  /** The parcel the signed call names, if it is the caller's; else the error to answer with. */
  const ownParcel = (tool: string, args: Record<string, unknown>, headers: Record<string, string | string[] | undefined>): Parcel | { text: string; isError: true } => {
    const customerId = String(headers[CUSTOMER_HEADER.toLowerCase()] ?? '');
    const check = verifyIdentitySignature({
      secret,
      signature: String(headers[SIGNATURE_HEADER.toLowerCase()] ?? ''),
      customerId,
      method: 'POST',
      pathWithQuery: mcpSignedTarget(tool),
      body: JSON.stringify(args),
    });
    if (!check.ok) return { text: 'bad signature', isError: true };
    const id = String(args.parcelId);
    const parcel = parcels.get(id);
    return parcel && parcel.customerId === customerId ? parcel : { text: noParcelText(id), isError: true };
  };

  const server = await startTestMcpServer({
    tools: [
      {
        name: 'track_parcel',
        description: "Status and expected delivery date of one of the signed-in customer's parcels.",
        inputSchema: parcelInput,
        call: (args, headers) => {
          const parcel = ownParcel('track_parcel', args, headers);
          if ('isError' in parcel) return parcel;
          return { text: `Parcel ${parcel.id} is ${parcel.status}.`, structured: { status: parcel.status, eta: parcel.eta } };
        },
      },
      {
        name: 'hold_parcel',
        description: "Keeps one of the signed-in customer's parcels at the depot instead of delivering it. Needs the customer's approval.",
        inputSchema: parcelInput,
        call: (args, headers) => {
          const parcel = ownParcel('hold_parcel', args, headers);
          if ('isError' in parcel) return parcel;
          if (parcel.status !== 'in transit') return { text: notHoldableText(parcel.id, parcel.status), isError: true };
          parcel.status = 'held';
          // Text only, as many MCP tools answer.
          return { text: `Parcel ${parcel.id} will be held at the depot.` };
        },
      },
    ],
  });
  return {
    url: server.url,
    parcels,
    calls: server.calls,
    methods: server.methods,
    reset() {
      parcels.clear();
      server.calls.length = 0;
      server.methods.length = 0;
    },
    close: () => server.close(),
  };
}
