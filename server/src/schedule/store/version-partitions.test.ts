import { describe, expect, it } from 'vitest';
import { duplicatedValues, duplicateKeySentence, STOP_TIMES_PARTITIONED } from './version-partitions.ts';

describe("the values of PostgreSQL's duplicate key detail", () => {
  const FORMER = /=\(\d+, (.*)\) is duplicated/;

  it('names the trip and stop sequence a stop_times.txt repeats', () => {
    expect(
      duplicateKeySentence(
        STOP_TIMES_PARTITIONED,
        'Key (version_id, trip_id, stop_sequence)=(2, WD-0103, 7) is duplicated.',
      ),
    ).toBe(STOP_TIMES_PARTITIONED.duplicate('WD-0103, 7'));
    expect(duplicateKeySentence(STOP_TIMES_PARTITIONED, 'could not create unique index')).toBeUndefined();
    expect(duplicateKeySentence(STOP_TIMES_PARTITIONED, undefined)).toBeUndefined();
  });

  it('finds in every short detail what the former pattern captured', () => {
    const pieces = ['=(', '1', ', ', ') is duplicated', 'x', '\n', ')', '='];
    let layer = [''];
    let checked = 0;
    for (let length = 0; length <= 5; length++) {
      for (const detail of layer) {
        if (duplicatedValues(detail) !== FORMER.exec(detail)?.[1])
          expect.fail(`differs on ${JSON.stringify(detail)}`);
        checked++;
      }
      layer = layer.flatMap((d) => pieces.map((p) => d + p));
    }
    expect(checked).toBe(37_449);
  });

  it('reads a detail of 150 000 characters in milliseconds', () => {
    const started = performance.now();
    expect(duplicatedValues('=(0, '.repeat(30_000))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
