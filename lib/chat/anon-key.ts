import { createHash } from 'node:crypto';

/** What is stored for an anonymous chat session: the SHA-256 of its cookie token, never the token. */
export function anonKeyOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
