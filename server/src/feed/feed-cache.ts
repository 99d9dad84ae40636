import { feedState } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import { FEED_KINDS, type FeedKind } from './feed-kind.ts';
import { buildFeedSnapshot, type FeedSnapshot } from './feed-snapshot.ts';

/**
 * Each process keeps the encoded feeds in memory and rebuilds one only after it changed: on a
 * NOTIFY from any process, or when a periodic revision check finds a change a NOTIFY missed.
 */
export class FeedCache {
  private readonly snapshots = new Map<FeedKind, Promise<FeedSnapshot>>();
  private timer: NodeJS.Timeout | undefined;
  private off: (() => void) | undefined;

  constructor(private readonly deps: AppDeps) {}

  start(checkEveryMs = 5_000): void {
    this.off = this.deps.bus.on('feed_changed', (kind) => this.invalidate(kind as FeedKind));
    this.timer = setInterval(() => void this.checkRevisions().catch(() => {}), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    this.off?.();
    clearInterval(this.timer);
  }

  invalidate(kind: FeedKind): void {
    this.snapshots.delete(kind);
  }

  get(kind: FeedKind): Promise<FeedSnapshot> {
    let snapshot = this.snapshots.get(kind);
    if (!snapshot) {
      snapshot = buildFeedSnapshot(this.deps, kind);
      this.snapshots.set(kind, snapshot);
      snapshot.catch(() => this.snapshots.delete(kind));
    }
    return snapshot;
  }

  private async checkRevisions(): Promise<void> {
    const states = await this.deps.db.select().from(feedState);
    for (const kind of FEED_KINDS) {
      const cached = this.snapshots.get(kind);
      if (!cached) continue;
      const revision = states.find((s) => s.kind === kind)?.revision ?? 0;
      if ((await cached).revision !== revision) this.invalidate(kind);
    }
  }
}
