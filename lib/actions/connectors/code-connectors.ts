import type { HttpConnector } from './definition';

/**
 * Connectors defined in TypeScript (defineHttpConnector, see definition.ts), for a company that
 * builds Lantern itself and wants a preview function or zod refinements a JSON file cannot
 * express. They join the connectors config file's in one registry (registry.ts); a name used
 * in both stops the server at start.
 *
 *   export const CODE_CONNECTORS: readonly HttpConnector[] = [defineHttpConnector({ name: 'get_order_status', … })];
 */
export const CODE_CONNECTORS: readonly HttpConnector[] = [];
