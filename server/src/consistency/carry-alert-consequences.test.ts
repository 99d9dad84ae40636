import { describe, expect, it } from 'vitest';
import { withoutTrainNumber } from './carry-alert-consequences.ts';

describe('withoutTrainNumber', () => {
  it('takes one number out of a list, with its separator, in drafted and hand-written lists', () => {
    expect(withoutTrainNumber('Trains 6116, 6118, 6120 are cancelled.', '6116')).toBe(
      'Trains 6118, 6120 are cancelled.',
    );
    expect(withoutTrainNumber('Trains 6116, 6118, 6120 are cancelled.', '6120')).toBe(
      'Trains 6116, 6118 are cancelled.',
    );
    expect(withoutTrainNumber('Trains 6116, 6118 and 6120 are cancelled.', '6120')).toBe(
      'Trains 6116, 6118 are cancelled.',
    );
    expect(withoutTrainNumber('Los trenes 6116 y 6118 no circulan.', '6116')).toBe(
      'Los trenes 6118 no circulan.',
    );
  });

  it('leaves times, dates, decimals and longer numbers alone', () => {
    const text = 'Train 61160 at 06:16 on 2026-06-16 (6.16 km) runs; 616 does not.';
    expect(withoutTrainNumber(text, '616')).toBe(
      'Train 61160 at 06:16 on 2026-06-16 (6.16 km) runs; does not.',
    );
    expect(withoutTrainNumber(text, '16')).toBe(text);
  });

  it('stays linear on a long hostile text', () => {
    const text = `${'1, '.repeat(20_000)}x`;
    const started = performance.now();
    withoutTrainNumber(text, '2');
    expect(performance.now() - started).toBeLessThan(500);
  });
});
