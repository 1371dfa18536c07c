import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { readJsonBody } from './json-body';

const schema = z.object({ n: z.number() }).strict();
const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers });

async function outcome(request: Request) {
  try {
    return { ok: true, data: await readJsonBody(request, schema, { maxBytes: 64 }) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status, error: { code: error.code, message: error.message } };
  }
}

describe('readJsonBody', () => {
  it('reads a JSON body of the declared type, with or without parameters', async () => {
    expect(await outcome(post('{"n":1}'))).toEqual({ ok: true, data: { n: 1 } });
    expect(await outcome(post('{"n":2}', { 'content-type': 'application/json; charset=utf-8' }))).toEqual({ ok: true, data: { n: 2 } });
    expect(await outcome(post('{"n":3}', { 'content-type': 'application/merge-patch+json' }))).toEqual({ ok: true, data: { n: 3 } });
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no content type', {}],
    ['a look-alike type', { 'content-type': 'application/jsonp' }],
  ])('refuses a body sent as %s with 415', async (_name, headers) => {
    // A Blob without a type: fetch adds no content type of its own.
    expect(await outcome(post(new Blob(['{"n":1}']), headers))).toMatchObject({ ok: false, status: 415, error: { code: 'unsupported_media_type' } });
  });

  it('answers 413, then 400 for bad bytes, bad JSON and a bad shape', async () => {
    expect(await outcome(post(JSON.stringify({ n: 1, pad: 'x'.repeat(100) })))).toMatchObject({ status: 413, error: { code: 'payload_too_large' } });
    expect(await outcome(post(new Uint8Array([0x7b, 0xff, 0x7d])))).toMatchObject({ status: 400, error: { message: expect.stringMatching(/UTF-8/) } });
    expect(await outcome(post('{"n":'))).toMatchObject({ status: 400, error: { message: expect.stringMatching(/not valid JSON/) } });
    expect(await outcome(post('{"n":"1"}'))).toMatchObject({ status: 400, error: { code: 'bad_request', message: expect.stringMatching(/^n: /) } });
  });

  it('stops reading a chunked body without Content-Length at the cap, without buffering the rest', async () => {
    let pulled = 0;
    // An endless stream of 16-byte chunks: only a reader that stops at the cap can finish.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('{"n":1,"pad":"xx'));
      },
    });
    const request = new Request('http://localhost/api/x', { method: 'POST', body: endless, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(await outcome(request)).toMatchObject({ ok: false, status: 413, error: { code: 'payload_too_large' } });
    // 64 bytes of cap = 4 full chunks and the one that crossed it (plus at most a read-ahead).
    expect(pulled).toBeLessThanOrEqual(7);
  });
});
