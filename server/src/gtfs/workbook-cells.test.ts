import { describe, expect, it } from 'vitest';
import { hyperlinkFromFormula } from './workbook-cells.ts';

describe('the link target of a HYPERLINK formula', () => {
  const FORMER = /^\s*=?\s*HYPERLINK\s*\(\s*"((?:[^"]|"")*)"/i;
  const former = (formula: string) => {
    const m = FORMER.exec(formula);
    return m ? m[1].replace(/""/g, '"') : undefined;
  };

  it('reads the target, quotes doubled inside it', () => {
    expect(hyperlinkFromFormula(`=HYPERLINK("#'STH WD'!A1","STH WD")`)).toBe("#'STH WD'!A1");
    expect(hyperlinkFromFormula(' = hyperlink ( "say ""hi""", "x")')).toBe('say "hi"');
    expect(hyperlinkFromFormula('SUM(A1:A3)')).toBeUndefined();
  });

  it('reads every short formula as the former pattern did', () => {
    const alphabet = [' ', '=', 'HYPERLINK', '(', '"', 'a', '\t'];
    let layer = [''];
    let checked = 0;
    for (let length = 0; length <= 6; length++) {
      for (const formula of layer) {
        if (hyperlinkFromFormula(formula) !== former(formula))
          expect.fail(`differs on ${JSON.stringify(formula)}`);
        checked++;
      }
      layer = layer.flatMap((f) => alphabet.map((c) => f + c));
    }
    expect(checked).toBe(137_257);
  });

  it('reads a formula of 100 000 spaces in milliseconds', () => {
    const started = performance.now();
    expect(hyperlinkFromFormula(`${'\t'.repeat(100_000)}(""`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
