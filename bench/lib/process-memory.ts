import fs from 'node:fs';

/**
 * Resident memory of a process and all its descendants, from /proc (Linux). The app is measured
 * as the operating system sees it, not as Node reports its own heap.
 */

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may contain spaces.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  return byParent;
}

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
  const byParent = children();
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop()!;
    total += rssBytes(current);
    queue.push(...(byParent.get(current) ?? []));
  }
  return total;
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
