import { NextResponse } from 'next/server';

/** Machine-readable error codes every API answers with, in { error: { code, message } }. */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unavailable'
  | 'internal';

export function apiError(status: number, code: ApiErrorCode, message: string, headers?: HeadersInit): NextResponse {
  return NextResponse.json({ error: { code, message } }, { status, headers });
}
