import { describe, expect, it } from 'vitest';
import { decodeFeedEntity, encodeFeedEntity } from './codec.ts';
import { entityKind } from './entity-kind.ts';
import { FeedVerifyError } from './errors.ts';
import { feedEntityFromJson, feedEntityToJson } from './json.ts';

const alertJson = {
  id: 'alert-1',
  alert: {
    activePeriod: [{ start: 1_700_000_000, end: 1_700_086_400 }],
    informedEntity: [{ routeId: 'STH' }],
    cause: 'MAINTENANCE',
    effect: 'SIGNIFICANT_DELAYS',
    descriptionText: { translation: [{ text: 'Werk op die lyn', language: 'af-ZA' }] },
  },
};

describe('protobuf-JSON helpers', () => {
  it('reads enum names or numbers and int64 strings', () => {
    const entity = feedEntityFromJson({
      id: 'tu-1',
      tripUpdate: { trip: { tripId: 'WD-2300', scheduleRelationship: 3 }, timestamp: '1700000000' },
    });
    expect(feedEntityToJson(entity)).toEqual({
      id: 'tu-1',
      tripUpdate: { trip: { tripId: 'WD-2300', scheduleRelationship: 'CANCELED' }, timestamp: 1_700_000_000 },
    });
  });

  it('round-trips an alert through binary with camelCase names and defaults omitted', () => {
    const bytes = encodeFeedEntity(feedEntityFromJson(alertJson));
    expect(feedEntityToJson(decodeFeedEntity(bytes))).toEqual(alertJson);
  });

  it('refuses JSON that misses a required field', () => {
    expect(() => feedEntityFromJson({ id: 'a', vehicle: { position: { latitude: -33.9 } } })).toThrow(
      new FeedVerifyError('vehicle.position.longitude: number expected'),
    );
    expect(() => feedEntityFromJson({ tripUpdate: { trip: {} } })).toThrow(
      new FeedVerifyError('id: string expected'),
    );
    expect(() => feedEntityFromJson('x')).toThrow(new FeedVerifyError('object expected'));
  });
});

describe('entityKind', () => {
  it('names the payload of an entity', () => {
    expect(entityKind({ id: 'a', tripUpdate: { trip: {} } })).toBe('trip_update');
    expect(entityKind({ id: 'a', alert: {} })).toBe('alert');
    expect(entityKind({ id: 'a', vehicle: {} })).toBe('vehicle');
    expect(entityKind({ id: 'a', shape: {} })).toBe('other');
  });
});
