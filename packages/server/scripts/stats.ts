import { readdirSync, readFileSync } from 'node:fs';

/** The middle value of `values` (the mean of the two middle ones for an even count; NaN for none). */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every process of the machine: its id, its parent's and its resident memory (MB). */
export function processes(): { pid: number; ppid: number; mb: number }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return [{ pid: Number(pid), ppid, mb: rss ? Number(rss[1]) / 1024 : 0 }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** Resident memory (MB) of this process and of every process below it (but `apart`'s subtrees). */
function processTree(apart: number[]): { node: number; engines: number; processes: number } {
  const stats = processes();
  const below = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of stats)
      if (below.has(p.ppid) && !below.has(p.pid) && !apart.includes(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
  }
  const mine = stats.filter((p) => below.has(p.pid));
  const node = mine.find((p) => p.pid === process.pid)?.mb ?? 0;
  const all = mine.reduce((sum, p) => sum + p.mb, 0);
  return { node, engines: all - node, processes: mine.length };
}

/**
 * Samples this process's tree (Node and the engines below it; not the subtrees of `apart()`'s
 * processes) every 100 ms; `stop()` answers the peak as a sentence.
 */
export function sampleTreePeak(apart: () => (number | undefined)[] = () => []) {
  const excluded = () => apart().filter((pid) => pid !== undefined);
  let peak = processTree(excluded());
  const timer = setInterval(() => {
    const now = processTree(excluded());
    if (now.node + now.engines > peak.node + peak.engines) peak = now;
  }, 100);
  return {
    stop(): string {
      clearInterval(timer);
      return `${(peak.node + peak.engines).toFixed(0)} MB (Node ${peak.node.toFixed(0)} MB, ${peak.processes - 1} engine processes ${peak.engines.toFixed(0)} MB)`;
    },
  };
}
