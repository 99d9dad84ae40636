import { describe, expect, it } from 'vitest';
import { check } from './alert-without-period.ts';
import { makeAlert, makeTripUpdate, NOW, withSentences } from './test-support.ts';

describe('alert without a period', () => {
  it('warns when the alert has no period', () => {
    expect(withSentences(check(makeAlert({ activePeriod: [] })))).toEqual([
      {
        code: 'alert_without_period',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.active_period',
        message: 'The alert has no period; give the time the disruption starts and, if known, ends.',
      },
    ]);
  });

  it('accepts a period with a start only, and trip updates', () => {
    expect(check(makeAlert({ activePeriod: [{ start: NOW }] }))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
