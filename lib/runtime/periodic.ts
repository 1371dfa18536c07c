/**
 * A task this instance runs every few seconds in the background (the webhook sender, the website
 * crawl schedule): never two runs of it at once, a failed run logged by the caller's `onError` and
 * the next one tried as usual, and never keeping the process alive. One per name: starting it
 * again (a dev-server reload) replaces the running one, so the holder lives on globalThis.
 */
type Periodic = { timer: ReturnType<typeof setInterval>; running: boolean };
const holder = globalThis as typeof globalThis & { __lanternPeriodic?: Map<string, Periodic> };

function periodics(): Map<string, Periodic> {
  holder.__lanternPeriodic ??= new Map();
  return holder.__lanternPeriodic;
}

export function startPeriodic(name: string, everyMs: number, task: () => Promise<void>, onError: (error: unknown) => void): void {
  stopPeriodic(name);
  const periodic: Periodic = {
    running: false,
    timer: setInterval(() => {
      if (periodic.running) return;
      periodic.running = true;
      task()
        .catch(onError)
        .finally(() => {
          periodic.running = false;
        });
    }, everyMs),
  };
  periodic.timer.unref?.();
  periodics().set(name, periodic);
}

export function stopPeriodic(name: string): void {
  const periodic = periodics().get(name);
  if (periodic) clearInterval(periodic.timer);
  periodics().delete(name);
}
