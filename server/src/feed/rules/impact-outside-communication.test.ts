import { describe, expect, it } from 'vitest';
import { check } from './impact-outside-communication.ts';
import { makeAlert, makeTripUpdate, NOW } from './test-support.ts';

const H = 3_600;
type Range = { start?: number; end?: number };
const fieldsOf = (communicationPeriod: Range[], impactPeriod: Range[]) =>
  check(makeAlert({ informedEntity: [{ routeId: 'STH' }], communicationPeriod, impactPeriod })).map((n) => [
    n.code,
    n.field,
  ]);

describe('impact period outside the communication periods', () => {
  it('accepts an impact equal to its communication period (bounds are inclusive)', () => {
    expect(fieldsOf([{ start: NOW, end: NOW + H }], [{ start: NOW, end: NOW + H }])).toEqual([]);
  });

  it('refuses an impact that starts before or ends after the communication period, at that impact', () => {
    const told = [{ start: NOW, end: NOW + 2 * H }];
    expect(fieldsOf(told, [{ start: NOW - 1, end: NOW + H }])).toEqual([
      ['impact_outside_communication', 'alert.impact_period[0]'],
    ]);
    expect(
      fieldsOf(told, [
        { start: NOW, end: NOW + H },
        { start: NOW + H, end: NOW + 2 * H + 1 },
      ]),
    ).toEqual([['impact_outside_communication', 'alert.impact_period[1]']]);
  });

  it('needs an open communication bound for an open impact bound', () => {
    expect(fieldsOf([{ start: NOW, end: NOW + H }], [{ start: NOW }])).toEqual([
      ['impact_outside_communication', 'alert.impact_period[0]'],
    ]);
    expect(fieldsOf([{ start: NOW }], [{ start: NOW + H }])).toEqual([]);
    expect(fieldsOf([{ end: NOW + H }], [{ end: NOW }])).toEqual([]);
    expect(fieldsOf([{ start: NOW - H }], [{ end: NOW }])).toEqual([
      ['impact_outside_communication', 'alert.impact_period[0]'],
    ]);
  });

  it('takes several communication periods, touching ones as one stretch', () => {
    const told = [
      { start: NOW + 2 * H, end: NOW + 3 * H },
      { start: NOW, end: NOW + H },
      { start: NOW + 5 * H, end: NOW + 6 * H },
    ];
    // Inside the first stretch, inside the last, and across the gap between the first two.
    expect(
      fieldsOf(told, [
        { start: NOW, end: NOW + H },
        { start: NOW + 5 * H, end: NOW + 6 * H },
        { start: NOW + H, end: NOW + 2 * H },
      ]),
    ).toEqual([['impact_outside_communication', 'alert.impact_period[2]']]);
    const touching = [
      { start: NOW, end: NOW + H },
      { start: NOW + H, end: NOW + 2 * H },
    ];
    expect(fieldsOf(touching, [{ start: NOW + H / 2, end: NOW + (3 * H) / 2 }])).toEqual([]);
  });

  it('takes an alert with no communication period as told while in the feed (decided: no notice)', () => {
    expect(fieldsOf([], [{ start: NOW, end: NOW + H }, { start: NOW + 2 * H }])).toEqual([]);
  });

  it('says nothing of alerts without impact periods, nor of trip updates', () => {
    expect(fieldsOf([{ start: NOW, end: NOW + H }], [])).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
