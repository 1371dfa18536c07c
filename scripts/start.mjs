// `npm start` (after scripts/ensure-build.mjs): `next start` on the address HOST names, or by
// default on loopback only where demo accounts with the published password may be seeded.
// Next runs in this process, so signals reach the server directly. The chosen address is passed
// to the server (LANTERN_LISTEN_HOST), which refuses to serve active demo accounts on a network.
import { createRequire } from 'node:module';
import { ALL_INTERFACES, LISTEN_HOST_ENV, isValidHost, listenHost } from '../lib/network/listen-host.mjs';

const args = process.argv.slice(2);
const flag = args.findIndex((a) => a === '-H' || a === '--hostname' || a.startsWith('--hostname='));
let host;
if (flag >= 0) {
  // An explicit -H wins, as it would with `next start`.
  host = args[flag].startsWith('--hostname=') ? args[flag].slice('--hostname='.length) : args[flag + 1];
} else {
  host = listenHost(process.env);
  if (host !== undefined && !isValidHost(host)) {
    // The same one-line JSON the server writes for invalid configuration; the value is not echoed.
    const msg = 'Lantern cannot start. Invalid configuration: HOST must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0';
    console.log(JSON.stringify({ level: 'fatal', time: new Date().toISOString(), msg }));
    process.exit(1);
  }
  if (host !== undefined) args.unshift('-H', host);
}
process.env[LISTEN_HOST_ENV] = host ?? ALL_INTERFACES;

const require = createRequire(import.meta.url);
const next = require.resolve('next/dist/bin/next');
process.argv = [process.argv[0], next, 'start', ...args];
require(next);
