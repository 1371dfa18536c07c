import type { z } from 'zod';
import { ApiError } from './api-error';
import { BodyTooLargeError, readBodyBytes } from './body';
import { zodProblems } from './errors';

/** application/json, or a JSON-based type such as application/merge-patch+json, any parameters. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body with a size cap enforced while it streams, then validates it. Every
 * failure is an ApiError that says what was wrong: 415 for a body not declared as JSON, 413 for
 * an oversized body, 400 for bad JSON or a bad shape. Requiring the JSON content type also means
 * a cross-site form or "simple" fetch (text/plain, form types, or no type at all) can never reach
 * a handler.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, { maxBytes }: { maxBytes: number }): Promise<z.infer<S>> {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readBodyBytes(request, { maxBytes }));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, 'payload_too_large', error.message);
    throw new ApiError(400, 'bad_request', 'The request body could not be read as UTF-8 text.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'bad_request', zodProblems(parsed.error));
  return parsed.data;
}
