import { z } from 'zod';
import { REFUSAL_REASONS, type ActionPreview, type RefusalReason } from '@/lib/domain/account-tools';
import type { Locale } from '@/lib/i18n/locales';
import { CUSTOMER_HEADER, SIGNATURE_HEADER, isCustomerIdLike } from './identity';
import { isJsonPointer } from './json-pointer';
import { parseUrlTemplate, type UrlTemplate } from './url-template';

/**
 * # Action connectors: one definition per tool, calling the company's own HTTP API
 *
 * A company gives the chat an account action by describing one HTTP request: what the model may
 * fill in (`input`), where the request goes (`http.url`, `query`, `body`), which fields of the
 * answer the model sees (`http.response.map`) and how the API's errors read to the customer
 * (`http.errors`). Lantern adds who the customer is (identity.ts: a signed `Lantern-Customer`
 * header, never a model argument), sends it with a deadline, retries reads, never retries writes
 * (execute.ts), and turns every failure into a refusal with a sentence for the customer.
 *
 * ```ts
 * const orderStatus = defineHttpConnector({
 *   name: 'get_order_status',
 *   description: "Status and expected delivery date of one of the signed-in customer's orders.",
 *   input: z.object({ orderId: z.string().regex(/^[A-Z0-9-]{1,20}$/).describe('The order number, e.g. A-1001') }),
 *   risk: 'read',
 *   labels: { en: 'Order status', de: 'Bestellstatus', fr: 'Statut de la commande', it: "Stato dell'ordine" },
 *   http: {
 *     method: 'GET',
 *     url: 'https://api.example.com/orders/{orderId}',
 *     headers: { Authorization: 'Bearer ${ENV:ORDERS_API_TOKEN}' },
 *     response: { map: { status: '/order/status', eta: '/order/eta' } },
 *     errors: [{ status: 404, reason: 'not_found' }],
 *   },
 * });
 *
 * const cancelOrder = defineHttpConnector({
 *   name: 'cancel_order',
 *   description: "Cancels one of the signed-in customer's orders that has not shipped yet. Needs the customer's approval.",
 *   input: z.object({ orderId: z.string().regex(/^[A-Z0-9-]{1,20}$/) }),
 *   risk: 'write',
 *   labels: { en: 'Cancel order', de: 'Bestellung stornieren', fr: 'Annuler la commande', it: "Annullare l'ordine" },
 *   preview: ({ orderId }, lang) => ({
 *     title: { en: `Cancel order ${orderId}`, de: `Bestellung ${orderId} stornieren`, fr: `Annuler la commande ${orderId}`, it: `Annullare l'ordine ${orderId}` }[lang],
 *     changes: [{ label: 'Order', before: orderId, after: 'cancelled' }],
 *     notes: [],
 *   }),
 *   http: {
 *     method: 'POST',
 *     url: 'https://api.example.com/orders/{orderId}/cancel',
 *     headers: { Authorization: 'Bearer ${ENV:ORDERS_API_TOKEN}' },
 *     response: { map: { status: '/order/status' } },
 *     codePointer: '/error/code',
 *     errors: [
 *       { status: 409, code: 'already_cancelled', reason: 'request_refused', message: {
 *           en: 'This order is already cancelled.', de: 'Diese Bestellung ist bereits storniert.',
 *           fr: 'Cette commande est déjà annulée.', it: "Quest'ordine è già annullato." } },
 *       { status: [403, 404], reason: 'not_found' },
 *     ],
 *   },
 *   allowedOrigins: ['https://api.example.com'],
 * });
 *
 * const outcome = await executeHttpConnector(orderStatus, { orderId: 'A-1001' }, {
 *   customerId: session.customerId, secret: config.connectorSecret, env: config.env,
 *   allowedOrigins: ['https://api.example.com'], lang: 'de', signal,
 * });
 * // { ok: true, value: { status: 'shipped', eta: '2026-12-05' } } or a Refusal
 * ```
 *
 * The same two tools as JSON (a connectors config file, config.ts) replace the zod input with a
 * small JSON-schema subset (json-schema.ts) and the preview function with templates:
 *
 * ```json
 * { "connectors": [
 *   { "name": "cancel_order", "risk": "write", "description": "…", "labels": { "en": "Cancel order", … },
 *     "input": { "type": "object", "properties": { "orderId": { "type": "string", "pattern": "^[A-Z0-9-]{1,20}$" } }, "required": ["orderId"] },
 *     "preview": { "title": { "en": "Cancel order {orderId}", "de": "Bestellung {orderId} stornieren", … },
 *                  "changes": [{ "label": { "en": "Order", … }, "after": "{orderId}" }] },
 *     "http": { "method": "POST", "url": "https://api.example.com/orders/{orderId}/cancel", … } } ] }
 * ```
 *
 * Rules a definition is checked against (ConnectorDefinitionError lists every broken one):
 * - `name` is snake_case; `labels` name the tool for the customer in en, de, fr and it.
 * - No input field (at any depth) and no body field is named like the customer ("customerId",
 *   "customer_id", "customer", …): the customer comes from the session only.
 * - `http.url` is an absolute http(s) URL without credentials or fragment; `{field}` placeholders
 *   sit in the path only and name required input fields. Every input field is sent somewhere
 *   (path, `query`, or `body`).
 * - `headers` are fixed text; `${ENV:NAME}` in a value is read from the environment at execution
 *   (never logged, never in an error). Lantern's own headers, Host, Content-Type and the like are
 *   reserved.
 * - `body` is 'json' (the validated input as JSON) or `{ bodyField: inputField }`; never on GET.
 * - A read maps its answer (`response.map`: output field → JSON pointer); the model sees only
 *   those fields. A write may map its answer too; it has a `preview` (else a default one listing
 *   its input) and never retries. A read has no preview and retries up to `retries` times (0–5,
 *   default 2).
 * - `errors` map a non-2xx status (400–599), optionally with the `code` found at `codePointer`
 *   (default "/error/code") in the error body, to a refusal reason and, optionally, the customer's
 *   sentence in each language.
 * - `timeoutMs` (100–60000, default 8000) is the deadline of the whole call, retries included.
 * - `allowedOrigins`, when given, must hold the URL's origin; at execution the origin must be in
 *   it or in the caller's list.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type ConnectorRisk = 'read' | 'write';
/** A text per language of the chat. */
export type Localized = Record<Locale, string>;

export const DEFAULT_TIMEOUT_MS = 8_000;
export const DEFAULT_READ_RETRIES = 2;
export const DEFAULT_CODE_POINTER = '/error/code';

/** Any zod object; `defineHttpConnector` makes it strict (unknown fields are refused, not dropped). */
export type ConnectorInputSchema = z.ZodObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

export type HttpErrorRule = {
  status: number | readonly number[];
  /** Matched against the value at `codePointer` in the error body; without it, any body matches. */
  code?: string;
  reason: RefusalReason;
  /** The customer's sentence; without it, the reason's standard sentence (lib/actions/phrasing/refusals.ts). */
  message?: Localized;
};

export type HttpSpec = {
  method: HttpMethod;
  /** "https://api.example.com/orders/{orderId}" */
  url: string;
  /** Input fields sent as query parameters (when they have a value). */
  query?: readonly string[];
  /** Fixed headers; "${ENV:NAME}" in a value is resolved at execution. */
  headers?: Readonly<Record<string, string>>;
  /** 'json': the validated input as a JSON object; or { bodyField: inputField }. */
  body?: 'json' | Readonly<Record<string, string>>;
  /** Output field → JSON pointer into a 2xx answer (a missing value is null). */
  response?: { map: Readonly<Record<string, string>> };
  /** Where an error body holds its code; default "/error/code". */
  codePointer?: string;
  errors?: readonly HttpErrorRule[];
};

export type HttpConnectorDefinition<I extends ConnectorInputSchema = ConnectorInputSchema> = {
  name: string;
  /** For the model: what the tool does and when to use it. */
  description: string;
  input: I;
  risk: ConnectorRisk;
  /** The tool's name for the customer (approval card, history). */
  labels: Localized;
  /** Writes only: what the approval card shows before the customer decides. */
  preview?: (input: z.output<I>, lang: Locale) => ActionPreview;
  /**
   * Writes only: the input fields that say what changes, which the verifier compares with what the
   * customer's own words ask for. Default: the required fields.
   */
  keyArguments?: readonly (keyof z.output<I> & string)[];
  http: HttpSpec;
  timeoutMs?: number;
  /** Reads only (0–5, default 2); a write is never retried. */
  retries?: number;
  allowedOrigins?: readonly string[];
};

/** A checked definition with its defaults filled in: what execute.ts and preview.ts run. */
export type HttpConnector<I extends ConnectorInputSchema = ConnectorInputSchema> = {
  readonly kind: 'http';
  readonly name: string;
  readonly description: string;
  /** The definition's input schema, strict. */
  readonly input: z.ZodType<z.output<I>>;
  readonly risk: ConnectorRisk;
  readonly labels: Localized;
  readonly preview: ((input: z.output<I>, lang: Locale) => ActionPreview) | null;
  /** What the verifier compares (a write's; a read has none). */
  readonly keyArguments: readonly string[];
  readonly http: {
    readonly method: HttpMethod;
    readonly url: UrlTemplate;
    readonly query: readonly string[];
    readonly headers: Readonly<Record<string, string>>;
    readonly body: 'json' | Readonly<Record<string, string>> | null;
    readonly responseMap: Readonly<Record<string, string>> | null;
    readonly codePointer: string;
    readonly errors: readonly { statuses: readonly number[]; code: string | null; reason: RefusalReason; message: Localized | null }[];
  };
  readonly timeoutMs: number;
  readonly retries: number;
  readonly allowedOrigins: readonly string[];
};

/**
 * A write's default key arguments: the fields of its input a call cannot leave out. They say what
 * changes; optional ones (a free-text reason) may differ from what the customer's words give.
 */
export function requiredArguments(input: z.ZodType<Record<string, unknown>>): string[] {
  const shape = (input as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
  return Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

export class ConnectorDefinitionError extends Error {
  constructor(
    readonly connector: string,
    readonly problems: string[],
  ) {
    super(`connector ${connector || '(unnamed)'}: ${problems.join('; ')}`);
    this.name = 'ConnectorDefinitionError';
  }
}

// ---- The shape of a definition (shared with the JSON form in config.ts) ----------------------

export const connectorNameSchema = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, 'snake_case: lower-case letters and digits joined by single underscores');
const text = (max: number) => z.string().trim().min(1).max(max);
export const localizedSchema = z.object({ en: text(500), de: text(500), fr: text(500), it: text(500) }).strict();
const pointer = z.string().max(500).refine(isJsonPointer, 'a JSON pointer such as "/order/status"');
const status = z.number().int().min(400).max(599);
const fieldName = z.string().regex(/^[A-Z_]\w{0,63}$/i, 'a field name');

export const httpErrorRuleSchema = z
  .object({
    status: z.union([status, z.array(status).min(1).max(50)]),
    code: z.string().min(1).max(200).optional(),
    reason: z.enum(REFUSAL_REASONS),
    message: localizedSchema.optional(),
  })
  .strict();

export const httpSpecSchema = z
  .object({
    method: z.enum(HTTP_METHODS),
    url: z.string().min(1).max(2000),
    query: z.array(fieldName).max(50).optional(),
    headers: z.record(z.string().min(1).max(100), z.string().max(4000)).optional(),
    body: z.union([z.literal('json'), z.record(fieldName, fieldName)]).optional(),
    response: z.object({ map: z.record(z.string().min(1).max(64), pointer) }).strict().optional(),
    codePointer: pointer.optional(),
    errors: z.array(httpErrorRuleSchema).max(100).optional(),
  })
  .strict();

/** The fields a definition has in both forms (TypeScript and JSON). */
export const connectorCommonShape = {
  name: connectorNameSchema,
  description: text(2000),
  risk: z.enum(['read', 'write']),
  labels: z.object({ en: text(80), de: text(80), fr: text(80), it: text(80) }).strict(),
  http: httpSpecSchema,
  timeoutMs: z.number().int().min(100).max(60_000).optional(),
  retries: z.number().int().min(0).max(5).optional(),
  allowedOrigins: z.array(z.string().max(300)).max(50).optional(),
  keyArguments: z.array(fieldName).max(50).optional(),
};

/** A definition in TypeScript: zod input, preview function. */
export const httpConnectorDefinitionSchema = z
  .object({
    ...connectorCommonShape,
    input: z.custom<ConnectorInputSchema>((value) => value instanceof z.ZodObject, 'a zod object (z.object({...}))'),
    preview: z.custom<(input: unknown, lang: Locale) => ActionPreview>((value) => typeof value === 'function', 'a function').optional(),
  })
  .strict();

// ---- The rules beyond the shape --------------------------------------------------------------

const RESERVED_HEADERS = new Set(
  [CUSTOMER_HEADER, SIGNATURE_HEADER, 'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'idempotency-key', 'cookie'].map((h) => h.toLowerCase()),
);
const HEADER_NAME = /^[!#$%&'*+.^`|~\w-]+$/;
const ENV_REFERENCE = /\$\{ENV:([A-Za-z_]\w*)\}/g;

/** The environment variables a header value names ("Bearer ${ENV:TOKEN}" → ["TOKEN"]). */
export function envReferences(value: string): string[] {
  return [...value.matchAll(ENV_REFERENCE)].map((m) => m[1]!);
}

/** "https://api.example.com" for a valid http(s) origin, else null. */
export function normalizeOrigin(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // An origin is scheme, host and port only: "https://api.example.com/" is fine, "…/v1" is not.
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (!/^https?:\/\/[^/]+\/?$/i.test(origin.trim())) return null;
  return url.origin;
}

type Unwrappable = { _zod: { def: { type: string; innerType?: unknown; element?: unknown; options?: unknown[]; in?: unknown; out?: unknown; shape?: Record<string, unknown> } } };

/** Every object key in a zod schema, at any depth (objects, arrays, optionals, unions, pipes). */
function fieldNames(schema: unknown, depth = 0, path = ''): string[] {
  if (depth > 10 || !schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  const def = (schema as Unwrappable)._zod.def;
  const names: string[] = [];
  if (def.type === 'object' && def.shape) {
    for (const [key, value] of Object.entries(def.shape)) {
      const at = path ? `${path}.${key}` : key;
      names.push(at, ...fieldNames(value, depth + 1, at));
    }
  }
  for (const inner of [def.innerType, def.element, def.in, def.out, ...(def.options ?? [])]) names.push(...fieldNames(inner, depth + 1, path));
  return names;
}

/** Every rule a definition breaks, beyond its shape (see the module comment). */
export function definitionProblems(def: HttpConnectorDefinition): string[] {
  const problems: string[] = [];
  const shape = def.input.shape as Record<string, z.ZodType>;
  const inputFields = Object.keys(shape);
  const known = (field: string) => Object.hasOwn(shape, field);

  for (const name of fieldNames(def.input)) {
    if (isCustomerIdLike(name.split('.').at(-1)!)) {
      problems.push(`input field ${name} names the customer: Lantern sends the signed-in customer itself (${CUSTOMER_HEADER} header); the model may never pass one`);
    }
  }

  // URL and origins.
  const parsed = parseUrlTemplate(def.http.url);
  if (!parsed.ok) problems.push(...parsed.problems);
  const used = new Set<string>();
  if (parsed.ok) {
    for (const field of parsed.template.fields) {
      used.add(field);
      if (!known(field)) problems.push(`the URL placeholder {${field}} is not an input field`);
      else if (shape[field]!.safeParse(undefined).success) problems.push(`the URL placeholder {${field}} is an optional input field (path fields must be required)`);
    }
  }
  const origins = def.allowedOrigins ?? [];
  for (const origin of origins) if (normalizeOrigin(origin) === null) problems.push(`allowedOrigins: "${origin}" is not an http(s) origin (scheme, host and port only)`);
  if (parsed.ok && origins.length > 0 && !origins.map(normalizeOrigin).includes(parsed.template.origin)) {
    problems.push(`the URL's origin ${parsed.template.origin} is not in allowedOrigins`);
  }

  // Query, body, headers.
  for (const field of def.http.query ?? []) {
    used.add(field);
    if (!known(field)) problems.push(`query field ${field} is not an input field`);
  }
  const body = def.http.body;
  if (body !== undefined && def.http.method === 'GET') problems.push('a GET request has no body');
  if (body === 'json') inputFields.forEach((f) => used.add(f));
  else if (body) {
    for (const [bodyField, inputField] of Object.entries(body)) {
      used.add(inputField);
      if (isCustomerIdLike(bodyField)) problems.push(`body field ${bodyField} names the customer: Lantern sends the signed-in customer itself (${CUSTOMER_HEADER} header)`);
      if (!known(inputField)) problems.push(`body field ${bodyField} maps ${inputField}, which is not an input field`);
    }
  }
  for (const field of inputFields) if (!used.has(field)) problems.push(`input field ${field} is not sent (not in the URL, query or body)`);

  for (const [name, value] of Object.entries(def.http.headers ?? {})) {
    if (!HEADER_NAME.test(name)) problems.push(`header "${name}" is not a valid header name`);
    else if (RESERVED_HEADERS.has(name.toLowerCase())) problems.push(`header ${name} is set by Lantern and cannot be defined`);
    // Only names: a header value may be a secret written inline.
    if (/[\r\n\0]/.test(value)) problems.push(`header ${name}: the value has a line break`);
    if (value.replace(ENV_REFERENCE, '').includes('${')) problems.push(`header ${name}: only \${ENV:NAME} may be referenced in a value`);
  }

  // Risk.
  const mapped = def.http.response?.map ?? null;
  if (def.risk === 'read') {
    if (!mapped || Object.keys(mapped).length === 0) problems.push('a read maps its answer (http.response.map): the model sees only the mapped fields');
    if (def.preview) problems.push('a read has no preview (it runs without approval)');
    if (def.keyArguments) problems.push('a read has no keyArguments (nothing is verified before it runs)');
  } else if (def.retries !== undefined && def.retries > 0) {
    problems.push('a write is never retried (retries must be 0 or left out)');
  }
  for (const field of def.keyArguments ?? []) if (!known(field)) problems.push(`keyArguments: ${field} is not an input field`);
  if (def.http.errors?.some((rule) => rule.code !== undefined) && def.http.codePointer === '') problems.push('codePointer "" names the whole error body, not a code');
  return problems;
}

/**
 * Checks a definition and fills in its defaults. Throws ConnectorDefinitionError listing every
 * problem; a definition that passes cannot send the customer's identity from the model, leave
 * its origin, or retry a write.
 */
export function defineHttpConnector<I extends ConnectorInputSchema>(def: HttpConnectorDefinition<I>): HttpConnector<I> {
  const name = typeof def?.name === 'string' ? def.name : '';
  const shaped = httpConnectorDefinitionSchema.safeParse(def);
  if (!shaped.success) throw new ConnectorDefinitionError(name, shaped.error.issues.map((i) => `${i.path.join('.') || 'definition'}: ${i.message}`));
  const problems = definitionProblems(def as unknown as HttpConnectorDefinition);
  const parsed = parseUrlTemplate(def.http.url);
  if (problems.length > 0 || !parsed.ok) throw new ConnectorDefinitionError(name, problems);

  const rules = (def.http.errors ?? []).map((rule) => ({
    statuses: typeof rule.status === 'number' ? [rule.status] : [...rule.status],
    code: rule.code ?? null,
    reason: rule.reason,
    message: rule.message ?? null,
  }));
  return Object.freeze({
    kind: 'http',
    name: def.name,
    description: def.description,
    input: def.input.strict() as unknown as z.ZodType<z.output<I>>,
    risk: def.risk,
    labels: { ...def.labels },
    preview: def.preview ?? null,
    keyArguments: def.risk === 'write' ? [...(def.keyArguments ?? requiredArguments(def.input as unknown as z.ZodType<Record<string, unknown>>))] : [],
    http: Object.freeze({
      method: def.http.method,
      url: parsed.template,
      query: [...(def.http.query ?? [])],
      headers: { ...def.http.headers },
      body: def.http.body === undefined ? null : def.http.body === 'json' ? 'json' : { ...def.http.body },
      responseMap: def.http.response ? { ...def.http.response.map } : null,
      codePointer: def.http.codePointer ?? DEFAULT_CODE_POINTER,
      errors: rules,
    }),
    timeoutMs: def.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: def.risk === 'write' ? 0 : (def.retries ?? DEFAULT_READ_RETRIES),
    allowedOrigins: (def.allowedOrigins ?? []).map((o) => normalizeOrigin(o)!),
  } satisfies HttpConnector<I>);
}
