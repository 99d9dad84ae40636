/** The phases a job reports: an upload reads, validates, writes and loads; a summary reads and writes. */
export type JobPhase = 'read' | 'validate' | 'write' | 'load';

/** Structured progress carried by a job message: the phase, its own count, and the whole job's percent. */
export type JobProgress = { phase: JobPhase; done: number; total: number; percent: number };

/** A job's phases in order, each with its share of the whole (shares add up to 1). */
export type ProgressPlan = readonly (readonly [JobPhase, number])[];

/** At most this often a progress message is written (a few per second), phase changes aside. */
export const PROGRESS_INTERVAL_MS = 250;

export type ProgressTracker = {
  /** Fire and forget: throttled, written in order. */
  update(phase: JobPhase, done: number, total: number): void;
  /** Waits until every progress message asked for so far is written. */
  flush(): Promise<void>;
};

/**
 * Turns phase counts into job progress messages: the percent of the whole job never goes back,
 * a new phase and a finished phase are always written, other updates at most every
 * PROGRESS_INTERVAL_MS, so a million-row load writes a few messages a second, not a million.
 */
export function createProgressTracker(
  plan: ProgressPlan,
  emit: (progress: JobProgress) => Promise<void>,
  options: { clock?: () => number; onError?: (error: unknown) => void } = {},
): ProgressTracker {
  const clock = options.clock ?? Date.now;
  let chain: Promise<void> = Promise.resolve();
  let last: JobProgress | null = null;
  let lastAt = 0;
  return {
    update(phase, done, total) {
      const progress = {
        phase,
        done,
        total,
        percent: Math.max(last?.percent ?? 0, percentOf(plan, phase, done, total)),
      };
      const now = clock();
      const newPhase = last?.phase !== phase;
      const phaseDone = done >= total && (newPhase || last!.done < last!.total);
      if (
        !newPhase &&
        !phaseDone &&
        (now - lastAt < PROGRESS_INTERVAL_MS || progress.percent === last?.percent)
      )
        return;
      last = progress;
      lastAt = now;
      chain = chain.then(() => emit(progress)).catch((error) => options.onError?.(error));
    },
    flush: () => chain,
  };
}

/** The whole job's percent (0–100, whole numbers) at `done` of `total` in `phase`. */
export function percentOf(plan: ProgressPlan, phase: JobPhase, done: number, total: number): number {
  let before = 0;
  for (const [p, share] of plan) {
    if (p === phase) {
      const part = total > 0 ? Math.min(done, total) / total : 1;
      return Math.min(100, Math.floor((before + share * part) * 100 + 1e-9));
    }
    before += share;
  }
  throw new Error(`The phase '${phase}' is not in this job's plan.`);
}
