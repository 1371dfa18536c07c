import fs from 'node:fs';
import { descendants } from './process-tree';

/**
 * CPU time (user + system) a process and all its descendants have used, from /proc (Linux): the
 * app's CPU as the operating system counts it — every thread (the embedded database's worker
 * included), HTTP, rendering and garbage collection, not only the stages an answer times itself.
 */

// /proc reports times in clock ticks of USER_HZ, which Linux fixes at 100 for user space.
const MS_PER_TICK = 10;

function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (field 2, which may contain spaces): utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    // The process ended while we looked.
    return 0;
  }
}

/** CPU ms used so far by `pid` plus every process below it (null where /proc is not there). */
export function treeCpuMs(pid: number): number | null {
  if (!fs.existsSync(`/proc/${pid}/stat`)) return null;
  return [pid, ...descendants(pid)].reduce((sum, p) => sum + cpuMs(p), 0);
}
