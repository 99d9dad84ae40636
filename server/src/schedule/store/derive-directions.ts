import { type GtfsFeed, type GtfsTable, packedRows } from '../../gtfs/index.ts';
import { tableColumns } from './feed-table.ts';

/**
 * Gives a direction_id to the trips of a feed that have none (the workbook format has no such
 * column; many feeds leave it out), in the import worker once stop_times.txt is read, before the
 * trips are encoded: the trips are loaded with their direction. It runs on the column
 * codes of the packed stop times and keeps 8 bytes per stop time of the routes that need it, for
 * the time it runs; it used to be one SQL statement after the load, 16 s of Renfe's 45 s upload
 * (docs/architecture.md "An upload").
 *
 * Stops are compared as stations (the parent station's name, else the stop's name, else its id):
 * trains of opposite directions often call at different platforms of one station.
 *
 * 1. The line's order: one reference trip, the longest of all routes that need directions. Each
 *    route's own reference is its longest trip with a given direction_id, else its longest trip;
 *    it takes its given direction, or 0 when it runs the way of the line's reference (or shares no
 *    two stations with it) and 1 when it runs against it: so "0" means one way along a corridor for
 *    every route of it, and trains of different routes towards one city can be selected together.
 * 2. Each trip without direction: its stations shared with its route's reference, in its own
 *    order, each step forward or backward along the reference. More steps forward: the
 *    reference's direction; more backward: the other one. A loop (A B C A) still has a majority
 *    of steps one way round.
 * 3. A trip with as many steps each way, or fewer than two stations on the reference (a one-stop
 *    trip, a branch shuttle): the direction most trips of its route ending at its terminus have,
 *    else that of most trips starting where it starts; with no such trip or a tie it stays null
 *    (selectable by route or train, never by direction). A trip without stop times stays null.
 *
 * Ties between equally long trips go to the smaller trip_id (code point order).
 *
 * @returns the derived direction of each trip that received one, by trip_id.
 */
export function deriveDirections(feed: GtfsFeed): Map<string, 0 | 1> {
  const trips = readTrips(feed.get('trips.txt'));
  const derived = new Map<string, 0 | 1>();
  if (!trips?.direction.includes(-1)) return derived;
  const stopTimes = feed.get('stop_times.txt');
  if (!stopTimes) return derived;
  const calls = readCalls(stopTimes, trips, stationsOf(feed.get('stops.txt')));
  const { start, station } = calls;
  const count = (t: number) => start[t + 1]! - start[t]!;
  const { id, route, direction, routes } = trips;
  const before = (a: number, b: number) => count(a) > count(b) || (count(a) === count(b) && id[a]! < id[b]!);

  // 1. The line's reference, and each route's.
  let line = -1;
  const reference = new Int32Array(routes.length).fill(-1);
  for (let t = 0; t < id.length; t++) {
    if (!calls.needed[route[t]!] || count(t) === 0) continue;
    if (line < 0 || before(t, line)) line = t;
    const r = reference[route[t]!]!;
    const given = direction[t]! >= 0;
    const refGiven = r >= 0 && direction[r]! >= 0;
    if (r < 0 || (given && !refGiven) || (given === refGiven && before(t, r))) reference[route[t]!] = t;
  }
  if (line < 0) return derived;
  const linePositions = positionsOf(calls, line);
  const referenceDirection = new Int8Array(routes.length).fill(-1);
  const routePositions: (Map<number, number> | undefined)[] = [];
  for (let r = 0; r < routes.length; r++) {
    const ref = reference[r]!;
    if (ref < 0) continue;
    referenceDirection[r] =
      direction[ref]! >= 0 ? direction[ref]! : score(calls, ref, linePositions) < 0 ? 1 : 0;
    routePositions[r] = positionsOf(calls, ref);
  }

  // 2. By the order of the stations each trip shares with its route's reference.
  const known = new Int8Array(id.length).fill(-1);
  for (let t = 0; t < id.length; t++) {
    const r = route[t]!;
    if (!calls.needed[r] || count(t) === 0) continue;
    if (direction[t]! >= 0) {
      known[t] = direction[t]!;
      continue;
    }
    const steps = score(calls, t, routePositions[r]!);
    if (steps > 0) known[t] = referenceDirection[r]!;
    else if (steps < 0) known[t] = 1 - referenceDirection[r]!;
    if (known[t]! >= 0) derived.set(id[t]!, known[t] as 0 | 1);
  }

  // 3. By what the trips of the route ending (else starting) at the same station do.
  const terminus = (t: number) => station[start[t + 1]! - 1]!;
  const origin = (t: number) => station[start[t]!]!;
  const ending = tally(trips, calls, known, terminus);
  const starting = tally(trips, calls, known, origin);
  for (let t = 0; t < id.length; t++) {
    if (!calls.needed[route[t]!] || count(t) === 0 || known[t]! >= 0) continue;
    const d =
      majority(ending.get(`${route[t]} ${terminus(t)}`)) ??
      majority(starting.get(`${route[t]} ${origin(t)}`));
    if (d !== undefined) derived.set(id[t]!, d);
  }
  return derived;
}

type Trips = {
  id: string[];
  /** Route index of each trip (into `routes`). */
  route: Int32Array;
  /** The given direction_id, -1 when none. */
  direction: Int8Array;
  routes: string[];
  indexOf: Map<string, number>;
};

function readTrips(table: GtfsTable | undefined): Trips | undefined {
  if (!table || table.rows.length === 0) return undefined;
  const t = tableColumns(table);
  const [tripId, routeId, directionId] = [t.text('trip_id'), t.text('route_id'), t.text('direction_id')];
  const n = table.rows.length;
  const trips: Trips = {
    id: new Array<string>(n),
    route: new Int32Array(n),
    direction: new Int8Array(n),
    routes: [],
    indexOf: new Map(),
  };
  const routeIndex = new Map<string, number>();
  let i = 0;
  for (const row of table.rows) {
    const id = tripId(row) ?? '';
    const routeKey = routeId(row) ?? '';
    let r = routeIndex.get(routeKey);
    if (r === undefined) {
      r = trips.routes.push(routeKey) - 1;
      routeIndex.set(routeKey, r);
    }
    const given = directionId(row)?.trim();
    trips.id[i] = id;
    trips.route[i] = r;
    trips.direction[i] = given === '0' ? 0 : given === '1' ? 1 : -1;
    if (!trips.indexOf.has(id)) trips.indexOf.set(id, i);
    i++;
  }
  return trips;
}

/** Station of each stop_id: its parent's name, else its name, else the id itself. */
function stationsOf(table: GtfsTable | undefined): Map<string, string> {
  const stations = new Map<string, string>();
  if (!table) return stations;
  const t = tableColumns(table);
  const [stopId, name, parent] = [t.text('stop_id'), t.text('stop_name'), t.text('parent_station')];
  const names = new Map<string, string | null>();
  for (const row of table.rows) names.set(stopId(row) ?? '', name(row));
  for (const row of table.rows) {
    const id = stopId(row) ?? '';
    const parentId = parent(row);
    stations.set(id, (parentId !== null ? names.get(parentId) : null) || name(row) || id);
  }
  return stations;
}

/**
 * The calls of the trips of routes needing directions, grouped by trip and in stop_sequence
 * order: trip t's calls are `start[t]` to `start[t + 1]`, each a station number.
 */
type Calls = { start: Int32Array; station: Int32Array; needed: Uint8Array };

function readCalls(table: GtfsTable, trips: Trips, stations: Map<string, string>): Calls {
  const needed = new Uint8Array(trips.routes.length);
  for (let t = 0; t < trips.id.length; t++) if (trips.direction[t]! < 0) needed[trips.route[t]!] = 1;
  const column = cellReader(table);
  const [tripCol, stopCol, seqCol] = ['trip_id', 'stop_id', 'stop_sequence'].map((f) =>
    table.header.indexOf(f),
  );
  const trip = column(tripCol!, (value) => {
    const t = trips.indexOf.get(value);
    return t !== undefined && needed[trips.route[t]!] ? t : -1;
  });
  const stationNumbers = new Map<string, number>();
  const stop = column(stopCol!, (value) => {
    const name = stations.get(value) || value;
    let n = stationNumbers.get(name);
    if (n === undefined) {
      n = stationNumbers.size;
      stationNumbers.set(name, n);
    }
    return n;
  });
  const sequence = column(seqCol!, (value) => {
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) ? n : -1;
  });
  const rows = table.rows.length;
  const start = new Int32Array(trips.id.length + 1);
  for (let i = 0; i < rows; i++) {
    const t = trip(i);
    if (t >= 0) start[t + 1]!++;
  }
  for (let t = 0; t < trips.id.length; t++) start[t + 1]! += start[t]!;
  const fill = start.slice(0, trips.id.length);
  const station = new Int32Array(start[trips.id.length]!);
  const seq = new Int32Array(station.length);
  for (let i = 0; i < rows; i++) {
    const t = trip(i);
    if (t < 0) continue;
    const at = fill[t]!++;
    station[at] = stop(i);
    // A row without a sequence is ordered by its place in the file, as the load numbers it.
    const s = sequence(i);
    seq[at] = s < 0 ? i : s;
  }
  for (let t = 0; t < trips.id.length; t++) sortBySequence(station, seq, start[t]!, start[t + 1]!);
  return { start, station, needed };
}

/** A column read as numbers, each distinct text mapped once (by its packed code when packed). */
function cellReader(table: GtfsTable) {
  const packed = packedRows(table.rows);
  return (col: number, map: (value: string) => number): ((row: number) => number) => {
    if (col < 0) return () => -1;
    if (packed) {
      const codes = packed.dictionary(col).map((v) => map(v));
      return (row) => codes[packed.code(col, row)]!;
    }
    const seen = new Map<string, number>();
    const rows = table.rows;
    return (row) => {
      const value = rows[row]![col] ?? '';
      let n = seen.get(value);
      if (n === undefined) {
        n = map(value);
        seen.set(value, n);
      }
      return n;
    };
  };
}

/** Orders one trip's calls by sequence; files list them in order nearly always, so check first. */
function sortBySequence(station: Int32Array, seq: Int32Array, from: number, to: number): void {
  let sorted = true;
  for (let i = from + 1; i < to && sorted; i++) sorted = seq[i - 1]! <= seq[i]!;
  if (sorted) return;
  const order = Array.from({ length: to - from }, (_, k) => from + k).sort((a, b) => seq[a]! - seq[b]!);
  const stations = order.map((i) => station[i]!);
  const seqs = order.map((i) => seq[i]!);
  station.set(stations, from);
  seq.set(seqs, from);
}

/** Each station of a trip at the place of its first call. */
function positionsOf(calls: Calls, trip: number): Map<number, number> {
  const positions = new Map<number, number>();
  for (let i = calls.start[trip]!, k = 0; i < calls.start[trip + 1]!; i++, k++) {
    if (!positions.has(calls.station[i]!)) positions.set(calls.station[i]!, k);
  }
  return positions;
}

/** Steps forward minus steps backward along `positions`, over the trip's stations found there. */
function score(calls: Calls, trip: number, positions: Map<number, number>): number {
  let sum = 0;
  let previous = -1;
  for (let i = calls.start[trip]!; i < calls.start[trip + 1]!; i++) {
    const p = positions.get(calls.station[i]!);
    if (p === undefined) continue;
    if (previous >= 0) sum += Math.sign(p - previous);
    previous = p;
  }
  return sum;
}

/** Per route and station: how many trips with a known direction go each way. */
function tally(trips: Trips, calls: Calls, known: Int8Array, stationOf: (t: number) => number) {
  const counts = new Map<string, [number, number]>();
  for (let t = 0; t < trips.id.length; t++) {
    if (known[t]! < 0 || !calls.needed[trips.route[t]!]) continue;
    const key = `${trips.route[t]} ${stationOf(t)}`;
    const c = counts.get(key) ?? counts.set(key, [0, 0]).get(key)!;
    c[known[t]!]!++;
  }
  return counts;
}

function majority(counts: [number, number] | undefined): 0 | 1 | undefined {
  if (!counts || counts[0] === counts[1]) return undefined;
  return counts[0] > counts[1] ? 0 : 1;
}
