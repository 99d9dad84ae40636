import { describe, expect, it } from 'vitest';
import { encodeFeedEntity } from './codec.ts';
import { FeedVerifyError } from './errors.ts';
import { verifyFeedEntity, verifyFeedMessage } from './verify.ts';

const tripUpdate = (extra: object) => ({ id: 'tu-1', tripUpdate: { trip: { tripId: 'WD-2300' }, ...extra } });

describe('verifyFeedEntity', () => {
  it('accepts a trip update as the product writes it', () => {
    const entity = tripUpdate({
      timestamp: 1_700_000_000,
      stopTimeUpdate: [
        { stopSequence: 1, arrival: { delay: 120 } },
        { stopSequence: 2, scheduleRelationship: 1 },
      ],
    });
    expect(verifyFeedEntity(entity)).toBeNull();
  });

  it('accepts the current schema: SPECIAL_EVENT and both kinds of alert period', () => {
    const alert = {
      cause: 13,
      communicationPeriod: [{ start: 1_700_000_000, end: 1_700_090_000 }],
      impactPeriod: [{ start: 1_700_050_000, end: 1_700_080_000 }],
    };
    expect(verifyFeedEntity({ id: 'a', alert })).toBeNull();
  });

  it('refuses an enum value that is not listed', () => {
    expect(verifyFeedEntity({ id: 'a', alert: { cause: 14 } })).toBe('alert.cause: enum value expected');
    expect(verifyFeedEntity(tripUpdate({ stopTimeUpdate: [{ scheduleRelationship: 'SKIPPED' }] }))).toBe(
      'tripUpdate.stopTimeUpdate.scheduleRelationship: enum value expected',
    );
  });

  it('refuses non-integers in integer fields and non-strings in string fields', () => {
    expect(verifyFeedEntity(tripUpdate({ delay: 1.5 }))).toBe('tripUpdate.delay: integer expected');
    expect(verifyFeedEntity(tripUpdate({ timestamp: '1700000000' }))).toBe(
      'tripUpdate.timestamp: integer|Long expected',
    );
    expect(verifyFeedEntity({ id: 7 })).toBe('id: string expected');
  });

  it('refuses NaN and Infinity in float fields', () => {
    const position = (latitude: number) => ({
      id: 'v',
      vehicle: { position: { latitude, longitude: 18.4 } },
    });
    expect(verifyFeedEntity(position(Number.NaN))).toBe('vehicle.position.latitude: finite number expected');
    expect(verifyFeedEntity(position(Number.POSITIVE_INFINITY))).toBe(
      'vehicle.position.latitude: finite number expected',
    );
  });

  it('requires latitude and longitude on a position and text on a translation', () => {
    expect(verifyFeedEntity({ id: 'v', vehicle: { position: { latitude: -33.9 } } })).toBe(
      'vehicle.position.longitude: number expected',
    );
    expect(verifyFeedEntity({ id: 'a', alert: { url: { translation: [{ language: 'en-ZA' }] } } })).toBe(
      'alert.url.translation.text: string expected',
    );
  });

  it('refuses what is not an object', () => {
    expect(verifyFeedEntity(null)).toBe('object expected');
    expect(verifyFeedMessage({ entity: [] })).toBe('header: object expected');
  });
});

describe('encodeFeedEntity', () => {
  it('throws a FeedVerifyError carrying the verification message', () => {
    expect(() => encodeFeedEntity({ id: 'a', alert: { effect: 99 as never } })).toThrow(
      new FeedVerifyError('alert.effect: enum value expected'),
    );
  });
});
