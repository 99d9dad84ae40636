import type { Db } from '@feeddesk/drizzle';

/** The schedule queries run against: the current version and the agency's time zone. */
export type CurrentSchedule = {
  versionId: number;
  timezone: string;
  activatedAt: Date | null;
  /** feed_info.txt's feed_version, when the schedule has one. */
  feedVersion: string | null;
};

/**
 * The current schedule, cached per process and per database handle. Call `invalidate()` when
 * the schedule changes: the loader does so in its own process, and the lead wires it to the
 * Postgres NOTIFY 'schedule_changed' for the other processes.
 */
export class ScheduleCache {
  #entries = new WeakMap<Db, Promise<CurrentSchedule | null>>();

  get(db: Db, load: () => Promise<CurrentSchedule | null>): Promise<CurrentSchedule | null> {
    const cached = this.#entries.get(db);
    if (cached) return cached;
    const loading = load();
    this.#entries.set(db, loading);
    loading.catch(() => {
      if (this.#entries.get(db) === loading) this.#entries.delete(db);
    });
    return loading;
  }

  /** Forget the cached schedule of one database handle, or of all. */
  invalidate(db?: Db): void {
    if (db) this.#entries.delete(db);
    else this.#entries = new WeakMap();
  }
}

export const scheduleCache = new ScheduleCache();

/** NOTIFY channel on which a process announces a new current schedule (payload: version id). */
export const SCHEDULE_CHANGED_CHANNEL = 'schedule_changed';
