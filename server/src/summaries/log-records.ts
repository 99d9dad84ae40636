import type { FeedLogRow } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';

/** One alert as the summary shows it: its saves folded together, content of the last save. */
export type AlertRecord = {
  id: string;
  firstAt: number;
  lastAt: number;
  by: string | null;
  deletedAt: number | null;
  /** POSIX seconds, as in the feed; undefined = open. */
  periods: { start?: number; end?: number }[];
  cause: string;
  effect: string;
  severity: string;
  routes: string[];
  stops: string[];
  trips: string[];
  /** By language tag as written ('' = untagged, the feed's default language). */
  headers: Record<string, string>;
  descriptions: Record<string, string>;
};

/** One trip update (one run of a trip): its saves folded together, content of the last save. */
export type TripUpdateRecord = {
  id: string;
  tripId: string;
  routeId: string | null;
  /** `YYYYMMDD` of the trip's start date, or null (the day of the first save is used then). */
  startDate: string | null;
  firstAt: number;
  lastAt: number;
  by: string | null;
  deletedAt: number | null;
  /**
   * Cancelled as riders were told: at first the last save's state; collectSummaryRecords settles
   * it against the trip's run (settleCancelled).
   */
  cancelled: boolean;
  /** When the feed served this run cancelled (ms); `to` null = still; `byDelete` = withdrawn by a delete. */
  cancelledSpans: CancelledSpan[];
  /**
   * Stops skipped as riders were told: at first the last save's; collectSummaryRecords settles
   * them against the run as cancellations are (a disruption lifted before the train left skipped
   * nothing).
   */
  skippedStops: string[];
  /** When the feed served each stop skipped (ms), as `cancelledSpans`. */
  skippedSpans: Record<string, CancelledSpan[]>;
  stops: string[];
  /** Seconds; null when no stop carries a delay. */
  maxDelay: number | null;
  lastStopDelay: number | null;
  /**
   * Seconds: the delay at the train's last served stop (the last stop not skipped that carries a
   * delay, which GTFS-RT carries on to the stops after it); null when none does. Minutes lost by
   * cause sum it (docs/glossary.md "minutes lost").
   */
  lastServedDelay: number | null;
};

export type CancelledSpan = { from: number; to: number | null; byDelete: boolean };

type Json = Record<string, any>;

/**
 * Folds the log, oldest row first, into one record per alert and per trip update. A save after
 * a delete of the same id starts a new record (the entity was published again), and so does a
 * trip update saved for another start date (another run of the trip).
 */
export class LogRecordCollector {
  readonly alerts: AlertRecord[] = [];
  readonly tripUpdates: TripUpdateRecord[] = [];
  private readonly openAlerts = new Map<string, AlertRecord>();
  private readonly openTripUpdates = new Map<string, TripUpdateRecord>();

  add(row: FeedLogRow): void {
    const at = row.at.getTime();
    if (row.kind === 'alert') this.addAlert(row, at);
    else if (row.kind === 'trip_update') this.addTripUpdate(row, at);
  }

  private addAlert(row: FeedLogRow, at: number) {
    const open = this.openAlerts.get(row.entityId);
    if (row.action === 'delete') {
      if (open) open.deletedAt = at;
      this.openAlerts.delete(row.entityId);
      return;
    }
    const alert = (row.json as Json | null)?.alert as Json | undefined;
    if (!alert) return;
    const record = alertRecord(row.entityId, alert, open?.firstAt ?? at, at, row.by);
    if (open) Object.assign(open, record);
    else {
      this.alerts.push(record);
      this.openAlerts.set(row.entityId, record);
    }
  }

  private addTripUpdate(row: FeedLogRow, at: number) {
    const open = this.openTripUpdates.get(row.entityId);
    if (row.action === 'delete') {
      if (open) {
        open.deletedAt = at;
        endSpan(open.cancelledSpans, at, true);
        for (const spans of Object.values(open.skippedSpans)) endSpan(spans, at, true);
      }
      this.openTripUpdates.delete(row.entityId);
      return;
    }
    const tripUpdate = (row.json as Json | null)?.tripUpdate as Json | undefined;
    if (!tripUpdate) return;
    const startDate = typeof tripUpdate.trip?.startDate === 'string' ? tripUpdate.trip.startDate : null;
    const sameRun = open && (open.startDate === startDate || startDate === null);
    const record = tripUpdateRecord(row.entityId, tripUpdate, sameRun ? open.firstAt : at, at, row.by);
    if (sameRun) {
      const spans = open.cancelledSpans;
      const skipped = open.skippedSpans;
      Object.assign(open, {
        ...record,
        startDate: record.startDate ?? open.startDate,
        cancelledSpans: spans,
        skippedSpans: skipped,
      });
      markSpan(spans, record.cancelled, at);
      for (const stop of new Set([...Object.keys(skipped), ...record.skippedStops])) {
        skipped[stop] ??= [];
        markSpan(skipped[stop], record.skippedStops.includes(stop), at);
      }
      return;
    }
    if (open) {
      endSpan(open.cancelledSpans, at, false);
      for (const spans of Object.values(open.skippedSpans)) endSpan(spans, at, false);
    }
    markSpan(record.cancelledSpans, record.cancelled, at);
    for (const stop of record.skippedStops)
      record.skippedSpans[stop] = [{ from: at, to: null, byDelete: false }];
    this.tripUpdates.push(record);
    this.openTripUpdates.set(row.entityId, record);
  }
}

function endSpan(spans: CancelledSpan[], at: number, byDelete: boolean) {
  const last = spans.at(-1);
  if (last && last.to === null) Object.assign(last, { to: at, byDelete });
}

/** A save that serves the state (`on`) opens a span unless one is open; one that does not ends it. */
function markSpan(spans: CancelledSpan[], on: boolean, at: number) {
  if (!on) endSpan(spans, at, false);
  else if (spans.at(-1)?.to !== null) spans.push({ from: at, to: null, byDelete: false });
}

/**
 * Whether riders were told the run is cancelled, over time: it was cancelled when the
 * train was due to leave (`departsAt`, ms), or its last cancellation was never withdrawn before
 * the run ended (`endsAt`: a delete after the run is tidying up, not a withdrawal). A disruption
 * lifted before the train left counts as no cancellation; one lifted after, as one. Without the
 * run's times (no schedule), the last state, a delete withdrawing it.
 */
export function settleCancelled(
  record: Pick<TripUpdateRecord, 'cancelledSpans'>,
  run: { departsAt: number; endsAt: number } | undefined,
): boolean {
  return servedAsTold(record.cancelledSpans, run);
}

/** The stops riders were told the run skips, by the rule of settleCancelled applied to each stop. */
export function settleSkipped(
  record: Pick<TripUpdateRecord, 'skippedSpans'>,
  run: { departsAt: number; endsAt: number } | undefined,
): string[] {
  return Object.entries(record.skippedSpans)
    .filter(([, spans]) => servedAsTold(spans, run))
    .map(([stop]) => stop);
}

function servedAsTold(
  spans: CancelledSpan[],
  run: { departsAt: number; endsAt: number } | undefined,
): boolean {
  const atDeparture =
    run !== undefined &&
    spans.some((s) => s.from <= run.departsAt && (s.to === null || s.to > run.departsAt));
  const last = spans.at(-1);
  const kept =
    last !== undefined && (last.to === null || (last.byDelete && run !== undefined && last.to >= run.endsAt));
  return atDeparture || kept;
}

function alertRecord(id: string, alert: Json, firstAt: number, at: number, by: string | null): AlertRecord {
  const informed: Json[] = Array.isArray(alert.informedEntity) ? alert.informedEntity : [];
  // The history keeps what was written: an alert of the current GTFS-Realtime may give its times as
  // impact periods only (it is served with them as active_period, so the summary shows the same).
  const list = (value: unknown): Json[] => (Array.isArray(value) ? value : []);
  const active = list(alert.activePeriod);
  const periods = active.length > 0 ? active : list(alert.impactPeriod);
  return {
    id,
    firstAt,
    lastAt: at,
    by,
    deletedAt: null,
    periods: periods.map((p) => ({ start: posix(p.start), end: posix(p.end) })),
    cause: enumName(alert.cause, CAUSES, 'UNKNOWN_CAUSE'),
    effect: enumName(alert.effect, EFFECTS, 'UNKNOWN_EFFECT'),
    severity: enumName(alert.severityLevel, SEVERITIES, 'UNKNOWN_SEVERITY'),
    routes: distinct(informed.map((e) => e.routeId)),
    stops: distinct(informed.map((e) => e.stopId)),
    trips: distinct(informed.map((e) => e.trip?.tripId)),
    headers: textsByLanguage(alert.headerText),
    descriptions: textsByLanguage(alert.descriptionText),
  };
}

function tripUpdateRecord(
  id: string,
  tripUpdate: Json,
  firstAt: number,
  at: number,
  by: string | null,
): TripUpdateRecord {
  const trip: Json = tripUpdate.trip ?? {};
  const updates: Json[] = Array.isArray(tripUpdate.stopTimeUpdate) ? tripUpdate.stopTimeUpdate : [];
  let maxDelay: number | null = null;
  let last: Json | undefined;
  let lastServed: Json | undefined;
  for (const u of updates) {
    const delay = delayOf(u);
    if (delay !== null && (maxDelay === null || delay > maxDelay)) maxDelay = delay;
    if (!last || (u.stopSequence ?? 0) >= (last.stopSequence ?? 0)) last = u;
    if (delay !== null && (!lastServed || (u.stopSequence ?? 0) >= (lastServed.stopSequence ?? 0)))
      lastServed = u;
  }
  return {
    id,
    tripId: typeof trip.tripId === 'string' ? trip.tripId : id,
    routeId: typeof trip.routeId === 'string' && trip.routeId ? trip.routeId : null,
    startDate: typeof trip.startDate === 'string' && /^\d{8}$/.test(trip.startDate) ? trip.startDate : null,
    firstAt,
    lastAt: at,
    by,
    deletedAt: null,
    cancelled: trip.scheduleRelationship === 'CANCELED',
    cancelledSpans: [],
    skippedStops: distinct(updates.filter((u) => u.scheduleRelationship === 'SKIPPED').map(stopOf)),
    skippedSpans: {},
    stops: distinct(updates.map(stopOf)),
    maxDelay,
    lastStopDelay: last ? delayOf(last) : null,
    lastServedDelay: lastServed ? delayOf(lastServed) : null,
  };
}

/** The delay of a stop (arrival, else departure), in seconds; null when skipped or unknown. */
function delayOf(update: Json): number | null {
  if (update.scheduleRelationship === 'SKIPPED') return null;
  const delay = update.arrival?.delay ?? update.departure?.delay;
  return typeof delay === 'number' ? delay : null;
}

/** A stop is named by its stop_id; without one, by its sequence (`#3`). */
function stopOf(update: Json): string {
  return typeof update.stopId === 'string' && update.stopId
    ? update.stopId
    : `#${update.stopSequence ?? '?'}`;
}

/** Enums are logged as names (protobuf JSON); a number is turned into its name, never shown as is. */
function enumName(value: unknown, names: Record<number, string>, fallback: string): string {
  if (typeof value === 'string' && value)
    return /^\d+$/.test(value) ? names[Number(value)] || fallback : value;
  if (typeof value === 'number') return names[value] || fallback;
  return fallback;
}

/** The schema's own enums (protobufjs maps each number back to its name). */
const CAUSES = transit_realtime.Alert.Cause as unknown as Record<number, string>;
const EFFECTS = transit_realtime.Alert.Effect as unknown as Record<number, string>;
const SEVERITIES = transit_realtime.Alert.SeverityLevel as unknown as Record<number, string>;

function posix(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A translated string's texts by language tag ('' = untagged); the first of a repeated tag wins. */
function textsByLanguage(value: Json | undefined): Record<string, string> {
  const translations: Json[] = Array.isArray(value?.translation) ? value.translation : [];
  const texts: Record<string, string> = {};
  for (const t of translations) {
    const tag = typeof t.language === 'string' ? t.language : '';
    if (typeof t.text === 'string' && t.text !== '' && !(tag in texts)) texts[tag] = t.text;
  }
  return texts;
}

function distinct(values: unknown[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}
