// Peak memory of a process AND its descendants: /usr/bin/time reports the largest single process, which would hide
// a child (the import's database load runs in one) holding memory beside its parent. Sampled from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

/** Resident KiB of `pid` and every process below it, now; 0 where /proc cannot be read. */
export function treeRssKb(pid: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const e of entries) {
    try {
      const status = readFileSync(`/proc/${e}/status`, 'utf8');
      const p = Number(e);
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(p);
      rss.set(p, Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}
