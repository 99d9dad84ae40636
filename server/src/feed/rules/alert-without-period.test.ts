import { describe, expect, it } from 'vitest';
import { check } from './alert-without-period.ts';
import { makeAlert, makeTripUpdate, NOW, withSentences } from './test-support.ts';

describe('alert without an impact period', () => {
  it('warns when the alert has neither an impact period nor an active period, even with a communication period', () => {
    expect(
      withSentences(check(makeAlert({ activePeriod: [], communicationPeriod: [{ start: NOW }] }))),
    ).toEqual([
      {
        code: 'alert_without_period',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.impact_period',
        message: 'The alert has no impact period; give the time the disruption starts and, if known, ends.',
      },
    ]);
  });

  it('accepts an impact period, or an older alert with an active period, and trip updates', () => {
    expect(check(makeAlert({ impactPeriod: [{ start: NOW }] }))).toEqual([]);
    expect(check(makeAlert({ activePeriod: [{ start: NOW }] }))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
