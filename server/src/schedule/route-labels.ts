/**
 * How the product names a route or a stop on every screen, summary and drafted text, so that two
 * of them are never shown alike (Caltrain's L1 and L2 are both "Local"; Palo Alto's two
 * platforms are both "Palo Alto Caltrain Station"). A name that is unique in the schedule stands
 * alone; names that repeat get what tells them apart, in brackets.
 */

export type RouteNaming = { routeId: string; longName: string | null; shortName: string | null };

export type StopNaming = {
  stopId: string;
  name: string | null;
  code: string | null;
  platformCode: string | null;
  locationType: number | null;
};

/**
 * route_id → label: the long name, else the short name, else the id; when that repeats, the short
 * name (if it differs and is unique among them) or else the route_id: "Local (L1)", "Local (L2)".
 */
export function labelRoutes(routes: RouteNaming[]): Map<string, string> {
  const base = (r: RouteNaming) => clean(r.longName) || clean(r.shortName) || r.routeId;
  const labels = new Map<string, string>();
  for (const group of groupBy(routes, base)) {
    if (group.length === 1) {
      labels.set(group[0].routeId, base(group[0]));
      continue;
    }
    const shorts = counts(group.map((r) => clean(r.shortName).toLowerCase()));
    for (const r of group) {
      const short = clean(r.shortName);
      const tells =
        short !== '' &&
        short.toLowerCase() !== base(r).toLowerCase() &&
        shorts.get(short.toLowerCase()) === 1;
      labels.set(r.routeId, `${base(r)} (${tells ? short : r.routeId})`);
    }
  }
  return labels;
}

/** GTFS location_type → what a stop is, where that tells it from a namesake. */
const KIND: Record<number, string> = { 1: 'station', 2: 'entrance', 3: 'node', 4: 'boarding area' };

/**
 * stop_id → label: the stop_name, else the id; when that repeats, what the stop is ("station",
 * "platform 2" from platform_code), and when that still repeats its stop_code (if unique among
 * them) or else its stop_id: "Palo Alto (station)", "Palo Alto Caltrain Station (70171)".
 */
export function labelStops(stops: StopNaming[]): Map<string, string> {
  const base = (s: StopNaming) => clean(s.name) || s.stopId;
  const labels = new Map<string, string>();
  for (const group of groupBy(stops, base)) {
    if (group.length === 1) {
      labels.set(group[0].stopId, base(group[0]));
      continue;
    }
    const kind = (s: StopNaming) =>
      clean(s.platformCode) ? `platform ${clean(s.platformCode)}` : (KIND[s.locationType ?? 0] ?? '');
    for (const same of groupBy(group, kind)) {
      const codes = counts(same.map((s) => clean(s.code).toLowerCase()));
      for (const s of same) {
        const code = clean(s.code);
        const id = code !== '' && codes.get(code.toLowerCase()) === 1 ? code : s.stopId;
        const parts = [kind(s), same.length > 1 || !kind(s) ? id : ''].filter(Boolean);
        labels.set(s.stopId, `${base(s)} (${parts.join(', ')})`);
      }
    }
  }
  return labels;
}

/** A label when the schedule knows the id; the id itself otherwise (a stale or foreign reference). */
export function labelOf(labels: Map<string, string>, id: string): string {
  return labels.get(id) ?? id;
}

const clean = (text: string | null) => (text ?? '').trim();

/** Items grouped by a name, ignoring case, in their order. */
function groupBy<T>(items: T[], name: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = name(item).toLowerCase();
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

function counts(values: string[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  return n;
}
