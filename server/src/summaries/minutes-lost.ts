import { tripCauses } from '@feeddesk/drizzle';
import { and, gte, lte } from 'drizzle-orm';
import { causeLabel, type DelayCause } from '../causes/delay-cause.ts';
import type { Deps } from '../deps.ts';
import { serviceDay } from './count-records.ts';
import type { TripUpdateRecord } from './log-records.ts';

/** The cause code given for each dated train, by `tripId startDate` (YYYYMMDD). */
export type TrainCauses = Map<string, string>;

const trainKey = (tripId: string, startDate: string) => `${tripId} ${startDate}`;
const compact = (isoDay: string) => isoDay.replaceAll('-', '');

/**
 * The causes given for the trains of the records (docs/glossary.md "cause"), read for the
 * service dates the records span (one statement, whatever the number of trains).
 */
export async function loadTrainCauses(
  deps: Pick<Deps, 'db'>,
  tripUpdates: TripUpdateRecord[],
  timezone: string,
): Promise<TrainCauses> {
  let first: string | null = null;
  let last: string | null = null;
  for (const tu of tripUpdates) {
    const day = compact(serviceDay(tu, timezone));
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
  }
  if (first === null || last === null) return new Map();
  const rows = await deps.db
    .select({ tripId: tripCauses.tripId, startDate: tripCauses.startDate, code: tripCauses.code })
    .from(tripCauses)
    .where(and(gte(tripCauses.startDate, first), lte(tripCauses.startDate, last)));
  return new Map(rows.map((r) => [trainKey(r.tripId, r.startDate), r.code]));
}

/** Minutes lost to one cause on one service day. */
export type MinutesLostRow = {
  /** `YYYY-MM-DD`. */
  day: string;
  code: string;
  /** In the language asked for; the code itself when the catalogue no longer has it. */
  label: string;
  gtfsCause: string | null;
  trains: number;
  /** The sum over the trains of the delay at their last served stop, in minutes (one decimal). */
  minutes: number;
};

/**
 * Per service day and cause: the trains given that cause and the minutes they lost, the sum of
 * their delays at their last served stop (docs/glossary.md "minutes lost"); a train early or on
 * time there lost none, a cancelled train is not counted. By day, then most minutes first.
 */
export function minutesLostByCause(
  tripUpdates: TripUpdateRecord[],
  options: { causes: TrainCauses; catalogue: DelayCause[]; timezone: string; language: string },
): MinutesLostRow[] {
  const byKey = new Map<string, { day: string; code: string; trains: Map<string, number> }>();
  for (const tu of tripUpdates) {
    if (tu.cancelled) continue;
    const day = serviceDay(tu, options.timezone);
    const code = options.causes.get(trainKey(tu.tripId, compact(day)));
    if (!code) continue;
    const key = `${day} ${code}`;
    let row = byKey.get(key);
    if (!row) {
      row = { day, code, trains: new Map() };
      byKey.set(key, row);
    }
    // The last record of a train's run counts (a re-published update is the same train).
    row.trains.set(tu.tripId, Math.max(0, tu.lastServedDelay ?? 0));
  }
  const causeOf = new Map(options.catalogue.map((c) => [c.code, c]));
  return [...byKey.values()]
    .map((r) => {
      const cause = causeOf.get(r.code);
      const seconds = [...r.trains.values()].reduce((sum, s) => sum + s, 0);
      return {
        day: r.day,
        code: r.code,
        label: cause ? causeLabel(cause, options.language) : r.code,
        gtfsCause: cause?.gtfsCause ?? null,
        trains: r.trains.size,
        minutes: Math.round((seconds / 60) * 10) / 10,
      };
    })
    .sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : b.minutes - a.minutes || (a.code < b.code ? -1 : 1),
    );
}
