/**
 * Keeps a console job from starving the app it runs in. The job shares one Node thread (and, on
 * the embedded database, one PGlite) with every request, so a tight loop of CPU-bound steps would
 * leave sign-ins and pages waiting. After each step the job calls pace(): it sleeps in proportion
 * to the time it just worked, so it uses at most `share` of the thread while requests get the rest.
 */
export function createPacer({ share = 0.6, maxPauseMs = 250 }: { share?: number; maxPauseMs?: number } = {}) {
  let since = performance.now();
  return async function pace(): Promise<void> {
    const busy = performance.now() - since;
    const pause = Math.min(maxPauseMs, (busy * (1 - share)) / share);
    await new Promise((resolve) => setTimeout(resolve, pause));
    since = performance.now();
  };
}
