// Next.js calls register() once when a server starts, before it serves any request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file too; the database belongs to the running server only.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Before the first request: rate limits key on the TCP peer, which only this hook can see.
  const { installPeerAddressHeader } = await import('./lib/http/peer-address');
  installPeerAddressHeader();
  const { startLantern } = await import('./lib/startup');
  await startLantern();
}
