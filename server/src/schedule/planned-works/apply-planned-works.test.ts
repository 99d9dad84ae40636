import { describe, expect, it } from 'vitest';
import { type GtfsFeed, PackedRows, packedRows, packedRowsView } from '../../gtfs/index.ts';
import { makeFeed } from '../test-support/make-feed.ts';
import { applyPlannedWorks, type PlannedWork } from './apply-planned-works.ts';

// Saturday 5 Dec 2026 and the Saturday after; WE runs on weekends, T1 and T2 on it, X on another service.
const SAT = '20261205';
const NEXT_SAT = '20261212';
const feed = (): GtfsFeed =>
  makeFeed({
    'routes.txt': 'route_id,route_type\nR,2\nBUS,3',
    'stops.txt': 'stop_id,stop_name\nA,Alpha\nB,Bravo\nC,Charlie\nD,Delta\nE,Echo',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWE,0,0,0,0,0,1,1,20261101,20261231\nWD,1,1,1,1,1,0,0,20261101,20261231',
    'calendar_dates.txt': 'service_id,date,exception_type\nWE,20261225,1',
    'trips.txt': 'route_id,service_id,trip_id,block_id\nR,WE,T1,b1\nR,WE,T2,b1\nR,WD,X,',
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...['A', 'B', 'C', 'D', 'E'].map((s, i) => `T1,10:${i}0:00,10:${i}0:00,${s},${i + 1}`),
      ...['E', 'D', 'C', 'B', 'A'].map((s, i) => `T2,11:${i}0:00,11:${i}0:00,${s},${i + 1}`),
      'X,09:00:00,09:00:00,A,1',
      'X,09:30:00,09:30:00,E,2',
    ].join('\n'),
  });

const work = (action: PlannedWork['action'], tripIds: string[], serviceDate = SAT): PlannedWork => ({
  id: 'abcdef12-3456-7890-abcd-ef1234567890',
  serviceDate,
  action,
  tripIds,
  label: 'Track works',
});

/** Whether a trip runs on a date by the feed's calendar.txt and calendar_dates.txt (GTFS rules). */
function runs(f: GtfsFeed, tripId: string, date: string): boolean {
  const trip = f.get('trips.txt')!.rows.find((r) => r[2] === tripId);
  if (!trip) return false;
  const service = trip[1]!;
  const exception = f.get('calendar_dates.txt')!.rows.find((r) => r[0] === service && r[1] === date);
  if (exception) return exception[2] === '1';
  const cal = f.get('calendar.txt')!.rows.find((r) => r[0] === service);
  if (!cal || date < cal[8]! || date > cal[9]!) return false;
  const day =
    (new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T12:00:00Z`).getUTCDay() + 6) % 7;
  return cal[1 + day] === '1';
}
const callsOf = (f: GtfsFeed, tripId: string) =>
  f
    .get('stop_times.txt')!
    .rows.filter((r) => r[0] === tripId)
    .map((r) => `${r[3]} ${r[1]}`);

describe('applyPlannedWorks', () => {
  it('cancels the selected trips on that date only; the service’s other trips and other dates are unchanged', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [work({ type: 'cancel' }, ['T1'])]);
    expect(outcome).toMatchObject({ kept: true, changed: 1, missing: [], added: [] });
    expect(runs(f, 'T1', SAT)).toBe(false);
    expect(runs(f, 'T1', NEXT_SAT)).toBe(true);
    expect(runs(f, 'T1', '20261225')).toBe(true); // the copy keeps the service's own exceptions
    expect(runs(f, 'T2', SAT)).toBe(true);
    expect(runs(f, 'X', '20261207')).toBe(true);
    expect(f.get('trips.txt')!.rows.find((r) => r[2] === 'T2')![1]).toBe('WE');
  });

  it('replaces the section by a bus: the train’s parts outside it and the bus run that date only, never the train through it', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [
      work({ type: 'replace_by_bus', fromStopId: 'B', toStopId: 'D', routeId: 'BUS', marginMinutes: 5 }, [
        'T1',
        'T2',
      ]),
    ]);
    expect(outcome!.kept).toBe(true);
    expect(outcome!.changed).toBe(2);
    for (const train of ['T1', 'T2']) {
      expect(runs(f, train, SAT)).toBe(false);
      expect(runs(f, train, NEXT_SAT)).toBe(true);
    }
    const id = 'T1-pw-abcdef12';
    // The part before ends at B: no stop time beyond its new end.
    expect(callsOf(f, `${id}-a`)).toEqual(['A 10:00:00', 'B 10:10:00']);
    // The bus leaves B 5 minutes after the train arrives and takes the train's 20 minutes and 10 more.
    expect(callsOf(f, `${id}-bus`)).toEqual(['B 10:15:00', 'C 10:30:00', 'D 10:45:00']);
    // The part after, timetabled from D at 10:30, waits for the bus: it leaves 5 minutes after it, 10:50.
    expect(callsOf(f, `${id}-b`)).toEqual(['D 10:50:00', 'E 11:00:00']);
    // T2 runs the other way: the bus leaves D 5 minutes after the train arrives there.
    expect(callsOf(f, 'T2-pw-abcdef12-bus')).toEqual(['D 11:15:00', 'C 11:30:00', 'B 11:45:00']);
    expect(callsOf(f, 'T2-pw-abcdef12-b')).toEqual(['B 11:50:00', 'A 12:00:00']);
    for (const added of outcome!.added) {
      expect(runs(f, added, SAT)).toBe(true);
      expect(runs(f, added, NEXT_SAT)).toBe(false);
    }
    const bus = f.get('trips.txt')!.rows.find((r) => r[2] === `${id}-bus`)!;
    expect(bus[0]).toBe('BUS');
    expect(bus[3]).toBe(''); // out of the train's block
    expect(outcome!.sentence).toContain('2 trips do not run on 20261205');
  });

  it('keeps the continuing train as timetabled when the bus is in time for it', () => {
    const f = feed();
    applyPlannedWorks(f, [
      work(
        {
          type: 'replace_by_bus',
          fromStopId: 'B',
          toStopId: 'D',
          routeId: 'BUS',
          marginMinutes: 5,
          busMinutes: 10,
        },
        ['T1'],
      ),
    ]);
    expect(callsOf(f, 'T1-pw-abcdef12-bus')).toEqual(['B 10:15:00', 'C 10:20:00', 'D 10:25:00']);
    expect(callsOf(f, 'T1-pw-abcdef12-b')).toEqual(['D 10:30:00', 'E 10:40:00']);
  });

  it('puts the buses on a replacement-bus route of route_type 3 it adds, never on a rail route', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [
      work({ type: 'replace_by_bus', fromStopId: 'B', toStopId: 'D' }, ['T1', 'T2']),
    ]);
    expect(outcome!.kept).toBe(true);
    const routes = f.get('routes.txt')!;
    expect(routes.header).toEqual(['route_id', 'route_type']);
    // Added once for the two trains of R.
    expect(routes.rows).toEqual([
      ['R', '2'],
      ['BUS', '3'],
      ['R-replacement-bus', '3'],
    ]);
    expect(f.get('trips.txt')!.rows.find((r) => r[2] === 'T1-pw-abcdef12-bus')![0]).toBe('R-replacement-bus');
    const named = makeFeed({
      'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nAG,Rail,https://example.org,UTC',
      'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR,AG,R,Riverside,2',
      'stops.txt': 'stop_id,stop_name\nA,Alpha\nB,Bravo\nC,Charlie',
      'calendar.txt':
        'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWE,0,0,0,0,0,1,1,20261101,20261231',
      'trips.txt': 'route_id,service_id,trip_id\nR,WE,T1',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,10:00:00,10:00:00,A,1\nT1,10:10:00,10:10:00,B,2\nT1,10:20:00,10:20:00,C,3',
    });
    applyPlannedWorks(named, [work({ type: 'replace_by_bus', fromStopId: 'B', toStopId: 'C' }, ['T1'])]);
    expect(named.get('routes.txt')!.rows.at(-1)).toEqual([
      'R-replacement-bus',
      'AG',
      '',
      'Riverside replacement bus',
      '3',
    ]);
    // A rail route named for the buses drops the works rather than publish buses as trains.
    const g = feed();
    const [refused] = applyPlannedWorks(g, [
      work({ type: 'replace_by_bus', fromStopId: 'B', toStopId: 'D', routeId: 'R' }, ['T1']),
    ]);
    expect(refused).toMatchObject({ kept: false });
    expect(refused!.sentence).toContain('not a bus route (route_type 2)');
  });

  it('removes a train that runs only inside the section and adds only the bus', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [
      work({ type: 'replace_by_bus', fromStopId: 'A', toStopId: 'E', routeId: 'BUS', marginMinutes: 0 }, [
        'X',
      ]),
    ]);
    expect(outcome).toMatchObject({ kept: false }); // X does not run on a Saturday
    const g = feed();
    const [weekday] = applyPlannedWorks(g, [
      work(
        { type: 'replace_by_bus', fromStopId: 'A', toStopId: 'E', routeId: 'BUS', marginMinutes: 0 },
        ['X'],
        '20261207',
      ),
    ]);
    expect(weekday!.added).toEqual(['X-pw-abcdef12-bus']);
    expect(runs(g, 'X', '20261207')).toBe(false);
  });

  it('adds calls to a stop_times.txt read packed (a large file), which stays packed', () => {
    const f = feed();
    const table = f.get('stop_times.txt')!;
    const packed = new PackedRows(table.header.length);
    for (const row of table.rows) packed.push(row);
    packed.seal();
    table.rows = packedRowsView(packed);
    applyPlannedWorks(f, [work({ type: 'short_turn', stopId: 'C', at: 'end' }, ['T1'])]);
    expect(packedRows(f.get('stop_times.txt')!.rows)).toBeDefined();
    expect(callsOf(f, 'T1-pw-abcdef12-st')).toEqual(['A 10:00:00', 'B 10:10:00', 'C 10:20:00']);
    expect(callsOf(f, 'T1')).toHaveLength(5);
  });

  it('short-turns a copy at the stop on that date', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [work({ type: 'short_turn', stopId: 'C', at: 'end' }, ['T1'])]);
    expect(outcome!.added).toEqual(['T1-pw-abcdef12-st']);
    expect(callsOf(f, 'T1-pw-abcdef12-st')).toEqual(['A 10:00:00', 'B 10:10:00', 'C 10:20:00']);
    expect(runs(f, 'T1', SAT)).toBe(false);
  });

  it('drops a work whose trips are gone or no longer run that date, and names them', () => {
    const f = feed();
    const before = JSON.stringify([...f.entries()]);
    const outcomes = applyPlannedWorks(f, [
      work({ type: 'cancel' }, ['GONE']),
      work({ type: 'cancel' }, ['X']),
    ]);
    expect(outcomes.map((o) => o.kept)).toEqual([false, false]);
    expect(outcomes[0]!.sentence).toMatch(
      /dropped: Track works: none of its trips is in this schedule \(GONE\)/,
    );
    expect(outcomes[1]!.sentence).toMatch(/none of its trips runs on 20261205/);
    expect(JSON.stringify([...f.entries()])).toBe(before);
  });

  it('keeps a work with some trips gone and says which', () => {
    const f = feed();
    const [outcome] = applyPlannedWorks(f, [work({ type: 'delete' }, ['T1', 'GONE'])]);
    expect(outcome).toMatchObject({ kept: true, changed: 1, missing: ['GONE'] });
    expect(outcome!.sentence).toContain('1 of its trips are no longer in the schedule (GONE)');
  });

  it('refuses a bus on a route the schedule lacks', () => {
    const [outcome] = applyPlannedWorks(feed(), [
      work({ type: 'replace_by_bus', fromStopId: 'B', toStopId: 'D', routeId: 'NOPE', marginMinutes: 5 }, [
        'T1',
      ]),
    ]);
    expect(outcome!.sentence).toContain("the buses' route NOPE is not in routes.txt");
  });
});
