import { feedEntityToJson } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { alertState, tripUpdateState } from './entity-state.ts';
import { makeSchedule, makeStopTimeUpdate, makeTripUpdate } from './rules/test-support.ts';

// makeSchedule's WD-2300 departs at 08:00 (28 800 s) and arrives at 08:20 (30 000 s) of its day.
const DAY_START = 1_700_000_000;
const schedule = makeSchedule(DAY_START);
const update = feedEntityToJson(makeTripUpdate([makeStopTimeUpdate(2, { arrival: { delay: 0 } })]));

describe('tripUpdateState', () => {
  it('is yet to start while the start time is at or after now (docs/spec.md §4)', () => {
    expect(tripUpdateState(update, schedule, DAY_START + 28_799)).toBe('yet_to_start');
    expect(tripUpdateState(update, schedule, DAY_START + 28_800)).toBe('yet_to_start');
  });

  it('is in progress until the end time, included, then finished', () => {
    expect(tripUpdateState(update, schedule, DAY_START + 28_801)).toBe('in_progress');
    expect(tripUpdateState(update, schedule, DAY_START + 30_000)).toBe('in_progress');
    expect(tripUpdateState(update, schedule, DAY_START + 30_001)).toBe('finished');
  });

  it('shifts the start by the delay of the first stop', () => {
    const late = feedEntityToJson(makeTripUpdate([makeStopTimeUpdate(1, { departure: { delay: 300 } })]));
    expect(tripUpdateState(late, schedule, DAY_START + 29_100)).toBe('yet_to_start');
    expect(tripUpdateState(late, schedule, DAY_START + 29_101)).toBe('in_progress');
  });

  it('is extra for an extra train (DUPLICATED), whatever the time', () => {
    const extra = feedEntityToJson(
      makeTripUpdate(
        [],
        { tripId: 'WD-2300', scheduleRelationship: 6 },
        {
          tripProperties: { tripId: 'WD-2300-X', startDate: '20231115', startTime: '09:00:00' },
        },
      ),
    );
    expect(tripUpdateState(extra, schedule, DAY_START + 28_799)).toBe('extra');
    expect(tripUpdateState(extra, schedule, DAY_START + 90_000)).toBe('extra');
  });

  it('is not in schedule when the schedule lacks the trip, or no schedule is loaded', () => {
    const stranger = feedEntityToJson(makeTripUpdate([], { tripId: 'WD-9999' }));
    expect(tripUpdateState(stranger, schedule, DAY_START)).toBe('not_in_schedule');
    expect(tripUpdateState(update, null, DAY_START)).toBe('not_in_schedule');
  });
});

describe('alertState', () => {
  const NOW = 1_700_000_000;
  const H = 3_600;
  const alert = (fields: object) => ({ id: 'a', alert: { informedEntity: [{ routeId: 'STH' }], ...fields } });

  it('is upcoming while riders are told and the impact is still to come, then active, then ended', () => {
    const entity = alert({
      communicationPeriod: [{ start: NOW - H, end: NOW + 4 * H }],
      impactPeriod: [{ start: NOW + H, end: NOW + 3 * H }],
    });
    expect(alertState(entity, NOW)).toBe('upcoming');
    expect(alertState(entity, NOW + H)).toBe('active');
    expect(alertState(entity, NOW + 3 * H)).toBe('active');
    // Still told to riders for an hour, but service is back: no longer in effect.
    expect(alertState(entity, NOW + 3 * H + 1)).toBe('ended');
  });

  it('is upcoming between two impact periods, and ended after the last', () => {
    const entity = alert({
      impactPeriod: [
        { start: NOW, end: NOW + H },
        { start: NOW + 5 * H, end: NOW + 6 * H },
      ],
    });
    expect(alertState(entity, NOW + 2 * H)).toBe('upcoming');
    expect(alertState(entity, NOW + 6 * H + 1)).toBe('ended');
  });

  it('goes by active_period when there is no impact period (alerts written before it)', () => {
    const entity = alert({ activePeriod: [{ start: NOW + H }] });
    expect(alertState(entity, NOW)).toBe('upcoming');
    expect(alertState(entity, NOW + 100 * H)).toBe('active');
  });

  it('goes by the communication periods when there is no impact nor active period, else is active', () => {
    const told = alert({ communicationPeriod: [{ start: NOW - 2 * H, end: NOW - H }] });
    expect(alertState(told, NOW)).toBe('ended');
    expect(alertState(alert({}), NOW)).toBe('active');
  });

  it('prefers impact periods over an active_period given as well', () => {
    const entity = alert({ activePeriod: [{ start: NOW - H }], impactPeriod: [{ start: NOW + H }] });
    expect(alertState(entity, NOW)).toBe('upcoming');
  });
});
