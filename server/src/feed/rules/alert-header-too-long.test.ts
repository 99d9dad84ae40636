import { describe, expect, it } from 'vitest';
import { check } from './alert-header-too-long.ts';
import { makeAlert, withSentences } from './test-support.ts';

const headers = (...texts: [string, string][]) =>
  makeAlert({ headerText: { translation: texts.map(([language, text]) => ({ language, text })) } });

describe('alert header over 100 characters', () => {
  it('warns at each header translation over 100 characters', () => {
    const notices = withSentences(
      check(headers(['en-ZA', 'a'.repeat(100)], ['af-ZA', `${'b'.repeat(101)} `])),
    );
    expect(notices).toEqual([
      {
        code: 'alert_header_too_long',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text.translation[1].text',
        value: 101,
        language: 'af-ZA',
        message:
          'The af-ZA header has 101 characters; keep it under 100 and move the details to the description.',
      },
    ]);
  });

  it('counts characters, not UTF-16 units, and accepts short headers', () => {
    expect(check(headers(['zu-ZA', '🚆'.repeat(100)]))).toEqual([]);
    expect(check(makeAlert({}))).toEqual([]);
  });
});
