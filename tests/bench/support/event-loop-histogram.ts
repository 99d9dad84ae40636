import { parsePrometheus } from '../../support/prometheus.ts';

/** The cumulative buckets of the product's event-loop delay histogram (seconds → samples at or under). */
export type DelayBuckets = Map<number, number>;

/** Scrapes `feeddesk_event_loop_delay_seconds` from the product's /metrics. */
export async function scrapeEventLoopDelay(baseUrl: string): Promise<DelayBuckets> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const buckets: DelayBuckets = new Map();
  for (const s of parsePrometheus(await res.text())) {
    if (s.name !== 'feeddesk_event_loop_delay_seconds_bucket') continue;
    buckets.set(s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le), s.value);
  }
  if (buckets.size === 0) throw new Error('/metrics has no feeddesk_event_loop_delay_seconds');
  return buckets;
}

/**
 * The delay's distribution between two scrapes, over the whole window (not per second): the
 * samples, the share over 20 and 100 ms, and the p99 interpolated within its bucket as
 * Prometheus' histogram_quantile does (in ms).
 */
export function delayBetween(before: DelayBuckets, after: DelayBuckets) {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counts = bounds.map((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0));
  const samples = counts.at(-1) ?? 0;
  const over = (le: number) => (samples === 0 ? 0 : 1 - (counts[bounds.indexOf(le)] ?? 0) / samples);
  const rank = 0.99 * samples;
  let p99Ms = Number.NaN;
  for (let i = 0; i < bounds.length; i++) {
    if (counts[i]! < rank) continue;
    const lower = i === 0 ? 0 : bounds[i - 1]!;
    const below = i === 0 ? 0 : counts[i - 1]!;
    const upper = bounds[i]!;
    p99Ms =
      upper === Number.POSITIVE_INFINITY
        ? lower * 1000
        : (lower + ((upper - lower) * (rank - below)) / Math.max(1, counts[i]! - below)) * 1000;
    break;
  }
  return { samples, p99Ms, over20: over(0.02), over100: over(0.1) };
}
