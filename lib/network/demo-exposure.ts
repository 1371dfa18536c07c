import { ALL_INTERFACES, isLoopbackHost } from './listen-host.mjs';

/**
 * What the server does at start about demo accounts (published password) and the address it
 * listens on: nothing to say without active demo accounts; one info line on loopback; refuse on a
 * network address unless the operator opted in (then warn); warn when the address is unknown
 * (started with `next start` directly, whose default is every interface).
 */
export type DemoExposure =
  | { kind: 'none' }
  | { kind: 'loopback' | 'unknown' | 'allowed' | 'refused'; message: string };

const WAYS_OUT = 'set SEED_DEMO=never to disable them, or DEMO_ON_NETWORK=allow to run the demo on a network on purpose';

export function demoExposure({
  activeDemoAccounts,
  address,
  demoOnNetwork,
}: {
  activeDemoAccounts: number;
  /** Where npm start listens (LANTERN_LISTEN_HOST); undefined when started some other way. */
  address: string | undefined;
  demoOnNetwork: 'refuse' | 'allow';
}): DemoExposure {
  if (activeDemoAccounts === 0) return { kind: 'none' };
  const accounts = `${activeDemoAccounts} demo account${activeDemoAccounts === 1 ? '' : 's'} with the published password`;
  if (address === undefined) {
    return {
      kind: 'unknown',
      message: `${accounts} active, and the listening address is unknown (started without npm start; next start listens on every interface unless given -H): bind to 127.0.0.1, or ${WAYS_OUT}`,
    };
  }
  const where = address === ALL_INTERFACES ? 'every interface' : address;
  if (isLoopbackHost(address)) {
    return {
      kind: 'loopback',
      message: `${accounts} active: listening on ${where} only, so only this machine can reach it. To serve on a network, ${WAYS_OUT}`,
    };
  }
  if (demoOnNetwork === 'allow') {
    return { kind: 'allowed', message: `${accounts} active on ${where} (DEMO_ON_NETWORK=allow): anyone who can reach this server can sign in as the demo admin` };
  }
  return {
    kind: 'refused',
    message: `${accounts} active, and the server would listen on ${where} (HOST), not on loopback only: ${WAYS_OUT}`,
  };
}
