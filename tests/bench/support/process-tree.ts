import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

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

/** The product's bootstrap of TypeScript threads (Node 20 does not apply --import to a worker). */
const TS_WORKER = new URL('../../../server/src/workers/ts-worker.mjs', import.meta.url);

export type TreeMemoryPeaks = {
  peakMb: number;
  peakPssMb: number;
  peakRootMb: number;
  /** At the PSS peak: the product's own process, and its descendants (an embedded PostgreSQL). */
  atPeakPss: { rootMb: number; descendantsMb: number };
};

/**
 * Samples the summed RSS of a process and its descendants (Linux /proc) every `everyMs`, and
 * their PSS (PostgreSQL's shared buffers are mapped by every backend: PSS counts them once) on
 * every fifth sample. Runs on a thread of its own: reading a 1 GB process's smaps_rollup takes
 * about 12 ms of synchronous work, which on the benchmark's loop delayed the polls it times.
 */
export function sampleTreeRss(root: number, everyMs = 200) {
  const sampler = new Worker(TS_WORKER, {
    workerData: { entry: new URL('./process-tree-sampler.ts', import.meta.url).href, root, everyMs },
  });
  return {
    async stop(): Promise<TreeMemoryPeaks> {
      const peaks = new Promise<TreeMemoryPeaks>((resolve, reject) => {
        sampler.once('message', resolve);
        sampler.once('error', reject);
      });
      sampler.postMessage('stop');
      const result = await peaks;
      await sampler.terminate();
      return result;
    },
  };
}

/** The sampling loop, run by process-tree-sampler.ts on its thread. */
export function treeMemoryPeaks(root: number) {
  let peak = 0;
  let peakPss = 0;
  let peakPssOfRoot = 0;
  let peakRoot = 0;
  let samples = 0;
  const sample = (withPss = samples++ % 5 === 0) => {
    const pids = processTree(root);
    peak = Math.max(
      peak,
      pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
    );
    if (withPss) {
      const ofRoot = pssBytes(root);
      const total = ofRoot + pids.slice(1).reduce((sum, pid) => sum + pssBytes(pid), 0);
      if (total > peakPss) {
        peakPss = total;
        peakPssOfRoot = ofRoot;
      }
    }
    peakRoot = Math.max(peakRoot, rssBytes(root));
  };
  return {
    sample,
    peaks(): TreeMemoryPeaks {
      sample(true);
      return {
        peakMb: Math.round(peak / 1e6),
        peakPssMb: Math.round(peakPss / 1e6),
        peakRootMb: Math.round(peakRoot / 1e6),
        atPeakPss: {
          rootMb: Math.round(peakPssOfRoot / 1e6),
          descendantsMb: Math.round((peakPss - peakPssOfRoot) / 1e6),
        },
      };
    },
  };
}
