import fs from 'node:fs';
import { descendants } from './process-tree';

/**
 * Resident memory of a process and all its descendants, from /proc (Linux). The app is measured
 * as the operating system sees it, not as Node reports its own heap.
 */

function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** RSS in bytes of `pid` plus every process below it. */
export function treeRssBytes(pid: number): number {
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + rssBytes(p), 0);
}

/** Samples a process tree's RSS every `everyMs`; stop() returns the peak and last values (bytes). */
export function sampleMemory(pid: number, everyMs = 1000): { stop(): { peak: number; last: number } } {
  let peak = treeRssBytes(pid);
  let last = peak;
  const timer = setInterval(() => {
    last = treeRssBytes(pid);
    peak = Math.max(peak, last);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak, last };
    },
  };
}
