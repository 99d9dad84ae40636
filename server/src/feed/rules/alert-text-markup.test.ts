import { describe, expect, it } from 'vitest';
import { check, hasMarkdownBold, hasMarkdownLink } from './alert-text-markup.ts';
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

/** Every string of up to `max` characters of `alphabet`. */
function* strings(alphabet: string[], max: number): Generator<string> {
  let layer = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => alphabet.map((c) => s + c));
    yield* layer;
  }
}

describe('markup scans in one pass, finding what the former regexes found', () => {
  // The former patterns: the same answer on every short string, where their cost does not show.
  const LINK = /\[[^\]\n]+\]\([^)\s]+\)/;
  const BOLD = /(\*\*|__)\S(.*?\S)?\1/;

  it('finds a Markdown link exactly where `\\[[^\\]\\n]+\\]\\([^)\\s]+\\)` did', () => {
    let checked = 0;
    for (const text of strings(['[', ']', '(', ')', 'a', ' ', '\n'], 7)) {
      if (hasMarkdownLink(text) !== LINK.test(text)) expect.fail(`differs on ${JSON.stringify(text)}`);
      checked++;
    }
    expect(checked).toBe(960_800);
  });

  it('finds Markdown bold exactly where `(\\*\\*|__)\\S(.*?\\S)?\\1` did', () => {
    let checked = 0;
    for (const text of strings(['*', '_', 'a', ' ', '\n', '\r', '\u2028'], 7)) {
      if (hasMarkdownBold(text) !== BOLD.test(text)) expect.fail(`differs on ${JSON.stringify(text)}`);
      checked++;
    }
    expect(checked).toBe(960_800);
  });

  it('takes for a space what `\\s` takes, every UTF-16 code unit (the scans read code units, not strings)', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [`[a](b${c})`, `**a${c}**`, `__a${c}b__`]) {
        const former = text.startsWith('[') ? LINK.test(text) : BOLD.test(text);
        const now = text.startsWith('[') ? hasMarkdownLink(text) : hasMarkdownBold(text);
        if (now !== former) expect.fail(`differs on ${JSON.stringify(text)} (U+${code.toString(16)})`);
      }
    }
  });

  // Under a second even on a busy machine, where the former patterns took 9 s and more.
  it("reads an attacker's text of 200 000 characters in milliseconds, not seconds", () => {
    const attacks = [
      '[a]('.repeat(50_000),
      '[[](['.repeat(40_000),
      `__${'\u0000\t'.repeat(100_000)}`,
      `**${'a '.repeat(100_000)}`,
    ];
    for (const text of attacks) {
      const started = performance.now();
      expect(check(described(text))).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
