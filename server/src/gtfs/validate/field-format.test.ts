import { describe, expect, it } from 'vitest';
import { isEmail, isFloat } from './field-format.ts';

/** Every string of up to `max` characters of `alphabet`. */
function* strings(alphabet: string[], max: number): Generator<string> {
  let layer = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => alphabet.map((c) => s + c));
    yield* layer;
  }
}

describe('GTFS float and e-mail fields read in linear time', () => {
  // The former patterns: the same answer on every short string, where their cost does not show.
  const FORMER_FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  const FORMER_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  it('accepts and refuses the floats the former pattern did', () => {
    let checked = 0;
    for (const text of strings(['1', '.', 'e', '-', '+', 'x'], 7)) {
      if (isFloat(text) !== FORMER_FLOAT.test(text)) expect.fail(`differs on ${JSON.stringify(text)}`);
      checked++;
    }
    expect(checked).toBe(335_923);
    expect(['1', '-1.5', '.5', '1.', '1e5', '+2.5E-3'].every(isFloat)).toBe(true);
    expect(['', '.', '1e', 'e5', '1.2.3', ' 1'].some(isFloat)).toBe(false);
  });

  it('accepts and refuses the e-mail addresses the former pattern did', () => {
    let checked = 0;
    for (const text of strings(['a', '@', '.', ' ', '\t'], 8)) {
      if (isEmail(text) !== FORMER_EMAIL.test(text)) expect.fail(`differs on ${JSON.stringify(text)}`);
      checked++;
    }
    expect(checked).toBe(488_281);
    expect(['info@metrorail.co.za', 'a@b.c', 'a@...', 'a@.b.c'].every(isEmail)).toBe(true);
    expect(['info@metrorail', 'a@b.', 'a@.b', 'a b@c.d', 'a@b@c.d'].some(isEmail)).toBe(false);
  });

  it("reads an attacker's cell of 100 000 characters in milliseconds, not seconds", () => {
    const cells: [(text: string) => boolean, string][] = [
      [isFloat, `${'1'.repeat(100_000)}x`],
      [isEmail, `a@a${'.a'.repeat(50_000)}.@`],
      [isEmail, `\u0000@\u0000${'.\u0000'.repeat(50_000)}.@..\u0000`],
    ];
    for (const [valid, text] of cells) {
      const started = performance.now();
      expect(valid(text)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
