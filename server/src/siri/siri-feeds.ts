import type { AppDeps } from '../deps.ts';
import type { FeedKind } from '../feed/feed-kind.ts';
import type { FeedSnapshot } from '../feed/feed-snapshot.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { readScheduledTrips, readScheduleView } from '../schedule/read-schedule-view.ts';
import { DEFAULT_TIMEZONE } from '../schedule/time/service-day.ts';
import type { SiriRequest, SiriService } from './make-siri-delivery.ts';
import { type SiriForms, SiriThread } from './siri-thread.ts';

export type { SiriService };

/** Each SIRI service is made from one GTFS-Realtime feed. */
export const SIRI_FEEDS: Record<SiriService, FeedKind> = {
  'situation-exchange': 'alert',
  'estimated-timetable': 'trip_update',
  'vehicle-monitoring': 'vehicle',
};

export const SIRI_SERVICES = Object.keys(SIRI_FEEDS) as SiriService[];

/** One delivery as served: the snapshot it was made from, its XML and its SIRI Lite JSON (each also gzipped). */
export type SiriDelivery = SiriForms & { snapshot: FeedSnapshot };

/** The live feeds as this process serves them (feed/feed-cache.ts). */
export type ServedFeeds = { current(kind: FeedKind): Promise<FeedSnapshot> };

type Entity = {
  id?: string;
  tripUpdate?: { trip?: { tripId?: string; startDate?: string } };
  vehicle?: { trip?: { tripId?: string; startDate?: string } };
};

/**
 * The SIRI deliveries, made from the very snapshots the GTFS-Realtime feeds serve (FeedCache):
 * the same content and stamp, so a SIRI consumer and a GTFS-Realtime one are never told different
 * things, and a delivery is as fresh as its feed (its ETag follows the feed's, its Last-Modified is
 * the feed's). Each delivery is made once per snapshot, in the SIRI thread (siri-thread.ts), and
 * every poll of that snapshot gets the same bytes. While a new stamp of unchanged content is being
 * made, polls get the last delivery (the same content, the stamp before); a changed content is
 * waited for, so whoever saved reads it. When a delivery cannot be made (the database away while
 * the schedule was needed, the thread gone), the last one is served.
 */
export class SiriFeeds {
  private readonly deliveries = new WeakMap<FeedSnapshot, Promise<SiriDelivery>>();
  private readonly last = new Map<SiriService, SiriDelivery>();
  private readonly thread = new SiriThread();
  /** The delivery being made (or last made) per service, and the newest snapshot asked for. */
  private readonly turns = new Map<SiriService, Promise<SiriDelivery>>();
  private readonly newest = new Map<SiriService, FeedSnapshot>();

  constructor(
    private readonly deps: AppDeps,
    private readonly feeds: ServedFeeds,
  ) {}

  close(): Promise<void> {
    return this.thread.close();
  }

  async delivery(service: SiriService, again = true): Promise<SiriDelivery> {
    const snapshot = await this.feeds.current(SIRI_FEEDS[service]);
    const last = this.last.get(service);
    if (last?.snapshot === snapshot) return last;
    let making = this.deliveries.get(snapshot);
    if (!making) {
      making = this.make(service, snapshot);
      this.deliveries.set(snapshot, making);
      making.then(
        (made) => {
          const newest = this.last.get(service);
          if (!newest || newest.snapshot.stamp <= made.snapshot.stamp) this.last.set(service, made);
        },
        () => this.deliveries.delete(snapshot),
      );
    }
    // Only the stamp moved: the last delivery says the same until the new one is made.
    if (last && last.snapshot.rows === snapshot.rows) return last;
    try {
      return await making;
    } catch (error) {
      // A newer snapshot was asked for before this one's turn came: that one is the answer.
      if (error instanceof Superseded && again) return this.delivery(service, false);
      if (last) return last;
      throw error;
    }
  }

  /**
   * One delivery of a service made at a time, the newest snapshot asked for next: a snapshot
   * whose turn comes after a newer one was asked for is not made (Superseded), so saves and stamps
   * that come faster than deliveries are made never pile work up in the thread.
   */
  private make(service: SiriService, snapshot: FeedSnapshot): Promise<SiriDelivery> {
    this.newest.set(service, snapshot);
    const before = this.turns.get(service) ?? Promise.resolve();
    const turn = before
      .catch(() => {})
      .then(async () => {
        if (this.newest.get(service) !== snapshot) throw new Superseded();
        const made = await this.thread.make(await this.request(service, snapshot));
        return { snapshot, ...made };
      });
    this.turns.set(service, turn);
    return turn;
  }

  /** What the thread needs besides the feed: the agency's zone, the trips named and their runs. */
  private async request(service: SiriService, snapshot: FeedSnapshot): Promise<SiriRequest> {
    const rows = snapshot.rows as readonly Entity[];
    const current = await findCurrentSchedule(this.deps);
    const request: SiriRequest = {
      service,
      rows,
      stamp: snapshot.stamp,
      zone: current?.timezone ?? DEFAULT_TIMEZONE,
      trips: [],
      dayStarts: [],
      updatedAt: [],
      ttlSecs: this.deps.config.VEHICLE_POSITION_TTL_MINUTES * 60,
    };
    if (service === 'situation-exchange') {
      request.updatedAt = rows.flatMap((row) => {
        const at = row.id === undefined ? undefined : snapshot.updatedAt(row.id);
        return at === undefined ? [] : [[row.id!, at] as [string, string]];
      });
      return request;
    }
    const trips = rows.map((row) => row.tripUpdate?.trip ?? row.vehicle?.trip ?? {});
    const tripIds = [...new Set(trips.flatMap((trip) => trip.tripId || []))];
    request.trips = [...(await readScheduledTrips(this.deps, tripIds))];
    // A train named without its service date runs on the date of its current run.
    const undated = [
      ...new Set(trips.flatMap((trip) => (trip.tripId && !trip.startDate ? trip.tripId : []))),
    ];
    if (undated.length) {
      const view = await readScheduleView(this.deps, {
        tripIds: undated,
        routeIds: [],
        stopIds: [],
        agencyIds: [],
      });
      request.dayStarts = undated.flatMap((id) => {
        const start = view?.serviceDayStart?.(id);
        return start === undefined ? [] : [[id, start] as [string, number]];
      });
    }
    return request;
  }
}

/** A snapshot not made because a newer one of the same feed was asked for first. */
class Superseded extends Error {
  constructor() {
    super('A newer snapshot of the feed was asked for.');
  }
}
