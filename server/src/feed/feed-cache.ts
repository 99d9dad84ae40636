import { setTimeout as sleep } from 'node:timers/promises';
import { feedState } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import { FEED_KINDS, FEED_PATHS, type FeedKind } from './feed-kind.ts';
import { type FeedContent, type FeedSnapshot, readFeedContent, stampFeed } from './feed-snapshot.ts';
import { feedStamp, stampSlot } from './feed-stamp.ts';

type Served = { content: FeedContent; snapshot: FeedSnapshot };

/** How often each feed's revision is checked in the database (a missed NOTIFY; confirmation). */
const CHECK_EVERY_MS = 5_000;
/**
 * How long a poll due a new stamp waits for the confirmation it asked for, at most, counted from
 * when that check began: a check takes a millisecond or two, and one that takes longer leaves the
 * polls with the last stamp rather than waiting (a database that hangs held every poll at each
 * 15-second slot for a whole second at 1 000 ms; docs/operations.md "Faults the product survives").
 */
const CONFIRM_WAIT_MS = 50;
/** After a confirmation failed (the database unreachable), polls ask again this much later. */
const CONFIRM_RETRY_MS = 2_000;
/**
 * Pauses before a failed re-read is tried again. A save's re-read can meet a connection the
 * database just dropped (right after it restarted): the save committed, so whoever saved must
 * still read it, and the feed must not wait for the next revision check to show it.
 */
const REREAD_PAUSES_MS = [100, 400, 1_000];

const FEED_NAMES = new Map(Object.entries(FEED_PATHS).map(([name, kind]) => [kind, name]));

/**
 * Each process keeps the feeds in memory and reads one again as soon as it changed: on a NOTIFY
 * from any process (a save, or a new schedule with another feed_version), or when a periodic
 * revision check finds a change a NOTIFY missed. Serving re-stamps the header when the content
 * changed or a new 15-second slot began (feed-stamp.ts); between those, every request gets the
 * same bytes. While a changed feed is re-read, polls keep getting the last snapshot (peek)
 * instead of all waiting on the database: with editors saving back to back, a re-read was under
 * way most of the time. A save in this process is answered only once its feed was re-read (the
 * bus waits for this listener), so whoever saved reads what they saved.
 *
 * A stamp says the content was current then (docs/rest-api.md "What every feed consumer gets"): it
 * moves only up to the last time this process confirmed the content against the database, by
 * reading it or by finding its revision unchanged (every few seconds, and when a poll is due a new
 * stamp). While the database cannot be reached the feeds keep their last content and stamp, so
 * ETag and Last-Modified stay too, and `feeddesk_feed_confirmed_age_seconds` grows.
 */
export class FeedCache {
  private readonly contents = new Map<FeedKind, Promise<FeedContent>>();
  /** The newest contents read (by start of the read), so a poll of the feed needs no promise (peek). */
  private readonly read = new Map<FeedKind, { content: FeedContent; started: number }>();
  /** When each content read was started (the order of `reads`): an older read never replaces a newer one. */
  private readonly startOf = new WeakMap<FeedContent, number>();
  private reads = 0;
  /** Reads not finished yet. */
  private readonly pending = new Set<Promise<FeedContent>>();
  /**
   * What was served last per feed; kept across re-reads, so the stamp never goes back and a re-read
   * of unchanged content (a NOTIFY of a change already seen) does not count as a change.
   */
  private readonly served = new Map<FeedKind, Served>();
  /** When each feed's content was last known current (deps.now() milliseconds). */
  private readonly confirmed = new Map<FeedKind, number>();
  /** The revision check under way, which polls due a new stamp share. */
  private checking: Promise<void> | undefined;
  /** When it was started (performance.now()): no poll waits for it past CONFIRM_WAIT_MS after that. */
  private checkStartedAt = 0;
  /** When the last check failed (performance.now()), to pace polls' retries. */
  private failedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private offs: (() => void)[] = [];

  constructor(private readonly deps: AppDeps) {}

  start(checkEveryMs = CHECK_EVERY_MS): void {
    const rereadAll = () => Promise.all(FEED_KINDS.map((kind) => this.invalidate(kind)));
    this.offs = [
      this.deps.bus.on('feed_changed', (kind) => this.invalidate(kind as FeedKind)),
      this.deps.bus.on('schedule_changed', rereadAll),
      // Listening again after the database connection was lost: changes may have gone unheard.
      this.deps.bus.onResume(rereadAll),
      this.deps.metrics.reportFeedConfirmation(() => {
        const now = this.deps.now().getTime();
        return [...this.confirmed].map(([kind, at]) => ({
          feed: FEED_NAMES.get(kind)!,
          ageSeconds: Math.max(0, (now - at) / 1000),
        }));
      }),
    ];
    this.timer = setInterval(() => void this.check(), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    for (const off of this.offs) off();
    clearInterval(this.timer);
  }

  /**
   * Reads the feed again now, trying a failed read again a few times; resolves once its new
   * snapshot is served, or the database stayed unreachable (never rejects).
   */
  async invalidate(kind: FeedKind): Promise<void> {
    for (const pause of [...REREAD_PAUSES_MS, undefined]) {
      this.contents.delete(kind);
      const read = await this.content(kind).then(
        () => true,
        () => false,
      );
      if (read) break;
      if (pause === undefined) return;
      await sleep(pause);
    }
    await this.get(kind).catch(() => {});
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
    // A re-read under way: the content served is no longer confirmable, its stamp stays.
    if (this.rereading(kind)) return served.snapshot;
    if (stampSlot(this.confirmedSec(kind)) > served.snapshot.stamp || this.confirmationDue(kind))
      return undefined;
    return served.snapshot;
  }

  /**
   * The snapshot to serve now without waiting on the database when one can be had (peek), else
   * the one `get` gives: what riders' pages read, so they say what the feed says.
   */
  async current(kind: FeedKind): Promise<FeedSnapshot> {
    return this.peek(kind) ?? this.get(kind);
  }

  async get(kind: FeedKind): Promise<FeedSnapshot> {
    if (this.confirmationDue(kind)) await this.confirmNow();
    let content: FeedContent;
    try {
      content = await this.content(kind);
    } catch (error) {
      // The database unreachable: the last content, with the stamp of its last confirmation.
      const served = this.served.get(kind);
      if (served) return served.snapshot;
      throw error;
    }
    const served = this.served.get(kind);
    // A read that started before the one served finished after it: it may miss a save.
    if (served && (this.startOf.get(served.content) ?? 0) > (this.startOf.get(content) ?? 0)) {
      return served.snapshot;
    }
    // The stamp may say "current" only as late as the content was last confirmed.
    const nowSec = this.confirmedSec(kind);
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
      const at = this.deps.now().getTime();
      const reading = readFeedContent(this.deps, kind, this.served.get(kind)?.content);
      content = reading;
      this.contents.set(kind, reading);
      this.pending.add(reading);
      void reading.finally(() => this.pending.delete(reading)).catch(() => {});
      reading.then(
        (read) => {
          this.startOf.set(read, started);
          // A read that started later may have finished first: the newest start wins.
          if ((this.read.get(kind)?.started ?? 0) < started) this.read.set(kind, { content: read, started });
          this.markConfirmed(kind, at);
        },
        () => {
          if (this.contents.get(kind) === reading) this.contents.delete(kind);
        },
      );
    }
    return content;
  }

  private rereading(kind: FeedKind): boolean {
    const content = this.contents.get(kind);
    return content !== undefined && this.pending.has(content);
  }

  /** Seconds of the last confirmation of the feed's content, at most now. */
  private confirmedSec(kind: FeedKind): number {
    const nowMs = this.deps.now().getTime();
    return Math.floor(Math.min(nowMs, this.confirmed.get(kind) ?? 0) / 1000);
  }

  private markConfirmed(kind: FeedKind, at: number): void {
    // A full disk: nothing can be saved nor expired, so the content cannot be kept current and
    // its stamp stays (docs/operations.md "Faults the product survives").
    if (this.deps.disk.full()) return;
    if ((this.confirmed.get(kind) ?? 0) < at) this.confirmed.set(kind, at);
  }

  /**
   * A new slot began since the feed was stamped and its content was not confirmed in it: a poll
   * asks the database first (not again soon after that failed), so the new stamp is true.
   */
  private confirmationDue(kind: FeedKind): boolean {
    const served = this.served.get(kind);
    if (!served) return false;
    const slot = stampSlot(Math.floor(this.deps.now().getTime() / 1000));
    if (slot <= served.snapshot.stamp || this.confirmedSec(kind) >= slot) return false;
    // A database that does not answer (stopped, hung) is never waited for: the poll gets the last
    // snapshot at once (docs/operations.md "Faults the product survives"), as after a failed check;
    // nor one whose disk is full, where no check confirms anything (markConfirmed).
    if (!this.deps.database.responsive() || this.deps.disk.full()) return false;
    if (this.checking && performance.now() - this.checkStartedAt >= CONFIRM_WAIT_MS) return false;
    return performance.now() - this.failedAt >= CONFIRM_RETRY_MS;
  }

  /**
   * Checks the revisions (one check at a time), waiting for it at most until CONFIRM_WAIT_MS after
   * it started: polls that come while a check hangs do not each wait a whole CONFIRM_WAIT_MS more.
   */
  private confirmNow(): Promise<void> {
    const check = this.check();
    const left = CONFIRM_WAIT_MS - (performance.now() - this.checkStartedAt);
    if (left <= 0) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((done) => {
      timer = setTimeout(done, left);
    });
    return Promise.race([check, waited]).finally(() => clearTimeout(timer));
  }

  private check(): Promise<void> {
    if (!this.checking) this.checkStartedAt = performance.now();
    this.checking ??= this.checkRevisions()
      .catch(() => {
        this.failedAt = performance.now();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  /**
   * The content of a feed whose revision is the database's is current as of the query; another
   * revision (a NOTIFY missed) is read again, and confirmed by that read.
   */
  private async checkRevisions(): Promise<void> {
    const at = this.deps.now().getTime();
    const states = await this.deps.db.select().from(feedState);
    for (const kind of FEED_KINDS) {
      const cached = this.contents.get(kind);
      // A re-read that failed (the database away) is tried again, or the feed stays unconfirmed.
      if (!cached && this.served.has(kind)) void this.invalidate(kind);
      // A read under way confirms its content itself when done.
      if (!cached || this.pending.has(cached)) continue;
      const content = await cached.catch(() => undefined);
      if (!content) continue;
      const revision = states.find((s) => s.kind === kind)?.revision ?? 0;
      if (content.revision === revision) this.markConfirmed(kind, at);
      else void this.invalidate(kind);
    }
  }
}

/** A re-read of unchanged content (after a NOTIFY that changed nothing here) is the same content. */
function sameContent(a: FeedContent, b: FeedContent): boolean {
  return a === b || (a.revision === b.revision && a.hash === b.hash);
}
