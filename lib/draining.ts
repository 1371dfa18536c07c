/**
 * Whether this instance is shutting down, and the signal that cuts long work at the end of the
 * grace period. Its own small module: every API route reads it (lib/observability/instrument-route.ts),
 * while the shutdown sequence itself (lib/shutdown.ts) pulls in the job machinery.
 * On globalThis: Next may load this module in several bundles, and all must see one state.
 */
type State = { draining: boolean; since: number; grace: AbortController };
const holder = globalThis as typeof globalThis & { __lanternDraining?: State };

function state(): State {
  holder.__lanternDraining ??= { draining: false, since: 0, grace: new AbortController() };
  return holder.__lanternDraining;
}

export function isDraining(): boolean {
  return state().draining;
}

/** Aborted when the shutdown grace period is over: long-running work (chat answers) listens to it. */
export function shutdownSignal(): AbortSignal {
  return state().grace.signal;
}

/** Marks the instance draining; false when it already was (a second signal). */
export function beginDraining(): boolean {
  const s = state();
  if (s.draining) return false;
  s.draining = true;
  s.since = Date.now();
  return true;
}

export function endGracePeriod(): void {
  state().grace.abort(new Error('The server is restarting.'));
}

export function drainingForMs(): number {
  return Date.now() - state().since;
}
