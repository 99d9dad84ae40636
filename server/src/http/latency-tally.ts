/**
 * Durations in a log-scale histogram (buckets about 4 % wide, from 0.01 ms past 10 minutes):
 * O(1) per value, percentiles within 4 %, the maximum exact. For figures logged once per period
 * (the polls' access-log summary, the event-loop delay of the vitals line).
 */
export class LatencyTally {
  count = 0;
  maxMs = 0;
  private readonly buckets = new Uint32Array(BUCKETS);

  add(ms: number): void {
    this.count++;
    if (ms > this.maxMs) this.maxMs = ms;
    this.buckets[bucketOf(ms)]!++;
  }

  /** The value at fraction `q` (0.99 for p99) of what was added; 0 when nothing was. */
  percentile(q: number): number {
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.buckets[i]!;
      if (seen >= rank) return Math.min(upperBoundOf(i), this.maxMs);
    }
    return this.maxMs;
  }

  reset(): void {
    this.count = 0;
    this.maxMs = 0;
    this.buckets.fill(0);
  }
}

const BUCKETS = 400;
const BASE_MS = 0.01;
const LOG_STEP = Math.log(1.04);
const bucketOf = (ms: number) =>
  ms <= BASE_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE_MS) / LOG_STEP));
const upperBoundOf = (bucket: number) => BASE_MS * Math.exp(bucket * LOG_STEP);
