// Next.js calls register() once when a server starts, before it serves any request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file too; the database belongs to the running server only.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startLantern } = await import('./lib/startup');
  await startLantern();
}
