import { describe, expect, it } from 'vitest';
import { createProgressTracker, type JobProgress, PROGRESS_INTERVAL_MS, percentOf } from './job-progress.ts';

const PLAN = [
  ['read', 0.5],
  ['write', 0.5],
] as const;

describe('job progress', () => {
  it('gives the whole job percent from the phase counts', () => {
    expect(percentOf(PLAN, 'read', 0, 10)).toBe(0);
    expect(percentOf(PLAN, 'read', 5, 10)).toBe(25);
    expect(percentOf(PLAN, 'write', 0, 4)).toBe(50);
    expect(percentOf(PLAN, 'write', 4, 4)).toBe(100);
    expect(percentOf(PLAN, 'write', 0, 0)).toBe(100);
    expect(() => percentOf(PLAN, 'load', 0, 1)).toThrow(/not in this job's plan/);
  });

  it('writes a new phase and a finished one at once, other updates at most every interval', async () => {
    let now = 0;
    const sent: JobProgress[] = [];
    const tracker = createProgressTracker(PLAN, async (p) => void sent.push(p), { clock: () => now });
    tracker.update('read', 0, 100);
    for (let done = 1; done < 100; done++) tracker.update('read', done, 100);
    now += PROGRESS_INTERVAL_MS;
    tracker.update('read', 60, 100);
    tracker.update('read', 100, 100);
    tracker.update('write', 0, 1);
    tracker.update('write', 1, 1);
    tracker.update('write', 1, 1);
    await tracker.flush();
    expect(sent).toEqual([
      { phase: 'read', done: 0, total: 100, percent: 0 },
      { phase: 'read', done: 60, total: 100, percent: 30 },
      { phase: 'read', done: 100, total: 100, percent: 50 },
      { phase: 'write', done: 0, total: 1, percent: 50 },
      { phase: 'write', done: 1, total: 1, percent: 100 },
    ]);
  });

  it('never lets the percent go back', async () => {
    const sent: number[] = [];
    const tracker = createProgressTracker(PLAN, async (p) => void sent.push(p.percent));
    tracker.update('write', 1, 2);
    tracker.update('read', 0, 1);
    await tracker.flush();
    expect(sent).toEqual([75, 75]);
  });
});
