/**
 * Action connectors: a company's account action as one definition that calls its own HTTP API
 * (definition.ts has the guide and a complete example), or a tool of its MCP server (mcp.ts). The
 * registry (registry.ts, loaded from LANTERN_CONNECTORS_FILE and code-connectors.ts by
 * registry-load.ts) holds both kinds (connector.ts) and makes them chat tools
 * (lib/actions/tools/connector-tool.ts); writes go through the approval flow
 * (lib/actions/connector-approval.ts, decide.ts).
 */
export {
  defineHttpConnector,
  definitionProblems,
  httpConnectorDefinitionSchema,
  httpSpecSchema,
  ConnectorDefinitionError,
  DEFAULT_CODE_POINTER,
  DEFAULT_READ_RETRIES,
  DEFAULT_TIMEOUT_MS,
  HTTP_METHODS,
} from './definition';
export type { ConnectorInputSchema, ConnectorRisk, HttpConnector, HttpConnectorDefinition, HttpErrorRule, HttpMethod, HttpSpec, Localized } from './definition';
export { connectorConfigSchema, connectorFromConfig, parseConnectorsConfig, previewConfigSchema } from './config';
export type { ConnectorConfig, ConnectorsConfigResult, PreviewConfig } from './config';
export { jsonInputSchema, jsonSchemaToZod, JsonSchemaError, DEFAULT_MAX_LENGTH } from './json-schema';
export type { JsonInputSchema } from './json-schema';
export {
  CUSTOMER_HEADER,
  SIGNATURE_HEADER,
  DEFAULT_SIGNATURE_MAX_AGE_SECONDS,
  identityHeaders,
  isCustomerIdLike,
  mcpSignedTarget,
  verifyIdentitySignature,
} from './identity';
export type { SignatureCheck, SignedRequest, VerifyOptions } from './identity';
export { executeHttpConnector, connectorRefusal, DEFAULT_MAX_RESPONSE_BYTES } from './execute';
export type { ConnectorLogEntry, ConnectorResult, ExecuteContext, Fetch } from './execute';
export { previewConnector } from './preview';
export { isExternal, mcpConnector } from './connector';
export type { Connector, ExternalConnector, McpConnector } from './connector';
export { defineBuiltinConnector } from './builtin';
export type { BuiltinActor, BuiltinConnector, BuiltinConnectorDefinition, BuiltinScope } from './builtin';
export { callMcpTool, discoverMcpTools, mcpServerConfigSchema, resolveMcpHeaders } from './mcp';
export type { McpCallContext, McpServerConfig, McpTool } from './mcp';
export type { ConnectorCallOptions, ConnectorRegistry } from './registry';
