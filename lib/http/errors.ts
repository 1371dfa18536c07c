import { NextResponse } from 'next/server';
import { metrics } from '@/lib/observability/metrics';

/** Machine-readable error codes every API answers with, in { error: { code, message } }. */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'internal';

export function apiError(status: number, code: ApiErrorCode, message: string, headers?: HeadersInit): NextResponse {
  metrics().apiErrors.inc({ code, status: String(status) });
  return NextResponse.json({ error: { code, message } }, { status, headers });
}
