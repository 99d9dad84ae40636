import { describe, expect, it } from 'vitest';
import { causeLabel, checkDelayCauses } from './delay-cause.ts';

describe('checkDelayCauses', () => {
  it('trims, canonicalises the tags and keeps the order', () => {
    expect(
      checkDelayCauses([
        { code: ' TRESPASS ', labels: { 'EN-za': ' Trespass ' }, gtfsCause: 'POLICE_ACTIVITY' },
        { code: 'WEATHER', labels: { en: 'Weather', af: 'Weer' }, gtfsCause: 'WEATHER' },
      ]),
    ).toEqual([
      { code: 'TRESPASS', labels: { 'en-ZA': 'Trespass' }, gtfsCause: 'POLICE_ACTIVITY' },
      { code: 'WEATHER', labels: { en: 'Weather', af: 'Weer' }, gtfsCause: 'WEATHER' },
    ]);
  });

  it('refuses each fault with its sentence', () => {
    const one = (cause: { code: string; labels: Record<string, string>; gtfsCause: string }) => () =>
      checkDelayCauses([cause]);
    expect(one({ code: '1X', labels: { en: 'x' }, gtfsCause: 'WEATHER' })).toThrow(
      /is not upper case letters/,
    );
    expect(one({ code: 'X', labels: { en: 'x' }, gtfsCause: 'RAIN' })).toThrow(
      /gtfsCause is one of UNKNOWN_CAUSE/,
    );
    expect(one({ code: 'X', labels: { 'not a tag!': 'x' }, gtfsCause: 'WEATHER' })).toThrow(/not a BCP 47/);
    expect(one({ code: 'X', labels: { en: '  ' }, gtfsCause: 'WEATHER' })).toThrow(/label is empty/);
    expect(one({ code: 'X', labels: { en: 'a\nb' }, gtfsCause: 'WEATHER' })).toThrow(/control character/);
    const many = Array.from({ length: 101 }, (_, i) => ({
      code: `C${i}`,
      labels: { en: 'x' },
      gtfsCause: 'WEATHER',
    }));
    expect(() => checkDelayCauses(many)).toThrow(
      '101 causes are too many: keep at most 100 in the catalogue.',
    );
  });
});

describe('causeLabel', () => {
  const cause = { code: 'SIGNAL_FAILURE', labels: { 'en-ZA': 'Signal failure', af: 'Seinfout' } };
  it('reads the language asked, else one of the same language, else the first', () => {
    expect(causeLabel(cause, 'en-ZA')).toBe('Signal failure');
    expect(causeLabel(cause, 'af-ZA')).toBe('Seinfout');
    expect(causeLabel(cause, 'zu-ZA')).toBe('Signal failure');
    expect(causeLabel({ code: 'X', labels: {} }, 'en')).toBe('X');
  });
});
