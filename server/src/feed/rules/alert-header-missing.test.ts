import { describe, expect, it } from 'vitest';
import { check } from './alert-header-missing.ts';
import { makeAlert, makeTripUpdate, withSentences } from './test-support.ts';

const texts = (pairs: [string, string][]) => ({
  translation: pairs.map(([language, text]) => ({ language, text })),
});

describe('alert without a header', () => {
  it('warns when no language has a header (a blank one counts as none)', () => {
    const alert = makeAlert({
      headerText: texts([['en-ZA', '  ']]),
      descriptionText: texts([['en-ZA', 'Late']]),
    });
    expect(withSentences(check(alert))).toEqual([
      {
        code: 'alert_header_missing',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text',
        message: 'The alert has no header; write a short header riders read first.',
      },
    ]);
  });

  it('warns once per language that has a description but no header', () => {
    const alert = makeAlert({
      headerText: texts([['en-ZA', 'Delays']]),
      descriptionText: texts([
        ['en-ZA', 'Trains run late.'],
        ['af-ZA', 'Treine is laat.'],
        ['af-ZA', 'Nog.'],
      ]),
    });
    expect(withSentences(check(alert))).toEqual([
      {
        code: 'alert_header_missing',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text',
        value: 'af-ZA',
        message: 'The alert has a description in af-ZA but no header in af-ZA; write a short header for it.',
      },
    ]);
  });

  it('accepts a header in every described language, and trip updates', () => {
    const alert = makeAlert({
      headerText: texts([['en-ZA', 'Delays']]),
      descriptionText: texts([['en-ZA', 'x']]),
    });
    expect(check(alert)).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
