import { describe, expect, it } from 'vitest';
import { check } from './alert-placeholder-unfilled.ts';
import { makeAlert, makeContext } from './test-support.ts';

describe('alert_placeholder_unfilled', () => {
  it('finds placeholders left in any text of an alert, by field and language', () => {
    const alert = makeAlert('a-1', {
      texts: [
        { field: 'header', language: 'en', text: '{route}: trains cancelled until {until}' },
        { field: 'description', language: 'af', text: 'Treine op {route} is gekanselleer' },
        { field: 'description', language: 'en', text: 'Trains on the Southern line are cancelled.' },
      ],
    });
    expect(check(makeContext({ alerts: [alert] }))).toEqual([
      {
        code: 'alert_placeholder_unfilled',
        severity: 'error',
        entityIds: ['a-1'],
        message:
          'Alert a-1 has unfilled placeholders: {route}, {until} in its header (en); {route} in its description (af); replace them with the words riders should read.',
      },
    ]);
  });

  it('leaves filled texts and braces that are not a placeholder alone', () => {
    const alert = makeAlert('a-1', {
      texts: [
        { field: 'header', language: 'en', text: 'Southern line: trains cancelled until 09:00' },
        { field: 'description', language: '', text: 'Use {the other} line; see {}.' },
      ],
    });
    expect(check(makeContext({ alerts: [alert] }))).toEqual([]);
  });
});
