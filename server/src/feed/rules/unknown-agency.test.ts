import { describe, expect, it } from 'vitest';
import { context, makeAlert, withSentences } from './test-support.ts';
import { check } from './unknown-agency.ts';

describe('E034 agency_id not in the schedule', () => {
  it('refuses an unknown agency', () => {
    expect(withSentences(check(makeAlert({ informedEntity: [{ agencyId: 'MYCITI' }] }), context()))).toEqual([
      {
        code: 'E034',
        severity: 'error',
        entityId: 'alert-1',
        field: 'alert.informed_entity[0].agency_id',
        value: 'MYCITI',
        message: 'Agency MYCITI is not in the schedule; use an agency_id from agency.txt.',
      },
    ]);
  });

  it('accepts a known agency', () => {
    expect(check(makeAlert({ informedEntity: [{ agencyId: 'PRASA' }] }), context())).toEqual([]);
  });
});
