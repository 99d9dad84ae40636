import { feedState } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import { FEED_KINDS, type FeedKind } from './feed-kind.ts';
import { type FeedContent, type FeedSnapshot, readFeedContent, stampFeed } from './feed-snapshot.ts';
import { feedStamp, stampSlot } from './feed-stamp.ts';

type Entry = { content: Promise<FeedContent>; served?: { content: FeedContent; snapshot: FeedSnapshot } };

/**
 * Each process keeps the feeds in memory and reads one again only after it changed: on a NOTIFY
 * from any process (a save, or a new schedule with another feed_version), or when a periodic
 * revision check finds a change a NOTIFY missed. Serving re-stamps the header when the content
 * changed or a new 15-second slot began (feed-stamp.ts); between those, every request gets the
 * same bytes.
 */
export class FeedCache {
  private readonly entries = new Map<FeedKind, Entry>();
  /** The last stamp served per feed; kept across re-reads, so it never goes back. */
  private readonly lastStamps = new Map<FeedKind, number>();
  private timer: NodeJS.Timeout | undefined;
  private offs: (() => void)[] = [];

  constructor(private readonly deps: AppDeps) {}

  start(checkEveryMs = 5_000): void {
    this.offs = [
      this.deps.bus.on('feed_changed', (kind) => this.invalidate(kind as FeedKind)),
      this.deps.bus.on('schedule_changed', () => {
        for (const kind of FEED_KINDS) this.invalidate(kind);
      }),
    ];
    this.timer = setInterval(() => void this.checkRevisions().catch(() => {}), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    for (const off of this.offs) off();
    clearInterval(this.timer);
  }

  invalidate(kind: FeedKind): void {
    this.entries.delete(kind);
  }

  async get(kind: FeedKind): Promise<FeedSnapshot> {
    const content = await this.content(kind);
    const entry = this.entries.get(kind);
    const nowSec = Math.floor(this.deps.now().getTime() / 1000);
    const served = entry?.served;
    if (served && served.content === content && stampSlot(nowSec) <= served.snapshot.stamp) {
      return served.snapshot;
    }
    const previousStamp = this.lastStamps.get(kind);
    const same = served !== undefined && sameContent(served.content, content);
    const stamp = feedStamp({
      changedSec: Math.floor(content.changedAt.getTime() / 1000),
      nowSec,
      previous: previousStamp === undefined ? undefined : { stamp: previousStamp, contentChanged: !same },
    });
    const snapshot = same && served.snapshot.stamp === stamp ? served.snapshot : stampFeed(content, stamp);
    this.lastStamps.set(kind, stamp);
    // The entry may have been invalidated meanwhile: then the next request reads anew anyway.
    if (entry && this.entries.get(kind) === entry) entry.served = { content, snapshot };
    return snapshot;
  }

  private content(kind: FeedKind): Promise<FeedContent> {
    let entry = this.entries.get(kind);
    if (!entry) {
      const content = readFeedContent(this.deps, kind);
      entry = { content };
      this.entries.set(kind, entry);
      content.catch(() => {
        if (this.entries.get(kind) === entry) this.entries.delete(kind);
      });
    }
    return entry.content;
  }

  private async checkRevisions(): Promise<void> {
    const states = await this.deps.db.select().from(feedState);
    for (const kind of FEED_KINDS) {
      const cached = this.entries.get(kind);
      if (!cached) continue;
      const revision = states.find((s) => s.kind === kind)?.revision ?? 0;
      if ((await cached.content).revision !== revision) this.invalidate(kind);
    }
  }
}

/** A re-read of unchanged content (after a NOTIFY that changed nothing here) is the same content. */
function sameContent(a: FeedContent, b: FeedContent): boolean {
  return a === b || (a.revision === b.revision && a.hash === b.hash);
}
