import type { AppDeps } from '../deps.ts';
import type { FeedKind } from '../feed/feed-kind.ts';
import type { FeedSnapshot } from '../feed/feed-snapshot.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { readScheduledTrips, readScheduleView } from '../schedule/read-schedule-view.ts';
import { DEFAULT_TIMEZONE } from '../schedule/time/service-day.ts';
import type { SiriRequest, SiriService } from './make-siri-delivery.ts';
import { SiriThread } from './siri-thread.ts';

export type { SiriService };

/** Each SIRI service is made from one GTFS-Realtime feed. */
export const SIRI_FEEDS: Record<SiriService, FeedKind> = {
  'situation-exchange': 'alert',
  'estimated-timetable': 'trip_update',
  'vehicle-monitoring': 'vehicle',
};

export const SIRI_SERVICES = Object.keys(SIRI_FEEDS) as SiriService[];

/** One delivery as served: the snapshot it was made from, its XML and its SIRI Lite JSON. */
export type SiriDelivery = { snapshot: FeedSnapshot; xml: Buffer; json: Buffer };

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

  constructor(
    private readonly deps: AppDeps,
    private readonly feeds: ServedFeeds,
  ) {}

  close(): Promise<void> {
    return this.thread.close();
  }

  async delivery(service: SiriService): Promise<SiriDelivery> {
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
      if (last) return last;
      throw error;
    }
  }

  private async make(service: SiriService, snapshot: FeedSnapshot): Promise<SiriDelivery> {
    const made = await this.thread.make(await this.request(service, snapshot));
    return { snapshot, ...made };
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
