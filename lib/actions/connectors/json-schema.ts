import { z } from 'zod';

/**
 * The input of a connector written as JSON (a connectors config file): a small subset of JSON
 * Schema, converted to the zod object the tool validates with.
 *
 *   { "type": "object",
 *     "properties": {
 *       "orderId": { "type": "string", "pattern": "^[A-Z0-9-]+$", "maxLength": 20, "description": "The order number" },
 *       "reason":  { "type": "string", "enum": ["changed_mind", "too_late"] },
 *       "count":   { "type": "integer", "minimum": 1, "maximum": 12 },
 *       "amount":  { "type": "number", "minimum": 0 },
 *       "express": { "type": "boolean" } },
 *     "required": ["orderId"] }
 *
 * Supported: an object of string (minLength, maxLength, pattern, enum), number and integer
 * (minimum, maximum), boolean and enum ({ "enum": [...] } of strings) properties, each with an
 * optional description for the model, and a `required` list. Nothing else: no nesting, arrays,
 * $ref, formats or combinators; an unknown keyword is an error rather than silently ignored.
 * Extra properties are always rejected (the object is strict). A string without maxLength may be
 * at most DEFAULT_MAX_LENGTH characters; a pattern runs only on strings within that length.
 */

export const DEFAULT_MAX_LENGTH = 500;
const MAX_LENGTH_LIMIT = 10_000;

const description = z.string().max(1000).optional();
const length = z.number().int().min(0).max(MAX_LENGTH_LIMIT).optional();

const stringProperty = z
  .object({
    type: z.literal('string'),
    description,
    minLength: length,
    maxLength: length,
    pattern: z.string().min(1).max(500).optional(),
    enum: z.array(z.string().max(200)).min(1).max(100).optional(),
  })
  .strict();
const numberProperty = z
  .object({ type: z.enum(['number', 'integer']), description, minimum: z.number().optional(), maximum: z.number().optional() })
  .strict();
const booleanProperty = z.object({ type: z.literal('boolean'), description }).strict();
const enumProperty = z
  .object({ enum: z.array(z.string().max(200)).min(1).max(100), description })
  .strict();

export const jsonPropertySchema = z.union([stringProperty, numberProperty, booleanProperty, enumProperty]);
export type JsonProperty = z.infer<typeof jsonPropertySchema>;

export const jsonInputSchema = z
  .object({
    type: z.literal('object'),
    description,
    properties: z.record(z.string().regex(/^[A-Z_]\w{0,63}$/i, 'a property name: letters, digits and _, starting with a letter or _'), jsonPropertySchema),
    required: z.array(z.string()).optional(),
    additionalProperties: z.literal(false).optional(),
  })
  .strict();
export type JsonInputSchema = z.infer<typeof jsonInputSchema>;

export class JsonSchemaError extends Error {
  constructor(readonly problems: string[]) {
    super(`input schema: ${problems.join('; ')}`);
    this.name = 'JsonSchemaError';
  }
}

function stringField(property: z.infer<typeof stringProperty>, name: string, problems: string[]): z.ZodType {
  if (property.enum) {
    if (property.pattern !== undefined || property.minLength !== undefined || property.maxLength !== undefined) {
      problems.push(`${name}: an enum has no pattern, minLength or maxLength`);
    }
    return z.enum(property.enum as [string, ...string[]]);
  }
  const max = property.maxLength ?? DEFAULT_MAX_LENGTH;
  if (property.minLength !== undefined && property.minLength > max) problems.push(`${name}: minLength is above maxLength`);
  // The length checks abort, so a pattern never runs on an overlong string.
  let field = z.string().max(max, { abort: true });
  if (property.minLength !== undefined) field = field.min(property.minLength, { abort: true });
  if (property.pattern !== undefined) {
    try {
      field = field.regex(new RegExp(property.pattern, 'u'), `does not match ${property.pattern}`);
    } catch {
      problems.push(`${name}: the pattern is not a valid regular expression`);
    }
  }
  return field;
}

function numberField(property: z.infer<typeof numberProperty>, name: string, problems: string[]): z.ZodType {
  let field = property.type === 'integer' ? z.number().int() : z.number();
  if (property.minimum !== undefined) field = field.min(property.minimum);
  if (property.maximum !== undefined) field = field.max(property.maximum);
  if (property.minimum !== undefined && property.maximum !== undefined && property.minimum > property.maximum) problems.push(`${name}: minimum is above maximum`);
  return field;
}

function field(property: JsonProperty, name: string, problems: string[]): z.ZodType {
  if (!('type' in property)) return z.enum(property.enum as [string, ...string[]]);
  if (property.type === 'string') return stringField(property, name, problems);
  if (property.type === 'boolean') return z.boolean();
  return numberField(property, name, problems);
}

/** The zod object for a JSON input schema; throws JsonSchemaError listing every problem. */
export function jsonSchemaToZod(schema: unknown): z.ZodObject {
  const parsed = jsonInputSchema.safeParse(schema);
  if (!parsed.success) throw new JsonSchemaError(parsed.error.issues.map((i) => `${i.path.join('.') || 'schema'}: ${i.message}`));
  const problems: string[] = [];
  const { properties, required = [] } = parsed.data;
  for (const name of required) if (!Object.hasOwn(properties, name)) problems.push(`required names ${name}, which is not a property`);
  if (new Set(required).size !== required.length) problems.push('required lists a property twice');

  const shape: Record<string, z.ZodType> = {};
  for (const [name, property] of Object.entries(properties)) {
    let zodField = field(property, name, problems);
    if (property.description) zodField = zodField.describe(property.description);
    shape[name] = required.includes(name) ? zodField : zodField.optional();
  }
  if (problems.length > 0) throw new JsonSchemaError(problems);
  const object = z.object(shape).strict();
  return parsed.data.description ? object.describe(parsed.data.description) : object;
}
