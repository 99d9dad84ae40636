import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { FeedConfirmationSource, Metrics, QuotaUseSource } from '../deps.ts';
import { cachedFor } from './cached-for.ts';
import type { OperationalFigures } from './read-operational-figures.ts';

/**
 * The Prometheus metrics of one process (docs/rest-api.md "Operations"). The feed, consistency and
 * schedule gauges are read from the database when scraped, so every process reports the shared
 * state; the read is cached for `cacheSeconds` so frequent scrapes cannot load the database.
 */
export function createMetrics(options: {
  readFigures: () => Promise<OperationalFigures>;
  cacheSeconds: number;
  /** Free bytes in DATA_DIR (statfs), undefined when unknown. */
  freeBytes?: () => number | undefined;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const cached = cachedFor(options.cacheSeconds * 1000, options.readFigures);
  // The database unreachable: these gauges are left out, the scrape still answers (with the
  // process's own figures, feeddesk_feed_confirmed_age_seconds among them).
  const figures = () => cached().catch(() => undefined);
  const registers = [registry];

  new Gauge({
    name: 'feeddesk_data_dir_free_bytes',
    help: 'Bytes free for the product in DATA_DIR (statfs), where the embedded PostgreSQL keeps its data; absent when unknown.',
    registers,
    collect() {
      const free = options.freeBytes?.();
      this.reset();
      if (free !== undefined) this.set(free);
    },
  });
  new Gauge({
    name: 'feeddesk_feed_entities',
    help: 'Entities in each live feed (updates, alerts, positions).',
    labelNames: ['feed'],
    registers,
    async collect() {
      const read = await figures();
      this.reset();
      if (!read) return;
      const { feeds } = read;
      for (const f of feeds) this.set({ feed: f.feed }, f.entities);
    },
  });
  new Gauge({
    name: 'feeddesk_feed_age_seconds',
    help: 'Seconds since the content of each feed last changed (absent for a feed never changed).',
    labelNames: ['feed'],
    registers,
    async collect() {
      const read = await figures();
      this.reset();
      if (!read) return;
      const { feeds } = read;
      const now = Date.now();
      for (const f of feeds)
        if (f.changedAt) this.set({ feed: f.feed }, (now - f.changedAt.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'feeddesk_consistency_findings',
    help: 'Consistency findings across the live feed and the current schedule (GET /feed/consistency), by severity.',
    labelNames: ['severity'],
    registers,
    async collect() {
      const read = await figures();
      this.reset();
      if (!read) return;
      const { findings } = read;
      for (const [severity, count] of Object.entries(findings)) this.set({ severity }, count);
    },
  });
  new Gauge({
    name: 'feeddesk_schedule_rows',
    help: 'Rows of the current schedule version (the last successful load), by table.',
    labelNames: ['table'],
    registers,
    async collect() {
      const read = await figures();
      this.reset();
      if (!read) return;
      const { schedule } = read;
      for (const [table, rows] of Object.entries(schedule?.counts ?? {})) this.set({ table }, rows);
    },
  });
  new Gauge({
    name: 'feeddesk_schedule_activated_timestamp_seconds',
    help: 'When the current schedule version became current (POSIX seconds).',
    registers,
    async collect() {
      const read = await figures();
      this.reset();
      if (!read) return;
      const { schedule } = read;
      if (schedule?.activatedAt) this.set(schedule.activatedAt.getTime() / 1000);
    },
  });
  const confirmations = new Set<FeedConfirmationSource>();
  new Gauge({
    name: 'feeddesk_feed_confirmed_age_seconds',
    help: 'Seconds since this process last confirmed each feed current against the database (the feed stops re-stamping its header while this grows: the database cannot be reached).',
    labelNames: ['feed'],
    registers,
    collect() {
      this.reset();
      for (const source of confirmations)
        for (const { feed, ageSeconds } of source()) this.set({ feed }, ageSeconds);
    },
  });
  const loadPhases = new Gauge({
    name: 'feeddesk_schedule_load_phase_seconds',
    help: 'Duration of each phase of the last schedule upload this process ran: read, validate (the rows load meanwhile), load (the rest of the load until current); they add up to the whole.',
    labelNames: ['phase'],
    registers,
  });

  const quotaUses = new Set<QuotaUseSource>();
  new Gauge({
    name: 'feeddesk_quota_in_use',
    help: 'What all principals hold now of each quota counted in this process (open subscriptions, websockets, previews, uploads, summaries).',
    labelNames: ['quota'],
    registers,
    collect() {
      this.reset();
      for (const source of quotaUses) for (const { quota, inUse } of source()) this.set({ quota }, inUse);
    },
  });

  return {
    registry,
    figuresChanged() {
      cached.invalidate();
    },
    httpRequests: new Histogram({
      name: 'feeddesk_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class (2xx, 4xx…): durations, and their count.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'feeddesk_job_duration_seconds',
      help: 'Jobs run by this process (schedule uploads, summaries), by kind and final status.',
      labelNames: ['kind', 'status'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers,
    }),
    eventLoopDelay: new Histogram({
      name: 'feeddesk_event_loop_delay_seconds',
      help: "The main thread's event-loop delay, sampled every 10 ms: how long a request arriving then could have waited behind other work (histogram_quantile over a window gives its p99).",
      buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
      registers,
    }),
    quotaRefusals: new Counter({
      name: 'feeddesk_quota_refusals_total',
      help: 'Acts refused because a principal (a signed-in user or an API token) reached one of its quotas, by quota.',
      labelNames: ['quota'],
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'feeddesk_webhook_attempts_total',
      help: 'Webhook deliveries sent by this process, by outcome: delivered (a 2xx), refused (another status) or failed (no answer: timeout, refused connection).',
      labelNames: ['outcome'],
      registers,
    }),
    mails: new Counter({
      name: 'feeddesk_mails_total',
      help: "Riders' mails by kind (confirm, alert) and result: sent, retried (an attempt failed), given_up, skipped (over SUBSCRIPTION_MAILS_PER_HOUR).",
      labelNames: ['kind', 'result'],
      registers,
    }),
    reportQuotaUse(source) {
      quotaUses.add(source);
      return () => quotaUses.delete(source);
    },
    reportFeedConfirmation(source) {
      confirmations.add(source);
      return () => confirmations.delete(source);
    },
    timeScheduleLoad() {
      loadPhases.reset();
      let since = performance.now();
      return {
        phaseDone(phase) {
          const now = performance.now();
          loadPhases.set({ phase }, (now - since) / 1000);
          since = now;
        },
      };
    },
  };
}
