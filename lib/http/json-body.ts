import type { NextResponse } from 'next/server';
import type { z } from 'zod';
import { apiError } from './errors';

export type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

/**
 * Reads a JSON request body with a size cap, then validates it. Every failure is a JSON error
 * that says what was wrong: 413 for an oversized body, 400 for bad JSON or a bad shape.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, { maxBytes }: { maxBytes: number }): Promise<ParsedBody<z.infer<S>>> {
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
