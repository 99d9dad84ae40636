import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReplicatedGtfs } from './replicated-gtfs.ts';

/** The largest real schedule the benchmarks use (1.87 M stop_times), beside the worktree. */
export const sharedRenfeZip = fileURLToPath(
  new URL('../../../../shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip', import.meta.url),
);

/** `BENCH_TIMES=n`: the schedule n times over (a national network), 1 by default. */
export const benchTimes = (): number => {
  const times = Number(process.env.BENCH_TIMES ?? 1);
  if (!Number.isInteger(times) || times < 1) throw new Error(`BENCH_TIMES must be a whole number ≥ 1`);
  return times;
};

/**
 * The zip a benchmark loads: `source` (Renfe by default) as it is when `times` is 1, else `times`
 * copies of it with suffixed ids (support/replicated-gtfs.ts). The replicated zip takes minutes to
 * write, so it is kept for the next run: `BENCH_NATIONAL_ZIP` names it (written there when
 * missing), else a fixed path in the temp folder keyed by the source's name and `times`
 * (delete it to regenerate). Written to a temp name first, then renamed: an interrupted run leaves
 * no half zip to be reused.
 */
export function benchZip(
  source: string | undefined,
  times = benchTimes(),
  log: (line: string) => void = console.log,
): string | undefined {
  if (times === 1) return source;
  if (!source) throw new Error('BENCH_TIMES needs a zip to replicate (the shared Renfe zip, or one given).');
  const path =
    process.env.BENCH_NATIONAL_ZIP ??
    join(tmpdir(), `feeddesk-bench-${basename(source, '.zip')}-${times}x.zip`);
  if (existsSync(path) && statSync(path).mtimeMs >= statSync(source).mtimeMs) {
    log(`reusing ${path} (${times} × ${basename(source)}; delete it to regenerate)`);
    return path;
  }
  const t0 = performance.now();
  const dir = mkdtempSync(join(dirname(path), '.feeddesk-national-')); // same file system: renamed
  try {
    const national = writeReplicatedGtfs(source, times, dir);
    renameSync(national.path, path);
    log(
      `generated ${times} × ${basename(source)}: ${national.stopTimes} stop_times, ${(national.bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(0)} s → ${path}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return path;
}

/** The upload limit (MB) a zip of this size needs: a national network's passes the default 64 MB. */
export const uploadMaxMbFor = (zipBytes: number): number => Math.max(64, Math.ceil((zipBytes * 1.5) / 1e6));
