import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs/minimal.js';
import { describe, expect, it } from 'vitest';
import {
  decodeFeedEntity,
  decodeFeedMessage,
  encodeFeedEntity,
  encodeFeedMessage,
  feedEntityId,
  splitFeedMessage,
} from './codec.ts';
import { FeedDecodeError } from './errors.ts';
import { transit_realtime } from './generated/gtfs-realtime.js';
import { feedMessageToJson } from './json.ts';
import { binarySamples, hasRtData, missingDataMessage, rtDir } from './test-data.ts';

if (!hasRtData) console.warn(missingDataMessage);

describe.skipIf(!hasRtData)('real GTFS-Realtime samples', () => {
  const samples = binarySamples();

  it('finds the binary samples', () => {
    expect(samples.length).toBeGreaterThanOrEqual(50);
  });

  it.each(samples)('decodes %s and re-encodes it to the same content', (sample) => {
    const message = decodeFeedMessage(readFileSync(join(rtDir, sample)));
    const again = decodeFeedMessage(encodeFeedMessage(message));
    expect(feedMessageToJson(again)).toEqual(feedMessageToJson(message));
  });

  const transitland = [
    'caltrain/ct-trip-updates.pb',
    'caltrain/ct-vehicle-positions.pb',
    'caltrain/ct-service-alerts.pb',
  ];
  const bart = ['bart/bart-trip-updates.pb', 'bart/bart-alerts.pb', 'bart/example.pb'];
  it.each([...transitland, ...bart])('decodes %s like the transitland JSON beside it', (sample) => {
    const expected = JSON.parse(readFileSync(join(rtDir, `${sample}.json`), 'utf8'));
    const actual = feedMessageToJson(decodeFeedMessage(readFileSync(join(rtDir, sample))));
    expect(normalize(actual)).toEqual(normalize(expected));
  });

  it('refuses invalid/invalid.pb with a FeedDecodeError', () => {
    const bytes = readFileSync(join(rtDir, 'invalid', 'invalid.pb'));
    expect(() => decodeFeedMessage(bytes)).toThrow(new FeedDecodeError('invalid wire type 6 at offset 1'));
  });
});

/** transitland writes int64 as strings and floats at float32 precision: compare numbers, floats as float32. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'string' && /^-?\d+$/.test(value) && value.length > 9) return Number(value);
  if (typeof value === 'number' && !Number.isInteger(value)) return Math.fround(value);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]));
}

const { FeedMessage, FeedHeader } = transit_realtime;
const { Writer } = protobuf;

/** A length-delimited field holding `inner`, written by hand so that required fields can be left out. */
const field = (id: number, inner: Uint8Array) =>
  Writer.create()
    .uint32((id << 3) | 2)
    .bytes(inner)
    .finish();
const join2 = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const entityWith = (id: number, inner: Uint8Array) =>
  join2(field(1, new TextEncoder().encode('e1')), field(id, inner));
const header = { gtfsRealtimeVersion: '2.0', timestamp: 1_700_000_000 };

function decodeError(decode: () => unknown): string {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(FeedDecodeError);
    return (error as Error).message;
  }
  throw new Error('decoding did not fail');
}

describe('decoding errors', () => {
  it('names each missing required field', () => {
    const longitudeOnly = Writer.create().uint32(21).float(18.4).finish();
    const latitudeOnly = Writer.create().uint32(13).float(-33.9).finish();
    const translation = field(1, Writer.create().uint32(18).string('en-ZA').finish());
    const cases: [() => unknown, string][] = [
      [() => decodeFeedMessage(new Uint8Array()), "missing required 'header'"],
      [
        () => decodeFeedMessage(field(1, Writer.create().uint32(16).uint32(0).finish())),
        "missing required 'gtfs_realtime_version'",
      ],
      [() => decodeFeedEntity(Writer.create().uint32(16).bool(true).finish()), "missing required 'id'"],
      [
        () => decodeFeedEntity(entityWith(3, Writer.create().uint32(32).uint64(1_700_000_000).finish())),
        "missing required 'trip'",
      ],
      [() => decodeFeedEntity(entityWith(4, field(2, longitudeOnly))), "missing required 'latitude'"],
      [() => decodeFeedEntity(entityWith(4, field(2, latitudeOnly))), "missing required 'longitude'"],
      [() => decodeFeedEntity(entityWith(5, field(10, translation))), "missing required 'text'"],
    ];
    expect(cases.map(([decode]) => decodeError(decode))).toEqual(cases.map(([, message]) => message));
  });

  it('refuses truncated bytes', () => {
    const bytes = FeedMessage.encode({
      header,
      entity: [{ id: 'trip-1', tripUpdate: { trip: { tripId: 'WD-2300' } } }],
    }).finish();
    expect(decodeError(() => decodeFeedMessage(bytes.subarray(0, bytes.length - 3)))).toMatch(
      /index out of range/,
    );
  });

  it('skips unknown fields such as extensions', () => {
    const known = FeedHeader.encode(header).finish();
    const unknown = Uint8Array.from([...known, 0xc2, 0x3e, 0x02, 0x08, 0x01]); // field 1000, length-delimited
    const bytes = Uint8Array.from([0x0a, unknown.length, ...unknown]);
    expect(feedMessageToJson(decodeFeedMessage(bytes))).toEqual({ header });
  });
});

describe('splitFeedMessage', () => {
  it('gives the header and each entity as decodeFeedMessage reads them, decoding no entity', () => {
    const bytes = FeedMessage.encode({
      header,
      entity: [
        { id: 'trip-1', tripUpdate: { trip: { tripId: 'WD-2300' } } },
        { id: 'trip-2', tripUpdate: { trip: { tripId: 'WD-2301' } } },
      ],
    }).finish();
    const whole = decodeFeedMessage(bytes);
    const split = splitFeedMessage(bytes);
    expect(feedMessageToJson({ header: split.header, entity: split.entities.map(decodeFeedEntity) })).toEqual(
      feedMessageToJson(whole),
    );
    // An entity that cannot be decoded is found only when it is decoded.
    const broken = Uint8Array.from([...FeedHeader.encode(header).finish()]);
    const withBad = Uint8Array.from([0x0a, broken.length, ...broken, 0x12, 0x02, 0x10, 0x01]);
    expect(splitFeedMessage(withBad).entities).toHaveLength(1);
    expect(decodeError(() => decodeFeedEntity(splitFeedMessage(withBad).entities[0]!))).toBe(
      "missing required 'id'",
    );
  });

  it('refuses what decodeFeedMessage refuses of the message itself', () => {
    expect(decodeError(() => splitFeedMessage(new Uint8Array()))).toBe("missing required 'header'");
    const bytes = FeedMessage.encode({ header, entity: [{ id: 'trip-1' }] }).finish();
    expect(decodeError(() => splitFeedMessage(bytes.subarray(0, bytes.length - 3)))).toMatch(
      /index out of range/,
    );
  });
});

describe('feedEntityId', () => {
  it('reads the id of each entity of a split message as decodeFeedEntity does, the rest skipped', () => {
    const entities = [
      { id: 'bus-1', vehicle: { vehicle: { id: 'unit-1' }, position: { latitude: -33.9, longitude: 18.4 } } },
      { id: 'trip-ü', tripUpdate: { trip: { tripId: 't' }, stopTimeUpdate: [{ stopSequence: 1 }] } },
      { id: '', alert: { headerText: { translation: [{ text: 'x' }] } } },
    ];
    const split = splitFeedMessage(
      encodeFeedMessage({ header: { gtfsRealtimeVersion: '2.0' }, entity: entities }),
    );
    expect(split.entities.map(feedEntityId)).toEqual(
      split.entities.map((bytes) => decodeFeedEntity(bytes).id),
    );
    expect(split.entities.map(feedEntityId)).toEqual(['bus-1', 'trip-ü', '']);
  });

  it('keeps the last id of an entity that names two, and throws a FeedDecodeError on broken bytes', () => {
    const one = encodeFeedEntity({ id: 'first', isDeleted: true });
    const two = encodeFeedEntity({ id: 'second', isDeleted: true });
    expect(feedEntityId(new Uint8Array([...one, ...two]))).toBe('second');
    expect(() => feedEntityId(Uint8Array.from(one.subarray(0, 3)))).toThrow(FeedDecodeError);
  });
});
