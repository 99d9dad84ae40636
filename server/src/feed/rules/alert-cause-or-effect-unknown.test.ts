import type { transit_realtime } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './alert-cause-or-effect-unknown.ts';
import { makeAlert, makeTripUpdate, withSentences } from './test-support.ts';

describe('alert with an unknown cause or effect', () => {
  it('warns at a cause and an effect that are left out', () => {
    expect(withSentences(check(makeAlert({})))).toEqual([
      {
        code: 'alert_cause_or_effect_unknown',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.cause',
        value: null,
        message: 'The cause is unknown; choose why service is disrupted (e.g. technical problem, weather).',
      },
      {
        code: 'alert_cause_or_effect_unknown',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.effect',
        value: null,
        message: 'The effect is unknown; choose what riders face (e.g. no service, significant delays).',
      },
    ]);
  });

  it('warns at UNKNOWN_CAUSE, UNKNOWN_EFFECT and numbers the schema does not list', () => {
    expect(check(makeAlert({ cause: 1, effect: 8 })).map((n) => [n.field, n.value])).toEqual([
      ['alert.cause', 1],
      ['alert.effect', 8],
    ]);
    expect(
      check(makeAlert({ cause: 99 as transit_realtime.Alert.Cause, effect: 1 })).map((n) => [
        n.field,
        n.value,
      ]),
    ).toEqual([['alert.cause', 99]]);
  });

  it('accepts a known cause and effect, and trip updates', () => {
    expect(check(makeAlert({ cause: 3, effect: 3 }))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
