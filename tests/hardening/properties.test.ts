import {
  decodeFeedEntity,
  decodeFeedMessage,
  encodeFeedEntity,
  encodeFeedMessage,
  type FeedEntity,
} from '@feeddesk/proto';
import {
  cellTimeToSeconds,
  convertUpload,
  formatGtfsTime,
  parseGtfsTime,
  parseTextTime,
  unwrapMidnight,
} from '@feeddesk/server/gtfs/index';
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

/** Property tests (fast-check) of the codec, the workbook reader, times and trip states. */

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
