// Which address `npm start` listens on. Plain JavaScript, because scripts/start.mjs needs it
// before anything is compiled; lib/config.ts validates HOST with the same functions.
import net from 'node:net';

/** The environment variable through which scripts/start.mjs tells the server where it listens. */
export const LISTEN_HOST_ENV = 'LANTERN_LISTEN_HOST';

/** What "all interfaces" is reported as when Next's default (no -H) is used. */
export const ALL_INTERFACES = '0.0.0.0';

/** @param {string} host */
export function isValidHost(host) {
  if (net.isIP(host)) return true;
  if (host.length > 253) return false;
  return host.split('.').every((label) => /^[a-z\d-]{1,63}$/i.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/** Whether only this machine can reach an address. @param {string} host */
export function isLoopbackHost(host) {
  const h = host.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  // IPv4-mapped loopback (::ffff:127.0.0.1).
  return h.startsWith('::ffff:127.');
}

/** Empty strings count as unset, as in lib/config.ts. @param {string | undefined} value */
function setting(value) {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Whether the configuration may seed demo accounts (mirrors shouldSeedDemo in lib/startup.ts:
 * the embedded default with SEED_DEMO=auto, or SEED_DEMO=always).
 * @param {Record<string, string | undefined>} env
 */
export function demoMayBeSeeded(env) {
  const seedDemo = setting(env.SEED_DEMO) ?? 'auto';
  return seedDemo === 'always' || (seedDemo === 'auto' && setting(env.DATABASE_URL) === undefined);
}

/**
 * The address to listen on: HOST when set; otherwise loopback when demo accounts (published
 * password) may be seeded, else all interfaces (undefined: Next's default).
 * @param {Record<string, string | undefined>} env
 * @returns {string | undefined}
 */
export function listenHost(env) {
  return setting(env.HOST) ?? (demoMayBeSeeded(env) ? '127.0.0.1' : undefined);
}
