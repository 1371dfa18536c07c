/**
 * The earliest a burst of chats can be served, whatever the code does: n chats arriving at once,
 * each needing c ms of CPU before its first token, on P cores. By time t the cores have given at
 * most P·t ms of CPU, so the k-th first token cannot come before k·c/P — and the p95 of n first
 * tokens is the k-th with k = ⌈0.95·n⌉ (nearest rank, as lib/eval/metrics.ts `percentile`). Work
 * per answer or more threads move the absolute figure; the multiple of a sequential chat (whose
 * first token also waits for its c ms) stays near k/P unless the sequential chat waits on
 * something other than CPU.
 */
export function burstTtftFloorMs({ chats, cpuMsPerChat, cores, percentile = 95 }: { chats: number; cpuMsPerChat: number; cores: number; percentile?: number }): number {
  if (chats <= 0 || cores <= 0) return NaN;
  const k = Math.max(1, Math.ceil((percentile / 100) * chats));
  return (k * cpuMsPerChat) / cores;
}
