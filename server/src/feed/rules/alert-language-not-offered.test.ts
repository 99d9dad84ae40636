import { describe, expect, it } from 'vitest';
import { check } from './alert-language-not-offered.ts';
import { context, makeAlert, withSentences } from './test-support.ts';

describe("alert translation outside the operator's languages", () => {
  it('warns at the language of each text or URL translation with a tag the operator does not use', () => {
    const alert = makeAlert({
      headerText: {
        translation: [
          { language: 'en-ZA', text: 'Delays' },
          { language: 'af', text: 'Vertragings' },
        ],
      },
      descriptionText: { translation: [{ text: 'untagged: the default language' }] },
      url: { translation: [{ language: 'en-ZAA', text: 'https://example.org' }] },
    });
    expect(withSentences(check(alert, context()))).toEqual([
      {
        code: 'alert_language_not_offered',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text.translation[1].language',
        value: 'af',
        offered: ['en-ZA', 'af-ZA', 'xh-ZA', 'zu-ZA', 'nd', 'st', 'ts', 'tn', 've'],
        message:
          'Language "af" is not one of the operator\'s languages (en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve); use one of those tags.',
      },
      expect.objectContaining({ field: 'alert.url.translation[0].language', value: 'en-ZAA' }),
    ]);
  });

  it("accepts every one of the operator's nine tags", () => {
    const tags = ['en-ZA', 'af-ZA', 'xh-ZA', 'zu-ZA', 'nd', 'st', 'ts', 'tn', 've'];
    const alert = makeAlert({
      headerText: { translation: tags.map((language) => ({ language, text: 'x' })) },
    });
    expect(check(alert, context())).toEqual([]);
  });

  it("follows the operator's settings: en-US and es-US offered, en-ZA is not", () => {
    const alert = makeAlert({
      headerText: {
        translation: [
          { language: 'en-US', text: 'Delays' },
          { language: 'es-US', text: 'Retrasos' },
          { language: 'en-ZA', text: 'Delays' },
        ],
      },
    });
    expect(withSentences(check(alert, { ...context(), languages: ['en-US', 'es-US'] }))).toEqual([
      {
        code: 'alert_language_not_offered',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text.translation[2].language',
        value: 'en-ZA',
        offered: ['en-US', 'es-US'],
        message:
          'Language "en-ZA" is not one of the operator\'s languages (en-US, es-US); use one of those tags.',
      },
    ]);
  });
});
