import { describe, expect, it } from 'vitest';
import { check } from './alert-description-too-long.ts';
import { makeAlert, withSentences } from './test-support.ts';

const descriptions = (...texts: [string, string][]) =>
  makeAlert({ descriptionText: { translation: texts.map(([language, text]) => ({ language, text })) } });

describe('alert description over 1 200 characters', () => {
  it('warns at each description translation over 1 200 characters', () => {
    const notices = withSentences(
      check(descriptions(['en-ZA', 'a'.repeat(1201)], ['xh-ZA', 'b'.repeat(1200)])),
    );
    expect(notices).toEqual([
      {
        code: 'alert_description_too_long',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.description_text.translation[0].text',
        value: 1201,
        language: 'en-ZA',
        message:
          'The en-ZA description has 1201 characters; keep it under 1200 and link to a page for the rest.',
      },
    ]);
  });

  it('leaves headers alone', () => {
    expect(check(makeAlert({ headerText: { translation: [{ text: 'a'.repeat(2000) }] } }))).toEqual([]);
  });
});
