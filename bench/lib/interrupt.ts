/**
 * Ctrl-C handling shared by the benchmark scripts: the first signal aborts the run (requests
 * stop, apps are stopped, nothing is printed), a second one exits at once.
 */
export const interrupt = new AbortController();

export class Interrupted extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`Interrupted (${signal}).`);
  }
}

export function throwIfInterrupted(): void {
  if (interrupt.signal.aborted) throw interrupt.signal.reason;
}

/** Installs the handlers; `onHardStop` runs on the second signal (kill what was started, synchronously). */
export function handleInterrupts(onHardStop: () => void): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) {
      onHardStop();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    console.error(`\n${signal}: stopping…`);
    interrupt.abort(new Interrupted(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.once('exit', onHardStop);
}

export function exitCodeFor(error: unknown): number {
  return error instanceof Interrupted ? (error.signal === 'SIGINT' ? 130 : 143) : 1;
}
