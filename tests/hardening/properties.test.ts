import {
  decodeFeedEntity,
  decodeFeedMessage,
  encodeFeedEntity,
  encodeFeedMessage,
  type FeedEntity,
} from '@feeddesk/proto';
import { busConnections } from '@feeddesk/server/consistency/replacement-buses';
import * as busOnRailRoute from '@feeddesk/server/consistency/rules/replacement-bus-on-rail-route';
import * as connectionMissed from '@feeddesk/server/consistency/rules/replacement-connection-missed';
import { mergeDisruptionAction } from '@feeddesk/server/disruptions/merge-disruption-action';
import { planReplacementBus } from '@feeddesk/server/disruptions/plan-replacement-bus';
import {
  cellTimeToSeconds,
  convertUpload,
  formatGtfsTime,
  parseGtfsTime,
  parseTextTime,
  unwrapMidnight,
} from '@feeddesk/server/gtfs/index';
import { applyPlannedWorks } from '@feeddesk/server/schedule/planned-works/apply-planned-works';
import { makeFeed } from '@feeddesk/server/schedule/test-support/make-feed';
import { formatLocalTime, parseGtfsTime as parseTime2 } from '@feeddesk/server/schedule/time/gtfs-time';
import {
  localTimeToServiceSecs,
  secondsIntoServiceDay,
  serviceDateOf,
  serviceDayStart,
  serviceDayStartSecs,
} from '@feeddesk/server/schedule/time/service-day';
import { TripState, tripState } from '@feeddesk/server/schedule/time/trip-state';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoWorkbook } from '../support/schedule.ts';

/**
 * Property tests (fast-check) of the codec, the workbook reader, times, trip states and
 * replacement buses (their plan, and the feed rules on what is published).
 */

const text = fc.string({ maxLength: 40 });
const stopTimeEvent = fc.record(
  { delay: fc.integer({ min: -86_400, max: 86_400 }), time: fc.integer({ min: 0, max: 2 ** 31 - 1 }) },
  { requiredKeys: [] },
);
const tripDescriptor = fc.record(
  {
    tripId: text,
    routeId: text,
    startDate: fc.stringMatching(/^20\d\d[01]\d[0-3]\d$/),
    directionId: fc.integer({ min: 0, max: 1 }),
    scheduleRelationship: fc.constantFrom(0, 1, 2, 3, 5),
  },
  { requiredKeys: ['tripId'] },
);
const tripUpdateEntity = fc.record({
  id: text.filter((s) => s.length > 0),
  tripUpdate: fc.record(
    {
      trip: tripDescriptor,
      delay: fc.integer({ min: -3600, max: 3600 }),
      stopTimeUpdate: fc.array(
        fc.record(
          {
            stopSequence: fc.nat({ max: 1000 }),
            stopId: text,
            arrival: stopTimeEvent,
            departure: stopTimeEvent,
            scheduleRelationship: fc.constantFrom(0, 1, 2),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 8 },
      ),
    },
    { requiredKeys: ['trip'] },
  ),
});
const translated = fc.record({
  translation: fc.array(
    fc.record({ text, language: fc.constantFrom('en', 'af', 'xh') }, { requiredKeys: ['text'] }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
});
const timeRanges = fc.array(
  fc.record(
    { start: fc.integer({ min: 0, max: 2 ** 31 }), end: fc.integer({ min: 0, max: 2 ** 31 }) },
    { requiredKeys: [] },
  ),
  { maxLength: 3 },
);
const alertEntity = fc.record({
  id: text.filter((s) => s.length > 0),
  alert: fc.record(
    {
      activePeriod: timeRanges,
      communicationPeriod: timeRanges,
      impactPeriod: timeRanges,
      informedEntity: fc.array(
        fc.record(
          { agencyId: text, routeId: text, stopId: text, trip: tripDescriptor },
          { requiredKeys: [] },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      cause: fc.integer({ min: 1, max: 13 }),
      effect: fc.integer({ min: 1, max: 11 }),
      headerText: translated,
      descriptionText: translated,
    },
    { requiredKeys: [] },
  ),
});
const entity = fc.oneof(tripUpdateEntity, alertEntity) as fc.Arbitrary<FeedEntity>;

/** Both sides as plain JSON-able data, so protobufjs defaults and Long objects compare by value. */
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));

describe('protobuf codec (@feeddesk/proto)', () => {
  it('decodes what it encodes, and encoding the decoded entity gives the same bytes', () => {
    fc.assert(
      fc.property(entity, (e) => {
        const bytes = encodeFeedEntity(e);
        const back = decodeFeedEntity(bytes);
        expect(back.id).toBe(e.id);
        expect(encodeFeedEntity(back)).toEqual(bytes);
        expect(plain(decodeFeedEntity(encodeFeedEntity(back)))).toEqual(plain(back));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every entity of a FeedMessage in order', () => {
    fc.assert(
      fc.property(
        fc.array(entity, { maxLength: 10 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (entities, ts) => {
          const message = {
            header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: ts },
            entity: entities,
          };
          const back = decodeFeedMessage(encodeFeedMessage(message));
          expect(back.entity.map((x) => x.id)).toEqual(entities.map((x) => x.id));
          expect(Number(back.header.timestamp)).toBe(ts);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never throws anything but its own decode error on arbitrary or truncated bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 200 }),
          entity.map((e) => encodeFeedEntity(e)),
        ),
        fc.nat(),
        (bytes, cut) => {
          const input = bytes.subarray(0, bytes.length === 0 ? 0 : cut % (bytes.length + 1));
          try {
            decodeFeedEntity(input);
          } catch (error) {
            expect((error as Error).name).toMatch(/FeedDecodeError/);
            expect((error as Error).message.length).toBeGreaterThan(3);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('GTFS time text', () => {
  it('formats and parses back any time, also past 24:00 (both parsers agree)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 72 * 3600 - 1 }), (secs) => {
        const textTime = formatGtfsTime(secs);
        expect(textTime).toMatch(/^\d{2,}:[0-5]\d:[0-5]\d$/);
        expect(parseGtfsTime(textTime)).toBe(secs);
        expect(parseTime2(textTime)).toBe(secs);
      }),
    );
  });

  it('refuses minutes or seconds past 59 and anything that is not H:MM:SS', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99 }), fc.integer({ min: 60, max: 99 }), (h, bad) => {
        expect(parseGtfsTime(`${h}:${bad}:00`)).toBeUndefined();
        expect(parseGtfsTime(`${h}:00:${bad}`)).toBeUndefined();
        expect(parseTime2(`${h}:${bad}:00`)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const a = parseGtfsTime(s);
        if (a !== undefined) expect(s).toMatch(/^ ?\d{1,3}:[0-5]\d:[0-5]\d$/);
        const b = parseTextTime(s);
        if (b !== undefined) expect(b).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('reads an Excel time cell (Date or day fraction) back to the same second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * 86_400 - 1 }), (secs) => {
        expect(cellTimeToSeconds(secs / 86_400)).toBe(secs);
        expect(cellTimeToSeconds(new Date(Date.UTC(1899, 11, 30) + secs * 1000))).toBe(secs);
      }),
    );
  });

  it('unwraps times along a train past midnight into a non-decreasing sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_399 }),
        fc.array(fc.integer({ min: 0, max: 3 * 3600 }), { maxLength: 30 }),
        (start, steps) => {
          let real = start;
          let previous = unwrapMidnight(undefined, start);
          expect(previous).toBe(start);
          for (const step of steps) {
            real += step;
            const unwrapped = unwrapMidnight(previous, real % 86_400);
            expect(unwrapped).toBe(real);
            previous = unwrapped;
          }
        },
      ),
    );
  });
});

const ZONES = [
  'Africa/Johannesburg',
  'UTC',
  'Europe/Madrid',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
];
const dateArb = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('service days and time zones (with and without DST)', () => {
  it('a moment is always inside its local date’s service day, counted from noon minus 12 h', () => {
    fc.assert(
      fc.property(dateArb, fc.constantFrom(...ZONES), (now, tz) => {
        const date = serviceDateOf(now, tz);
        const into = secondsIntoServiceDay(now, date, tz);
        // a service day is 23–25 h long; the local date starts within an hour of its service-day start
        expect(into).toBeGreaterThanOrEqual(-3600);
        expect(into).toBeLessThan(25 * 3600);
        expect(serviceDayStart(date, tz).plus({ hours: 12 }).toFormat('HH:mm')).toBe('12:00');
      }),
      { numRuns: 300 },
    );
  });

  it('a local wall time read as GTFS seconds shows as the same wall time again', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 4, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (day, tz, h, m) => {
          const date = serviceDateOf(day, tz);
          const wall = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const secs = localTimeToServiceSecs(`${wall}:00`, date, tz)!;
          expect(secs).toBeDefined();
          expect(formatLocalTime(secs, date, tz)).toBe(wall);
          expect(serviceDayStartSecs(date, tz) + secs).toBe(
            Math.round(serviceDayStart(date, tz).plus({ seconds: secs }).toSeconds()),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('in a zone without DST, GTFS seconds are wall-clock seconds since midnight, past 24:00 too', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 48 * 3600 - 60 }), (day, secs) => {
        const tz = 'Africa/Johannesburg';
        const date = serviceDateOf(day, tz);
        const m = Math.floor(secs / 60) % (24 * 60);
        const wall = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect(formatLocalTime(secs, date, tz)).toBe(wall);
      }),
    );
  });
});

describe('trip state classification', () => {
  const trip = fc
    .tuple(
      fc.integer({ min: 0, max: 30 * 3600 }),
      fc.integer({ min: 0, max: 6 * 3600 }),
      fc.integer({ min: -3600, max: 3 * 3600 }),
    )
    .map(([start, length, delay]) => ({ startSecs: start, endSecs: start + length, delaySecs: delay }));

  it('is exactly one of yet to start / in progress / finished, by the delayed ends', () => {
    fc.assert(
      fc.property(trip, fc.integer({ min: -3600, max: 40 * 3600 }), (t, nowSecs) => {
        const state = tripState({ ...t, nowSecs });
        const start = t.startSecs + t.delaySecs;
        const end = t.endSecs + t.delaySecs;
        // Spec: yet to start while the start is at or after now (a trip starting now has not started).
        if (nowSecs <= start) expect(state).toBe(TripState.yetToStart);
        else if (nowSecs > end) expect(state).toBe(TripState.finished);
        else expect(state).toBe(TripState.inProgress);
      }),
      // The boundaries, which random draws seldom hit: now at the delayed start, and at the delayed end.
      {
        examples: [
          [{ startSecs: 3, endSecs: 3, delaySecs: -3 }, 0],
          [{ startSecs: 60, endSecs: 120, delaySecs: 30 }, 90],
          [{ startSecs: 60, endSecs: 120, delaySecs: 30 }, 150],
        ],
      },
    );
  });

  it('only moves forward as time passes, and a delay never makes a trip finish earlier', () => {
    fc.assert(
      fc.property(
        trip,
        fc.integer({ min: 0, max: 40 * 3600 }),
        fc.nat({ max: 3600 }),
        fc.nat({ max: 3600 }),
        (t, now, dt, more) => {
          const order = [TripState.yetToStart, TripState.inProgress, TripState.finished];
          const a = order.indexOf(tripState({ ...t, nowSecs: now }));
          const b = order.indexOf(tripState({ ...t, nowSecs: now + dt }));
          expect(b).toBeGreaterThanOrEqual(a);
          const later = order.indexOf(tripState({ ...t, delaySecs: t.delaySecs + more, nowSecs: now }));
          expect(later).toBeLessThanOrEqual(a);
        },
      ),
    );
  });
});

describe('timetable workbook reader', () => {
  /** The demo workbook with its times moved by `shift` minutes per train column: read back exactly. */
  it('reads generated timetables back to the same trips and times', async () => {
    const base = await demoWorkbook();
    const original = await convertUpload(base);
    expect(original.kind).toBe('timetable_workbook');
    const stopTimesOf = (feed: typeof original.feed) => {
      const table = feed.get('stop_times.txt')!;
      const c = (f: string) => table.header.indexOf(f);
      return table.rows.map((r) => [
        r[c('trip_id')],
        r[c('stop_id')],
        r[c('arrival_time')],
        r[c('departure_time')],
      ]);
    };
    const baseTimes = stopTimesOf(original.feed);
    expect(baseTimes.length).toBeGreaterThan(100);

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 180 }), fc.boolean(), async (shiftMinutes, asText) => {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(Buffer.from(base) as never);
        for (const ws of wb.worksheets) {
          if (!ws.getRow(3).values?.toString().toUpperCase().includes('TRAIN NO')) continue;
          ws.eachRow((row, r) => {
            if (r <= 3) return;
            row.eachCell((cell) => {
              const secs = cellTimeToSeconds(cell.value);
              if (secs === undefined || (typeof cell.value === 'string' && !/:/.test(cell.value))) return;
              if (
                !(cell.value instanceof Date) &&
                typeof cell.value !== 'number' &&
                typeof cell.value !== 'string'
              )
                return;
              const moved = (secs + shiftMinutes * 60) % 86_400;
              if (asText) cell.value = formatGtfsTime(moved).slice(0, 5);
              else {
                cell.value = new Date(Date.UTC(1899, 11, 30) + moved * 1000);
                cell.numFmt = 'hh:mm';
              }
            });
          });
        }
        const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
        const read = await convertUpload(bytes);
        expect(
          read.problems.filter(
            (p) => !('severity' in p) || (p as { severity?: string }).severity === 'error',
          ),
        ).toEqual(original.problems);
        const times = stopTimesOf(read.feed);
        expect(times.map((r) => [r[0], r[1]])).toEqual(baseTimes.map((r) => [r[0], r[1]]));
        times.forEach((row, i) => {
          for (const k of [2, 3]) {
            const was = parseGtfsTime(baseTimes[i]![k]!);
            const now = parseGtfsTime(row[k]!);
            if (was === undefined) expect(now).toBeUndefined();
            else expect((((now! - was - shiftMinutes * 60) % 86_400) + 86_400) % 86_400).toBe(0);
          }
        });
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

/**
 * Replacement buses (docs/contract-notes.md "Dated trips and disruptions", "Planned works in the
 * schedule"): for any train (late evening runs past 24:00 too), any section of it, any margin, bus
 * time and late running, a connection is kept at each end, the train's parts never claim a stop
 * they no longer serve, and a bus is never on a rail route.
 */
describe('replacement buses', () => {
  /** A train of 3–8 calls from 20:00 to past midnight, minutes apart, with dwell at some calls. */
  const trainArb = fc
    .array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 3 })), {
      minLength: 3,
      maxLength: 8,
    })
    .chain((legs) =>
      fc.record({
        legs: fc.constant(legs),
        start: fc.integer({ min: 20 * 60, max: 24 * 60 + 30 }),
        from: fc.nat({ max: legs.length - 1 }),
        to: fc.nat({ max: legs.length - 1 }),
        marginMinutes: fc.integer({ min: 0, max: 30 }),
        busMinutes: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
        entryDelaySecs: fc.integer({ min: 0, max: 1800 }),
      }),
    )
    .filter((t) => t.from !== t.to);
  const callsOf = (t: { legs: [number, number][]; start: number }) => {
    let minute = t.start;
    return t.legs.map(([gap, dwell], i) => {
      if (i > 0) minute += gap;
      const call = {
        stopSequence: (i + 1) * 10,
        stopId: `S${i}`,
        arrivalSecs: minute * 60,
        departureSecs: (minute + dwell) * 60,
      };
      minute += dwell;
      return call;
    });
  };

  it('keeps each connection at least the margin, the bus never going back in time', () => {
    fc.assert(
      fc.property(trainArb, (t) => {
        const calls = callsOf(t);
        const plan = planReplacementBus(calls, {
          fromStopId: `S${t.from}`,
          toStopId: `S${t.to}`,
          marginMinutes: t.marginMinutes,
          busMinutes: t.busMinutes,
          entryDelaySecs: t.entryDelaySecs,
        })!;
        const [first, last] = [Math.min(t.from, t.to), Math.max(t.from, t.to)];
        const margin = t.marginMinutes * 60;
        for (let i = 1; i < plan.bus.length; i++)
          expect(plan.bus[i]!.arrivalSecs).toBeGreaterThanOrEqual(plan.bus[i - 1]!.departureSecs);
        if (first > 0)
          expect(plan.bus[0]!.departureSecs).toBeGreaterThanOrEqual(
            calls[first]!.arrivalSecs + t.entryDelaySecs + margin,
          );
        else expect(plan.bus[0]!.departureSecs).toBe(calls[0]!.departureSecs);
        if (last < calls.length - 1) {
          expect(plan.after[0]!.departureSecs!).toBeGreaterThanOrEqual(plan.bus.at(-1)!.arrivalSecs + margin);
          // Held, never earlier than timetabled, every later call as late.
          for (const [k, call] of plan.after.entries())
            expect(call.departureSecs! - calls[last + k]!.departureSecs).toBe(plan.holdSecs);
        } else expect(plan.after).toEqual([]);
        for (const c of plan.connections) expect(c.minutes * 60).toBeGreaterThanOrEqual(margin);
      }),
      { numRuns: 300 },
    );
  });

  it('the realtime part before never claims a stop after the section starts; the part after none before it ends', () => {
    fc.assert(
      fc.property(trainArb, (t) => {
        const calls = callsOf(t);
        const [first, last] = [Math.min(t.from, t.to), Math.max(t.from, t.to)];
        const tu = mergeDisruptionAction(
          null,
          {
            type: 'replace_by_bus',
            fromStopId: `S${t.from}`,
            toStopId: `S${t.to}`,
            routeId: 'BUS',
            marginMinutes: t.marginMinutes,
            busMinutes: t.busMinutes,
          },
          { id: 'T', tripId: 'T', startDate: '20250923', stops: calls, nowSecs: 1 },
        ).tripUpdate;
        if (first === 0 && last === calls.length - 1) {
          expect(tu.trip.scheduleRelationship).toBe('DELETED');
          return;
        }
        const served = (tu.stopTimeUpdate ?? [])
          .filter((u) => u.scheduleRelationship !== 'SKIPPED')
          .map((u) => calls.findIndex((c) => c.stopSequence === u.stopSequence));
        const skipped = new Set(
          (tu.stopTimeUpdate ?? [])
            .filter((u) => u.scheduleRelationship === 'SKIPPED')
            .map((u) => calls.findIndex((c) => c.stopSequence === u.stopSequence)),
        );
        // Every call the kept part does not run is SKIPPED, not merely closed to riders.
        const kept = first > 0 ? [0, first] : [last, calls.length - 1];
        for (let i = 0; i < calls.length; i++)
          expect(skipped.has(i), `call ${i} of ${calls.length}, kept ${kept}`).toBe(
            i < kept[0]! || i > kept[1]!,
          );
        for (const i of served) expect(i >= kept[0]! && i <= kept[1]!).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('in the live feed, the feed rules find no missed connection and no bus on a rail route, past midnight too', () => {
    const tz = 'America/Los_Angeles';
    fc.assert(
      fc.property(trainArb, fc.constantFrom('20250926', '20251101', '20250308'), (t, date) => {
        const calls = callsOf(t);
        const dayStart = serviceDayStartSecs(date, tz);
        // The train runs late from its first stop: the bus waits for it at the section (as the apply plans it).
        const existing = {
          id: 'T',
          tripUpdate: {
            trip: { tripId: 'T', startDate: date },
            stopTimeUpdate: [{ stopSequence: 10, stopId: 'S0', departure: { delay: t.entryDelaySecs } }],
          },
        };
        const action = {
          type: 'replace_by_bus' as const,
          fromStopId: `S${t.from}`,
          toStopId: `S${t.to}`,
          routeId: 'BUS',
          marginMinutes: t.marginMinutes,
          busMinutes: t.busMinutes,
        };
        const first = Math.min(t.from, t.to);
        const plan = planReplacementBus(calls, {
          ...action,
          entryDelaySecs: first > 0 ? t.entryDelaySecs : 0,
        })!;
        const train = mergeDisruptionAction(existing, action, {
          id: 'T',
          tripId: 'T',
          startDate: date,
          stops: calls,
          nowSecs: 1,
          busPlan: plan,
        }).tripUpdate;
        // The bus and the part after as replacement-bus-trips.ts publishes them: POSIX seconds of the train's day.
        const bus = {
          trip: { tripId: 'T-bus', routeId: 'BUS', startDate: date, scheduleRelationship: 'NEW' },
          stopTimeUpdate: plan.bus.map((c, n) => ({
            stopSequence: n + 1,
            stopId: c.stopId,
            arrival: { time: dayStart + c.arrivalSecs },
            departure: { time: dayStart + c.departureSecs },
          })),
        };
        const split = plan.before.length > 0 && plan.after.length > 0;
        const after = split
          ? {
              trip: { tripId: 'T-after', routeId: 'R', startDate: date, scheduleRelationship: 'NEW' },
              stopTimeUpdate: plan.after.map((c, n) => ({
                stopSequence: n + 1,
                stopId: c.stopId,
                arrival: { time: dayStart + (c.arrivalSecs ?? c.departureSecs)! },
                departure: { time: dayStart + (c.departureSecs ?? c.arrivalSecs)! },
              })),
            }
          : null;
        const connections = busConnections({ bus, train, after, calls, dayStart });
        expect(connections).toHaveLength(plan.connections.length);
        const ctx = {
          now: new Date(dayStart * 1000),
          today: date,
          tripUpdates: [],
          alerts: [],
          vehicles: [],
          schedule: null,
          alertLinks: [],
          headwayGapSecs: 900,
          replacementBuses: [
            {
              entityId: 'T-bus',
              tripId: 'T-bus',
              startDate: date,
              disruptionId: 'd',
              replacesTripId: 'T',
              routeId: 'BUS',
              routeType: 3,
              marginSecs: t.marginMinutes * 60,
              connections,
            },
          ],
        };
        expect(connectionMissed.check(ctx)).toEqual([]);
        expect(busOnRailRoute.check(ctx)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('in planned works, the bus is on a bus route and the parts hold no stop inside the section', () => {
    fc.assert(
      fc.property(trainArb, fc.boolean(), (t, namedRoute) => {
        const calls = callsOf(t);
        const clock = (secs: number) => formatGtfsTime(secs);
        const feed = makeFeed({
          'routes.txt':
            'route_id,agency_id,route_short_name,route_long_name,route_type\nR,A,R,Rail,2\nBUS,A,B,Bus,3',
          'calendar.txt':
            'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,1,1,20250101,20251231',
          'trips.txt': 'route_id,service_id,trip_id\nR,WD,T',
          'stop_times.txt': [
            'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
            ...calls.map(
              (c) => `T,${clock(c.arrivalSecs)},${clock(c.departureSecs)},${c.stopId},${c.stopSequence}`,
            ),
          ].join('\n'),
        });
        const [outcome] = applyPlannedWorks(feed, [
          {
            id: '12345678-0000-0000-0000-000000000000',
            serviceDate: '20250923',
            label: 'Works',
            tripIds: ['T'],
            action: {
              type: 'replace_by_bus',
              fromStopId: `S${t.from}`,
              toStopId: `S${t.to}`,
              ...(namedRoute && { routeId: 'BUS' }),
              marginMinutes: t.marginMinutes,
              busMinutes: t.busMinutes,
            },
          },
        ]);
        expect(outcome!.kept).toBe(true);
        const routeType = new Map(feed.get('routes.txt')!.rows.map((r) => [r[0]!, r[4]!]));
        const trips = feed.get('trips.txt')!.rows;
        const bus = trips.find((r) => r[2] === 'T-pw-12345678-bus')!;
        expect(routeType.get(bus[0]!)).toBe('3');
        const stopsOf = (tripId: string) =>
          feed
            .get('stop_times.txt')!
            .rows.filter((r) => r[0] === tripId)
            .map((r) => ({
              stopId: r[3]!,
              arrival: parseGtfsTime(r[1]!)!,
              departure: parseGtfsTime(r[2]!)!,
            }));
        const [first, last] = [Math.min(t.from, t.to), Math.max(t.from, t.to)];
        const inside = new Set(calls.slice(first + 1, last).map((c) => c.stopId));
        for (const part of ['a', 'b']) {
          const stops = stopsOf(`T-pw-12345678-${part}`);
          for (const s of stops) expect(inside.has(s.stopId)).toBe(false);
          // A part never runs through the section: at most one of its ends.
          const ends = stops.filter((s) => s.stopId === `S${first}` || s.stopId === `S${last}`);
          expect(ends.length).toBeLessThanOrEqual(1);
        }
        const busStops = stopsOf('T-pw-12345678-bus');
        const after = stopsOf('T-pw-12345678-b');
        if (after.length > 0)
          expect(after[0]!.departure).toBeGreaterThanOrEqual(busStops.at(-1)!.arrival + t.marginMinutes * 60);
        const before = stopsOf('T-pw-12345678-a');
        if (before.length > 0)
          expect(busStops[0]!.departure).toBeGreaterThanOrEqual(
            before.at(-1)!.arrival + t.marginMinutes * 60,
          );
      }),
      { numRuns: 200 },
    );
  });
});
