import { feedState } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import { FEED_KINDS, type FeedKind } from './feed-kind.ts';
import { type FeedContent, type FeedSnapshot, readFeedContent, stampFeed } from './feed-snapshot.ts';
import { feedStamp, stampSlot } from './feed-stamp.ts';

type Served = { content: FeedContent; snapshot: FeedSnapshot };

/**
 * Each process keeps the feeds in memory and reads one again as soon as it changed: on a NOTIFY
 * from any process (a save, or a new schedule with another feed_version), or when a periodic
 * revision check finds a change a NOTIFY missed. Serving re-stamps the header when the content
 * changed or a new 15-second slot began (feed-stamp.ts); between those, every request gets the
 * same bytes. While a changed feed is re-read, polls keep getting the last snapshot (peek)
 * instead of all waiting on the database: with editors saving back to back, a re-read was under
 * way most of the time. A save in this process is answered only once its feed was re-read (the
 * bus waits for this listener), so whoever saved reads what they saved.
 */
export class FeedCache {
  private readonly contents = new Map<FeedKind, Promise<FeedContent>>();
  /** The newest contents read (by start of the read), so a poll of the feed needs no promise (peek). */
  private readonly read = new Map<FeedKind, { content: FeedContent; started: number }>();
  private reads = 0;
  /**
   * What was served last per feed; kept across re-reads, so the stamp never goes back and a re-read
   * of unchanged content (a NOTIFY of a change already seen) does not count as a change.
   */
  private readonly served = new Map<FeedKind, Served>();
  private timer: NodeJS.Timeout | undefined;
  private offs: (() => void)[] = [];

  constructor(private readonly deps: AppDeps) {}

  start(checkEveryMs = 5_000): void {
    this.offs = [
      this.deps.bus.on('feed_changed', (kind) => this.invalidate(kind as FeedKind)),
      this.deps.bus.on('schedule_changed', () =>
        Promise.all(FEED_KINDS.map((kind) => this.invalidate(kind))),
      ),
    ];
    this.timer = setInterval(() => void this.checkRevisions().catch(() => {}), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    for (const off of this.offs) off();
    clearInterval(this.timer);
  }

  /** Reads the feed again now; resolves once its new snapshot is served (never rejects). */
  invalidate(kind: FeedKind): Promise<unknown> {
    this.contents.delete(kind);
    return this.get(kind).catch(() => {});
  }

  /**
   * The snapshot served last when it holds the newest contents read and its stamp is current (the
   * case of nearly every poll, also while a change is being read), else undefined: the caller
   * then awaits `get`.
   */
  peek(kind: FeedKind): FeedSnapshot | undefined {
    const content = this.read.get(kind)?.content;
    const served = this.served.get(kind);
    if (!content || served?.content !== content) return undefined;
    const nowSec = Math.floor(this.deps.now().getTime() / 1000);
    return stampSlot(nowSec) <= served.snapshot.stamp ? served.snapshot : undefined;
  }

  async get(kind: FeedKind): Promise<FeedSnapshot> {
    const content = await this.content(kind);
    const nowSec = Math.floor(this.deps.now().getTime() / 1000);
    const served = this.served.get(kind);
    if (served && served.content === content && stampSlot(nowSec) <= served.snapshot.stamp) {
      return served.snapshot;
    }
    const same = served !== undefined && sameContent(served.content, content);
    const stamp = feedStamp({
      changedSec: Math.floor(content.changedAt.getTime() / 1000),
      nowSec,
      previous: served && { stamp: served.snapshot.stamp, contentChanged: !same },
    });
    const snapshot = same && served.snapshot.stamp === stamp ? served.snapshot : stampFeed(content, stamp);
    // A request that read older content while a newer one was served keeps the newer one's place.
    if (!served || served.snapshot.stamp <= stamp) this.served.set(kind, { content, snapshot });
    return snapshot;
  }

  private content(kind: FeedKind): Promise<FeedContent> {
    let content = this.contents.get(kind);
    if (!content) {
      const started = ++this.reads;
      const reading = readFeedContent(this.deps, kind, this.served.get(kind)?.content);
      content = reading;
      this.contents.set(kind, reading);
      reading.then(
        (read) => {
          // A read that started later may have finished first: the newest start wins.
          if ((this.read.get(kind)?.started ?? 0) < started) this.read.set(kind, { content: read, started });
        },
        () => {
          if (this.contents.get(kind) === reading) this.contents.delete(kind);
        },
      );
    }
    return content;
  }

  private async checkRevisions(): Promise<void> {
    const states = await this.deps.db.select().from(feedState);
    for (const kind of FEED_KINDS) {
      const cached = this.contents.get(kind);
      if (!cached) continue;
      const revision = states.find((s) => s.kind === kind)?.revision ?? 0;
      if ((await cached).revision !== revision) void this.invalidate(kind);
    }
  }
}

/** A re-read of unchanged content (after a NOTIFY that changed nothing here) is the same content. */
function sameContent(a: FeedContent, b: FeedContent): boolean {
  return a === b || (a.revision === b.revision && a.hash === b.hash);
}
