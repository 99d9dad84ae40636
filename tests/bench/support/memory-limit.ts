import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type MemoryLimit = {
  limitMb: number;
  /** Wraps a command so that it, and every process it starts (the embedded PostgreSQL), runs inside the limit. */
  wrap(command: string, args: string[]): [string, string[]];
  /** The group's highest charge so far, MB: anonymous memory, shared memory and page cache alike. */
  peakMb(): number;
  /** Processes the kernel killed for want of memory inside the limit. */
  oomKills(): number;
  remove(): Promise<void>;
};

/**
 * A memory cgroup holding the product's processes to `limitMb`, as a machine with that much memory
 * would (no swap: what does not fit is reclaimed from the page cache, or a process is killed).
 * cgroup v2 where its memory controller is on, else v1's memory hierarchy; it needs root. The
 * group's charge includes the page cache of the files the processes write, which the kernel gives
 * back under the limit, so its peak reaches the limit on any long load: the verdict is whether the
 * work finished with no process killed.
 */
export function createMemoryLimit(limitMb: number): MemoryLimit {
  const name = `feeddesk-bench-${process.pid}`;
  const v2 = readIfExists('/sys/fs/cgroup/cgroup.controllers')?.split(/\s+/).includes('memory');
  const dir = v2 ? join('/sys/fs/cgroup', name) : join('/sys/fs/cgroup/memory', name);
  if (!v2 && !existsSync('/sys/fs/cgroup/memory'))
    throw new Error('BENCH_MEMORY_LIMIT_MB needs a memory cgroup (v2 with its memory controller, or v1)');
  mkdirSync(dir);
  const bytes = String(limitMb * 1024 * 1024);
  if (v2) writeFileSync(join(dir, 'memory.max'), bytes);
  else writeFileSync(join(dir, 'memory.limit_in_bytes'), bytes);
  const procs = join(dir, 'cgroup.procs');
  return {
    limitMb,
    wrap: (command, args) => ['/bin/sh', ['-c', `echo $$ > ${procs} && exec "$@"`, 'sh', command, ...args]],
    peakMb: () =>
      Math.round(
        Number(readFileSync(join(dir, v2 ? 'memory.peak' : 'memory.max_usage_in_bytes'), 'utf8')) / 2 ** 20,
      ),
    oomKills: () => {
      const text = readFileSync(join(dir, v2 ? 'memory.events' : 'memory.oom_control'), 'utf8');
      return Number(/oom_kill (\d+)/.exec(text)?.[1] ?? 0);
    },
    // The product's PostgreSQL may take a moment to go after it: the group can only go once empty.
    async remove() {
      for (let waited = 0; waited < 10_000; waited += 100) {
        try {
          rmdirSync(dir);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      console.log(`${dir} still holds processes; left in place`);
    },
  };
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
