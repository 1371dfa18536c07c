import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { metrics } from '@/lib/observability/metrics';

/** Machine-readable error codes every API answers with, in { error: { code, message } }. */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'internal';

export function apiError(status: number, code: ApiErrorCode, message: string, headers?: HeadersInit): NextResponse {
  metrics().apiErrors.inc({ code, status: String(status) });
  return NextResponse.json({ error: { code, message } }, { status, headers });
}

/** "field: problem; other.field: problem" — what a 400 says about a failed zod parse. */
export function zodProblems(error: z.ZodError, fallbackPath = 'body'): string {
  return error.issues.map((i) => `${i.path.join('.') || fallbackPath}: ${i.message}`).join('; ');
}
