import { readdirSync, readFileSync } from 'node:fs';

/** The pid and every descendant (an embedded PostgreSQL's postmaster and its backends). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size: each shared page counted once across the processes that share it. */
function pssBytes(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples the summed RSS of a process and its descendants (Linux /proc) every `everyMs`: the peak
 * is what the machine must hold for the product (shared pages of PostgreSQL's backends are counted
 * once per backend, so the sum overstates a little).
 */
export function sampleTreeRss(root: number, everyMs = 200) {
  let peak = 0;
  let peakPss = 0;
  let peakRoot = 0;
  const sample = () => {
    const pids = processTree(root);
    const total = pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
    peak = Math.max(peak, total);
    // PostgreSQL's shared buffers are mapped by every backend: PSS counts them once.
    peakPss = Math.max(
      peakPss,
      pids.reduce((sum, pid) => sum + pssBytes(pid), 0),
    );
    peakRoot = Math.max(peakRoot, rssBytes(root));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return {
        peakMb: Math.round(peak / 1e6),
        peakPssMb: Math.round(peakPss / 1e6),
        peakRootMb: Math.round(peakRoot / 1e6),
      };
    },
  };
}
