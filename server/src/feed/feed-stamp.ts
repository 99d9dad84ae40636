/**
 * docs/rest-api.md "What every feed consumer gets": header.timestamp changes when the content changes,
 * never decreases, and is never more than 30 seconds old. A feed whose content did not change is
 * re-stamped on a grid of STAMP_EVERY_SECONDS shared by every process (the wall clock's multiples
 * of 15 s): processes serving the same content with clocks in step stamp it alike, so their bytes
 * and ETags agree behind a load balancer, and a poller's 304 keeps working until the next slot.
 */
export const STAMP_EVERY_SECONDS = 15;

export type FeedStampOptions = {
  /** POSIX seconds the content last changed (feed_state.changed_at, shared by every process). */
  changedSec: number;
  nowSec: number;
  /** The last stamp this process served for the feed, and whether the content is new since. */
  previous?: { stamp: number; contentChanged: boolean };
};

/** The grid slot `nowSec` falls in: the latest stamp a feed whose content did not change carries. */
export function stampSlot(nowSec: number): number {
  return nowSec - (((nowSec % STAMP_EVERY_SECONDS) + STAMP_EVERY_SECONDS) % STAMP_EVERY_SECONDS);
}

/**
 * The header.timestamp to serve: the later of the content's change and the current slot, never
 * below the previous stamp; and a change of content always moves it, by one second past the
 * previous stamp when both fall in the same second. That may lead the clock by at most one second:
 * further changes within that second keep the stamp (their ETag still differs), so a burst of saves
 * cannot push the stamp into the future.
 */
export function feedStamp(options: FeedStampOptions): number {
  const { changedSec, nowSec, previous } = options;
  let stamp = Math.max(changedSec, stampSlot(nowSec), previous?.stamp ?? 0);
  if (previous?.contentChanged && stamp === previous.stamp && stamp + 1 <= nowSec + 1) stamp += 1;
  return stamp;
}
