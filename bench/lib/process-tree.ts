import fs from 'node:fs';

/** The processes below a process, from /proc (Linux): `next start` serves from a child process. */

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

/** Every process below `pid` (children, their children, …). */
export function descendants(pid: number): number[] {
  const byParent = children();
  const found: number[] = [];
  const queue = [...(byParent.get(pid) ?? [])];
  while (queue.length > 0) {
    const current = queue.pop()!;
    found.push(current);
    queue.push(...(byParent.get(current) ?? []));
  }
  return found;
}
