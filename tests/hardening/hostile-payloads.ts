import { encodeFeedEntity, encodeFeedMessage, type FeedEntity } from '@feeddesk/proto';
import { BODY_LIMITS } from '@feeddesk/server/http/request-bodies';
import { zipSync } from 'fflate';
import { check } from 'recheck';

/**
 * Payloads of a hostile principal, generated from what each call accepts (docs/quality.md
 * "Reliability and security bars"): a JSON schema (a route's TypeBox schema, a procedure's zod
 * input) filled in by payload class, so a new route or procedure gets them without being told.
 */
export type PayloadClass = 'largest' | 'killer' | 'deep' | 'many';
export const PAYLOAD_CLASSES: PayloadClass[] = ['largest', 'killer', 'deep', 'many'];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  $defs?: Record<string, Schema>;
  definitions?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  [key: string]: unknown;
};

/**
 * Strings that make a backtracking regex work hard: recheck's attack strings for the patterns the
 * product used to have (each held the event loop for seconds) and for the textbook ones. Worked
 * out by the checker when the harness starts, so they follow its findings.
 */
const PROBES: [string, string][] = [
  ['\\[[^\\]\\n]+\\]\\([^)\\s]+\\)', ''],
  ['^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$', ''],
  ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', ''],
  ['^\\s*=?\\s*HYPERLINK\\s*\\(\\s*"((?:[^"]|"")*)"', 'i'],
  ['=\\(\\d+, (.*)\\) is duplicated', ''],
  ['^(a+)+$', ''],
  ['^(\\w+\\s?)*$', ''],
];

/** One pump of each attack (prefix + pump + suffix) and the classic `[a](`; repeated to length by `fill`. */
export async function attackStrings(): Promise<{ prefix: string; pump: string; suffix: string }[]> {
  const found: { prefix: string; pump: string; suffix: string }[] = [
    { prefix: '', pump: '[a](', suffix: '' },
  ];
  for (const [source, flags] of PROBES) {
    const d = await check(source, flags, { timeout: 20_000 });
    if (d.status !== 'vulnerable') continue;
    const [first] = d.attack.pumps;
    if (first) found.push({ prefix: first.prefix, pump: first.pump, suffix: d.attack.suffix });
  }
  return found;
}

/** An attack string of exactly `length` characters (or less when the pump is longer). */
export function fill(attack: { prefix: string; pump: string; suffix: string }, length: number): string {
  const room = length - attack.prefix.length - attack.suffix.length;
  if (room < attack.pump.length)
    return attack.pump.repeat(Math.max(1, Math.floor(length / attack.pump.length)));
  return attack.prefix + attack.pump.repeat(Math.floor(room / attack.pump.length)) + attack.suffix;
}

export type Generator = {
  cls: PayloadClass;
  /** Characters of an unbounded string; a bounded one is filled to its maxLength up to this. */
  stringLength: number;
  /** Items of an array without maxItems; a bounded one is filled to its maxItems up to this. */
  arrayLength: number;
  attacks: { prefix: string; pump: string; suffix: string }[];
};

/** What fits a few simple patterns, so a value passes validation and reaches the service. */
const PATTERN_CANDIDATES = ['20250923', '07:30', '07:30:00', '2025-09-23', '2025-09-23T07:30', '1', 'en'];

/** A value of `schema` for the class: strings and arrays at their largest, attack strings in every string. */
export function sample(
  schema: Schema | undefined,
  g: Generator,
  root: Schema = schema ?? {},
  depth = 0,
): unknown {
  if (!schema || depth > 24) return null;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return sample(root.$defs?.[name] ?? root.definitions?.[name], g, root, depth + 1);
  }
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const chosen = alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!;
    return sample(chosen, g, root, depth + 1);
  }
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((s) => sample(s, g, root, depth + 1));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  const types = [schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string')].flat();
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {}))
        out[key] = sample(value, g, root, depth + 1);
      return out;
    }
    case 'array': {
      const item = Array.isArray(schema.items) ? schema.items[0] : (schema.items ?? schema.prefixItems?.[0]);
      const wanted = g.cls === 'deep' ? 1 : g.arrayLength;
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? wanted, wanted));
      return Array.from({ length: n }, () => sample(item, g, root, depth + 1));
    }
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringOf(schema, g);
  }
}

let nextAttack = 0;
function stringOf(schema: Schema, g: Generator): string {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fits = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (fits && g.cls !== 'killer') return fits;
  }
  const wanted = g.cls === 'deep' ? 8 : g.stringLength;
  const length = Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? wanted, wanted));
  if (g.cls === 'killer') return fill(g.attacks[nextAttack++ % g.attacks.length]!, length);
  return 'a'.repeat(length);
}

/** JSON nested `levels` deep, the most a body may nest is BODY_LIMITS.jsonDepth. */
export function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/**
 * A JSON body of the class that fits the default body limit: sizes halved until it does (a body
 * over the limit is refused before anything reads it, which tests nothing but the limit).
 */
export function jsonBody(
  schema: Schema | undefined,
  cls: PayloadClass,
  attacks: Generator['attacks'],
): unknown {
  for (const [stringLength, arrayLength] of SIZES[cls]) {
    let value = sample(schema, { cls, stringLength, arrayLength, attacks });
    // One level is the body itself, one the property holding the nest.
    if (cls === 'deep' && value && typeof value === 'object' && !Array.isArray(value))
      value = { ...value, nested: nested(BODY_LIMITS.jsonDepth - 2) };
    const text = JSON.stringify(value) ?? '';
    if (text.length < BODY_LIMITS.bytes * 0.95) return value;
  }
  return sample(schema, { cls, stringLength: 1, arrayLength: 1, attacks });
}

const SIZES: Record<PayloadClass, [number, number][]> = {
  largest: [
    [10_000, 500],
    [10_000, 100],
    [2_000, 50],
    [500, 20],
    [100, 5],
  ],
  killer: [
    [10_000, 20],
    [10_000, 5],
    [2_000, 5],
    [500, 2],
  ],
  deep: [[8, 1]],
  many: [
    [8, 2_000],
    [8, 500],
    [8, 100],
  ],
};

/** Query-string and path values stay under the header limits: the same classes, shorter. */
export function urlValues(schema: Schema | undefined, cls: PayloadClass, attacks: Generator['attacks']) {
  const value = sample(schema, {
    cls,
    stringLength: cls === 'killer' ? 1_500 : 200,
    arrayLength: 5,
    attacks,
  });
  return (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
}

/** Alert texts of the class, as many as a 1 MB protobuf body holds. */
export function hostileAlert(id: string, cls: PayloadClass, attacks: Generator['attacks']): FeedEntity {
  const textLength = cls === 'deep' ? 8 : 10_000;
  const translations = cls === 'many' ? 1 : 3;
  const text = (i: number) =>
    cls === 'killer' ? fill(attacks[i % attacks.length]!, textLength) : 'a'.repeat(textLength);
  const translated = (offset: number) => ({
    translation: Array.from({ length: translations }, (_, i) => ({ text: text(offset + i), language: 'en' })),
  });
  return {
    id,
    alert: {
      activePeriod: [{ start: Math.floor(Date.now() / 1000), end: Math.floor(Date.now() / 1000) + 3600 }],
      informedEntity: Array.from({ length: cls === 'many' ? 500 : 20 }, (_, i) => ({ stopId: `stop-${i}` })),
      headerText: translated(0),
      descriptionText: translated(3),
      ttsHeaderText: translated(6),
      ttsDescriptionText: translated(9),
      causeDetail: translated(12),
      effectDetail: translated(15),
    },
  };
}

function hostileTripUpdate(id: string, cls: PayloadClass, attacks: Generator['attacks']): FeedEntity {
  const tripId = cls === 'killer' ? fill(attacks[0]!, 200) : `trip-${id}`;
  return {
    id,
    tripUpdate: {
      trip: { tripId, startDate: '20250923' },
      stopTimeUpdate: Array.from({ length: cls === 'deep' ? 1 : 200 }, (_, i) => ({
        stopSequence: i + 1,
        stopId: cls === 'killer' ? fill(attacks[(i + 1) % attacks.length]!, 200) : `stop-${i}`,
        arrival: { delay: 60 },
      })),
    },
  };
}

function hostileVehicle(id: string, cls: PayloadClass, attacks: Generator['attacks']): FeedEntity {
  return {
    id,
    vehicle: {
      trip: { tripId: cls === 'killer' ? fill(attacks[0]!, 200) : `trip-${id}` },
      vehicle: { id, label: cls === 'killer' ? fill(attacks[1 % attacks.length]!, 200) : id },
      position: { latitude: -33.9, longitude: 18.4 },
      timestamp: Math.floor(Date.now() / 1000),
    },
  };
}

const MAX_PROTOBUF_BYTES = 1024 * 1024;

/**
 * A protobuf body for a route that reads one FeedEntity or a FeedMessage: the entity kind its path
 * names, as many entities as 1 MB holds for `many`, attack strings in its texts and ids for `killer`.
 */
export function protobufBody(
  path: string,
  description: string,
  cls: PayloadClass,
  attacks: Generator['attacks'],
): Uint8Array {
  const make = path.includes('alert')
    ? hostileAlert
    : path.includes('vehicle')
      ? hostileVehicle
      : hostileTripUpdate;
  const tag = `hostile-${cls}`;
  if (!/FeedMessage/.test(description)) return encodeFeedEntity(make(tag, cls, attacks));
  const entities: FeedEntity[] = [];
  let bytes = 0;
  const wanted = cls === 'many' ? 100_000 : 10;
  while (entities.length < wanted) {
    const entity = make(`${tag}-${entities.length}`, cls, attacks);
    bytes += encodeFeedEntity(entity).length + 4;
    if (bytes > MAX_PROTOBUF_BYTES * 0.95) break;
    entities.push(entity);
  }
  return encodeFeedMessage({
    header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(Date.now() / 1000) },
    entity: entities,
  });
}

/**
 * A GTFS zip of the class: a schedule whose float and e-mail fields hold the attack strings (a
 * 7 KB zip of such cells kept both cores busy for minutes), or many small rows.
 */
export function gtfsZip(cls: PayloadClass, attacks: Generator['attacks']): Uint8Array {
  const cell = (i: number) => (cls === 'killer' ? fill(attacks[i % attacks.length]!, 50_000) : '1');
  const rows = cls === 'many' ? 20_000 : 3;
  const stops = ['stop_id,stop_name,stop_lat,stop_lon'];
  for (let i = 0; i < rows; i++) stops.push(`S${i},Stop ${i},${cell(i + 1)},${cell(i + 2)}`);
  const text = (s: string) => new TextEncoder().encode(s);
  return zipSync({
    'agency.txt': text(
      `agency_id,agency_name,agency_url,agency_timezone,agency_email\nA,Agency,https://example.org,Africa/Johannesburg,${cell(2)}\n`,
    ),
    'stops.txt': text(`${stops.join('\n')}\n`),
    'routes.txt': text('route_id,agency_id,route_short_name,route_type\nR,A,R,2\n'),
    'trips.txt': text('route_id,service_id,trip_id\nR,WD,T1\n'),
    'stop_times.txt': text(
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,07:00:00,07:00:00,S0,1\nT1,07:10:00,07:10:00,S1,2\n',
    ),
    'calendar.txt': text(
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20250101,20261231\n',
    ),
  });
}
