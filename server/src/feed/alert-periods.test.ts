import { transit_realtime } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { alertAttention } from './alert-attention.ts';
import { lastPeriodEnd } from './alert-periods.ts';
import { alertExpiry } from './entity-expiry.ts';
import { servedEntity } from './served-alert.ts';

const NOW = 1_700_000_000;
const H = 3_600;

describe('alert expiry', () => {
  it('counts from the last end of any active, communication or impact period', () => {
    const alert = {
      activePeriod: [{ start: NOW, end: NOW + H }],
      communicationPeriod: [{ start: NOW, end: NOW + 5 * H }],
      impactPeriod: [{ start: NOW, end: NOW + 3 * H }],
    };
    expect(lastPeriodEnd(alert)).toBe(NOW + 5 * H);
    expect(alertExpiry({ id: 'a', alert }, 24 * H)).toEqual(new Date((NOW + 29 * H) * 1000));
  });

  it('never expires while a period is open-ended (also "forever" as UINT64_MAX), nor without periods', () => {
    expect(
      lastPeriodEnd({ impactPeriod: [{ start: NOW, end: NOW + H }], communicationPeriod: [{ start: NOW }] }),
    ).toBeNull();
    expect(lastPeriodEnd({ impactPeriod: [{ start: NOW, end: 2 ** 64 }] })).toBeNull();
    expect(lastPeriodEnd({})).toBeNull();
  });
});

describe('the served alert', () => {
  const impactPeriod = [
    { start: NOW, end: NOW + H },
    { start: NOW + 2 * H, end: NOW + 3 * H },
  ];

  it('carries active_period = impact periods when it has impact periods and no active_period', () => {
    const entity = {
      id: 'a',
      alert: { activePeriod: [], impactPeriod, communicationPeriod: [{ start: NOW }] },
    };
    const served = servedEntity(entity);
    expect(served.alert.activePeriod).toEqual(impactPeriod);
    expect(Object.keys(served.alert)[0]).toBe('activePeriod');
    // The stored form is left as written.
    expect(entity.alert.activePeriod).toEqual([]);
    const bytes = transit_realtime.FeedEntity.encode(
      servedEntity(transit_realtime.FeedEntity.create(entity)),
    ).finish();
    expect(transit_realtime.FeedEntity.decode(bytes).alert?.activePeriod).toEqual(impactPeriod);
  });

  it('keeps an active_period that was given, and alerts without impact periods, as they are', () => {
    const own = { id: 'a', alert: { activePeriod: [{ start: NOW }], impactPeriod } };
    expect(servedEntity(own)).toBe(own);
    const old = { id: 'b', alert: { activePeriod: [{ start: NOW }] } };
    expect(servedEntity(old)).toBe(old);
  });
});

describe('alert attention in the feed list', () => {
  const times = (nowSecs: number, createdSecs = NOW) => ({ nowSecs, createdSecs, openEndedWarnHours: 24 });
  const entity = (alert: object) => ({ id: 'a', alert });

  it('flags an alert in effect whose impact ends within 30 minutes', () => {
    const ending = entity({ impactPeriod: [{ start: NOW, end: NOW + H }] });
    expect(alertAttention(ending, times(NOW + H - 1_800))).toEqual({ code: 'ending_soon', endsAt: NOW + H });
    expect(alertAttention(ending, times(NOW + H - 1_801))).toBeNull();
    expect(alertAttention(ending, times(NOW + H + 1))).toBeNull();
  });

  it('flags an open-ended alert in effect once older than the configured age', () => {
    const open = entity({ impactPeriod: [{ start: NOW }] });
    expect(alertAttention(open, times(NOW + 24 * H))).toBeNull();
    expect(alertAttention(open, times(NOW + 24 * H + 1))).toEqual({
      code: 'open_ended',
      since: NOW,
      hours: 24,
    });
    expect(alertAttention(entity({}), times(NOW + 25 * H))).toMatchObject({ code: 'open_ended' });
    // Not yet in effect: nothing to flag.
    expect(
      alertAttention(entity({ impactPeriod: [{ start: NOW + 48 * H }] }), times(NOW + 25 * H)),
    ).toBeNull();
  });
});
