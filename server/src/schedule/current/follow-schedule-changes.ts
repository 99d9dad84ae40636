import type { AppDeps } from '../../deps.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';

export type ScheduleChange = { versionId: number | null };

/**
 * The current schedule version from now on, in any process, until the signal aborts: open screens
 * re-read their routes, stops, schedule info and report link when it changes (an upload or a
 * rollback). First the version current when listening starts, so a client that
 * (re)connects can tell whether it missed a change; again after this process listens again
 * following a lost database connection. Several changes before the client reads are one: only the
 * last version matters.
 */
export async function* followScheduleChanges(
  deps: Pick<AppDeps, 'bus' | 'db'>,
  options: { signal?: AbortSignal },
): AsyncGenerator<ScheduleChange> {
  // 'read': ask the database (start, resume); a number: the version a loader or rollback announced.
  const pending: { next: number | 'read' | null } = { next: 'read' };
  let wake: (() => void) | undefined;
  const off = deps.bus.on('schedule_changed', (payload) => {
    const id = Number(payload);
    pending.next = Number.isSafeInteger(id) && id > 0 ? id : 'read';
    wake?.();
  });
  const offResume = deps.bus.onResume(() => {
    pending.next = 'read';
    wake?.();
  });
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);
  try {
    while (!options.signal?.aborted) {
      const next = pending.next;
      if (next !== null) {
        pending.next = null;
        yield { versionId: next === 'read' ? ((await findCurrentSchedule(deps))?.versionId ?? null) : next };
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    off();
    offResume();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
