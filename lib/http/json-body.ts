import type { NextResponse } from 'next/server';
import type { z } from 'zod';
import { apiError } from './errors';

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

/** application/json, or a JSON-based type such as application/merge-patch+json, any parameters. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body with a size cap, then validates it. Every failure is a JSON error
 * that says what was wrong: 415 for a body not declared as JSON, 413 for an oversized body, 400
 * for bad JSON or a bad shape. Requiring the JSON content type also means a cross-site form or
 * "simple" fetch (text/plain, form types, or no type at all) can never reach a handler.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, { maxBytes }: { maxBytes: number }): Promise<ParsedBody<z.infer<S>>> {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    return { ok: false, response: apiError(415, 'unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.') };
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return { ok: false, response: apiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`) };
  let text: string;
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) return { ok: false, response: apiError(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes.`) };
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: apiError(400, 'bad_request', 'The request body could not be read as UTF-8 text.') };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(400, 'bad_request', 'The request body is not valid JSON.') };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    return { ok: false, response: apiError(400, 'bad_request', problems) };
  }
  return { ok: true, data: parsed.data };
}
