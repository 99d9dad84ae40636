import type { AppDeps, DbOrTx } from '../deps.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import type { FeedNoticeJson } from './rules/index.ts';

/** An alert an act changed as a consequence: which, its header, the trains taken out, whether it ended. */
export type CarriedAlertEdit = { alertId: string; header: string; trains: string[]; ended: boolean };

/**
 * The feeds changed by the writes of one transaction. The save and delete services add to it
 * instead of announcing on the bus when their caller holds the transaction: a process told
 * before the commit would reload a feed that is not yet written (or never will be, on rollback).
 */
export class FeedChanges {
  private readonly kinds = new Set<FeedKind>();
  private readonly unmarked = new Set<FeedKind>();
  /** Who made the last change: what the transaction itself changes on top is theirs too. */
  by: string | null = null;
  /**
   * Whether the act carries its consequences into the alerts it contradicts (a controller's save,
   * delete or undo, a disruption and its lift: carry-alert-consequences.ts). Not a push of many
   * entities (a CAD system's FeedMessage knows nothing of the controllers' alerts): a
   * contradiction of one is refused instead.
   */
  carriesConsequences = true;
  /**
   * A disruption's apply or lift: disruptions layer on one another and a lift replays the later
   * ones, so what it takes out of another disruption's alert is lent, not taken (the runs stay
   * that disruption's, overridden by the latest disruption on them, and come back at its lift).
   */
  layered = false;
  /**
   * The alerts this act changed as a consequence (carry-alert-consequences.ts), for its answer:
   * the trains it took out (train numbers) and whether that ended the alert.
   */
  readonly carried: CarriedAlertEdit[] = [];
  /** The alerts this act wrote itself: a contradiction of one is the act's own, refused. */
  private readonly alerts = new Set<string>();
  /** The trains whose update this act wrote or deleted (trip ids). */
  private readonly trips = new Set<string>();
  /** The runs (trip and service date) whose update this act wrote, when the date was known. */
  private readonly runs = new Set<string>();
  /**
   * What the act's consequences changed beyond what it wrote (a replacement bus re-timed to wait
   * for the train: keep-replacement-connections.ts), told in the save's answer with its warnings.
   */
  readonly consequences: FeedNoticeJson[] = [];

  /** Notes what an act wrote or deleted, for the consequences it carries (carry-alert-consequences.ts). */
  wrote(kind: FeedKind, entities: { id: string; tripId?: string | null; startDate?: string | null }[]): void {
    for (const e of entities) {
      if (kind === 'alert') this.alerts.add(e.id);
      if (kind === 'trip_update' && e.tripId) this.trips.add(e.tripId);
      if (kind === 'trip_update' && e.tripId && e.startDate) this.runs.add(`${e.tripId}\u0000${e.startDate}`);
    }
  }

  /** Whether the act wrote this run's update (a write without a date counts for every date of the trip). */
  changedRun(tripId: string, startDate: string): boolean {
    return (
      this.runs.has(`${tripId}\u0000${startDate}`) || (this.trips.has(tripId) && !this.datedTrip(tripId))
    );
  }

  private datedTrip(tripId: string): boolean {
    for (const run of this.runs) if (run.startsWith(`${tripId}\u0000`)) return true;
    return false;
  }

  wroteAlert(id: string): boolean {
    return this.alerts.has(id);
  }

  changedTrip(tripId: string): boolean {
    return this.trips.has(tripId);
  }

  get changedTrips(): string[] {
    return [...this.trips];
  }

  add(kind: FeedKind, by?: string | null): void {
    this.kinds.add(kind);
    if (by !== undefined) this.by = by;
  }

  /**
   * A feed written by this act whose state row (feed_state: header time, revision) is updated as
   * the act commits, not at the write: every writer of that feed updates the row, so a row locked
   * from the first write held every controller's save behind a disruption's whole apply, and
   * behind its preview, which is rolled back and never needs the row at all.
   */
  markLater(kind: FeedKind): void {
    this.unmarked.add(kind);
  }

  /** Updates the state rows of the feeds markLater was told of; the last write of the act. */
  async markUnmarked(db: DbOrTx, now: Date): Promise<void> {
    for (const kind of this.unmarked) await markFeedChanged(db, kind, now);
    this.unmarked.clear();
  }

  get changed(): boolean {
    return this.kinds.size > 0;
  }

  async announce(bus: AppDeps['bus']): Promise<void> {
    for (const kind of this.kinds) await bus.publish('feed_changed', kind);
  }
}
