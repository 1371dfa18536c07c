import path from 'node:path';
import { connectorFromConfig } from '@/lib/actions/connectors/config';
import { createConnectorRegistry, type ConnectorRegistry } from '@/lib/actions/connectors/registry';
import { cancelOrderConfig, orderStatusConfig } from '@/lib/actions/connectors/test-connectors';

/**
 * The action evaluation of connector tools: the example orders connectors (an order-status read
 * and a cancel-order write, as a company writes them in its connectors file; the e2e's test API
 * serves them) next to the built-in tools, with their own cases. A company's connector is
 * evaluated the same way: its definition, and a JSONL file of requests and expected calls.
 */
export const EXAMPLE_CONNECTOR_CASES = path.join('lib', 'actions', 'connectors', 'test-connectors.actions.jsonl');

/** The registry the cases are read against: the built-in tools and the two example connectors. Nothing is sent. */
export function exampleConnectorRegistry(): ConnectorRegistry {
  // An address nothing listens on: an evaluation only looks at the call the model proposes.
  const origin = 'http://127.0.0.1:9';
  return createConnectorRegistry({
    connectors: [connectorFromConfig(orderStatusConfig(origin)), connectorFromConfig(cancelOrderConfig(origin))],
    secret: 'evaluation-only-secret-nothing-is-signed',
  });
}
