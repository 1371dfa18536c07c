import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The widget's visitor token. Inside a frame on another site the chat's cookie is not sent
 * (SameSite), so the widget keeps this token in its own storage and sends it in a header. Only
 * tokens this server issued are accepted (an HMAC with a key derived from the auth secret):
 * a client cannot invent a fresh visitor per request to shed the per-visitor limits, since
 * issuing one counts as a new visitor for its address, as a new chat cookie does.
 */
export { VISITOR_HEADER } from './headers';

const FORMAT = /^([\w-]{43})\.([\w-]{43})$/;

function mac(secret: string, id: string): Buffer {
  // A purpose-bound key, so no other HMAC made with the auth secret can pass as a visitor token.
  const key = createHmac('sha256', secret).update('lantern widget visitor token').digest();
  return createHmac('sha256', key).update(id).digest();
}

export function issueVisitorToken(secret: string): string {
  const id = randomBytes(32).toString('base64url');
  return `${id}.${mac(secret, id).toString('base64url')}`;
}

export function isValidVisitorToken(secret: string, token: string | null | undefined): token is string {
  const match = token ? FORMAT.exec(token) : null;
  if (!match) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, match[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
