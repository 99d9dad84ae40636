import { describe, expect, it } from 'vitest';
import { check } from './alert-text-markup.ts';
import { makeAlert, withSentences } from './test-support.ts';

const described = (...texts: string[]) =>
  makeAlert({ descriptionText: { translation: texts.map((text) => ({ language: 'en-ZA', text })) } });

describe('HTML or Markdown in an alert text', () => {
  it('names what it found, at the text that holds it', () => {
    const alert = makeAlert({
      headerText: { translation: [{ language: 'en-ZA', text: '<b>Delays</b>' }] },
      descriptionText: {
        translation: [
          { language: 'en-ZA', text: 'See [the map](https://example.org/map).' },
          { language: 'af-ZA', text: 'Treine is **baie** laat.' },
        ],
      },
      ttsHeaderText: { translation: [{ language: 'en-ZA', text: '## Delays' }] },
    });
    expect(withSentences(check(alert))).toEqual([
      {
        code: 'alert_text_markup',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.header_text.translation[0].text',
        value: 'an HTML tag',
        language: 'en-ZA',
        message:
          'The text holds an HTML tag, which riders see as typed: alert texts are plain text, write it without markup.',
      },
      expect.objectContaining({
        field: 'alert.description_text.translation[0].text',
        value: 'a Markdown link',
      }),
      expect.objectContaining({
        field: 'alert.description_text.translation[1].text',
        value: 'Markdown bold',
      }),
      expect.objectContaining({
        field: 'alert.tts_header_text.translation[0].text',
        value: 'a Markdown heading',
      }),
    ]);
    expect(check(described('Fares &amp; tickets')).map((n) => n.value)).toEqual(['an HTML entity']);
    expect(check(described('Use `platform 3`')).map((n) => n.value)).toEqual(['Markdown code']);
  });

  it('accepts plain punctuation riders use: comparisons, stars, dashes, hashes, brackets', () => {
    expect(
      check(
        described(
          'Trains run < 10 min late and > 5 min early; platform #3 (east) - see notices * apply. A & B [closed]',
          '- Cape Town\n- Bellville',
        ),
      ),
    ).toEqual([]);
  });
});
