import type { AppDeps } from '../deps.ts';
import type { FeedKind } from '../feed/feed-kind.ts';
import type { FeedSnapshot } from '../feed/feed-snapshot.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { canonicalTag, type OfferedLanguage } from '../operator-settings/operator-settings.ts';
import { type NetworkIndex, readNetworkIndex } from './read-network-index.ts';
import { findRouteStatuses, type NetworkStatus } from './route-statuses.ts';

/** The live feeds as this process serves them (feed/feed-cache.ts). */
export type ServedFeeds = { current(kind: FeedKind): Promise<FeedSnapshot> };

/** The operator's languages riders may read. */
export type RiderLanguages = { languages: OfferedLanguage[]; defaultLanguage: string };

/** How often the operator's languages are read again (no event tells of a change of settings). */
const SETTINGS_EVERY_MS = 15_000;

/**
 * What riders' pages (status, Atom, e-mails) are made from, kept in memory: the served feeds
 * (the same snapshots the GTFS-Realtime polls get), the schedule's network (read again when the
 * schedule changes) and the operator's languages (read every 15 s and on each change of a feed). Nothing here reads the
 * database on a rider's request, so the pages keep answering from the last of each while it is
 * away (docs/operations.md "Faults the product survives"). The statuses are worked out once per
 * change of a feed, of the network, or of the minute.
 */
export class RiderPages {
  private network: NetworkIndex | undefined;
  private networkRead: Promise<NetworkIndex> | undefined;
  private languages: RiderLanguages | undefined;
  private languagesRead: Promise<RiderLanguages> | undefined;
  private last:
    | { alerts: unknown; trips: unknown; network: NetworkIndex; minute: number; status: NetworkStatus }
    | undefined;
  private timer: NodeJS.Timeout | undefined;
  private offs: (() => void)[] = [];

  constructor(
    private readonly deps: AppDeps,
    private readonly feeds: ServedFeeds,
  ) {}

  start(): void {
    const reread = () => void this.readNetwork().catch(() => {});
    this.offs = [
      this.deps.bus.on('schedule_changed', reread),
      this.deps.bus.onResume(reread),
      // A change of the feed is a cheap moment to notice new languages sooner than the timer.
      this.deps.bus.on('feed_changed', () => this.readLanguages().catch(() => {})),
    ];
    this.timer = setInterval(() => void this.readLanguages().catch(() => {}), SETTINGS_EVERY_MS);
    this.timer.unref();
    reread();
    void this.readLanguages().catch(() => {});
  }

  stop(): void {
    for (const off of this.offs) off();
    clearInterval(this.timer);
  }

  /** The network: the last read, or the first read while none has finished (only then waited for). */
  async currentNetwork(): Promise<NetworkIndex> {
    return this.network ?? this.networkRead ?? this.readNetwork();
  }

  async currentLanguages(): Promise<RiderLanguages> {
    return this.languages ?? this.languagesRead ?? this.readLanguages();
  }

  /** The alerts the alert feed serves now (its entities as protobuf-JSON). */
  async servedAlerts(): Promise<readonly unknown[]> {
    return (await this.feeds.current('alert')).rows;
  }

  /** Each route's status now, the same object until a feed, the network or the minute changes. */
  async status(): Promise<NetworkStatus> {
    const [alerts, trips, network] = await Promise.all([
      this.feeds.current('alert'),
      this.feeds.current('trip_update'),
      this.currentNetwork(),
    ]);
    const now = this.deps.now();
    const minute = Math.floor(now.getTime() / 60_000);
    const last = this.last;
    if (
      last &&
      last.alerts === alerts.rows &&
      last.trips === trips.rows &&
      last.network === network &&
      last.minute === minute
    )
      return last.status;
    const status = findRouteStatuses({ alerts: alerts.rows, tripUpdates: trips.rows, network, now });
    this.last = { alerts: alerts.rows, trips: trips.rows, network, minute, status };
    return status;
  }

  private readNetwork(): Promise<NetworkIndex> {
    const reading = readNetworkIndex(this.deps).then(
      (network) => {
        this.network = network;
        return network;
      },
      (error) => {
        if (this.networkRead === reading) this.networkRead = undefined;
        throw error;
      },
    );
    this.networkRead = reading;
    return reading;
  }

  private readLanguages(): Promise<RiderLanguages> {
    const reading = getOperatorSettings(this.deps).then(
      ({ languages, defaultLanguage }) => {
        this.languages = { languages, defaultLanguage };
        return this.languages;
      },
      (error) => {
        if (this.languagesRead === reading) this.languagesRead = undefined;
        throw error;
      },
    );
    this.languagesRead = reading;
    return reading;
  }
}

/**
 * The language a rider asked for (`?lang=`) among the operator's, matched on the tag (any case)
 * or on its base language (`af` finds `af-ZA`); else the operator's default language.
 */
export function riderLanguage(asked: string | undefined, offered: RiderLanguages): string {
  const tag = asked ? canonicalTag(asked) : null;
  if (tag) {
    const lower = tag.toLowerCase();
    const exact = offered.languages.find((l) => l.tag.toLowerCase() === lower);
    if (exact) return exact.tag;
    const base = lower.split('-')[0];
    const near = offered.languages.find((l) => l.tag.toLowerCase().split('-')[0] === base);
    if (near) return near.tag;
  }
  return offered.defaultLanguage;
}
