import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listZips, loadZip, relativeName, sharedDataDir } from './test-support/load-zip.ts';
import { validateFeed } from './validate-feed.ts';

const dir = sharedDataDir();
const now = new Date('2026-09-01T00:00:00Z');

/**
 * Feeds whose errors are real and expected: the edge-case fixtures are broken on purpose; the
 * Google sample feed has stop_times rows shorter than the header (invalid_row_length, as
 * MobilityData reports too); PRASA's original zip has the malformed time of WD-9916.
 */
const EXPECTED_ERRORS: Record<string, string[]> = {
  'gtfs/edge-cases/badgtfs.zip': [
    'invalid_row_length',
    'missing_calendar_and_calendar_date_files',
    'missing_required_file',
  ],
  'gtfs/edge-cases/example-errors.zip': [
    'csv_parsing_failed',
    'foreign_key_violation',
    'invalid_row_length',
    'number_out_of_range',
    'point_near_origin',
  ],
  'gtfs/edge-cases/example-nested-dir.zip': [
    'invalid_input_files_in_subfolder',
    'missing_calendar_and_calendar_date_files',
    'missing_required_file',
  ],
  'gtfs/google-sample-feed-1.zip': ['invalid_row_length'],
  'original/gtfs.zip': ['invalid_time'],
};

describe.skipIf(!dir)('real feeds (shared/data)', () => {
  const zips = dir ? [...listZips(join(dir, 'gtfs')), join(dir, 'original/gtfs.zip')] : [];
  const table: string[] = [];

  for (const path of zips) {
    const name = dir ? relativeName(dir, path) : path;
    if (name.endsWith('invalid.zip')) {
      it(`${name} is not a zip and cannot be read`, () => expect(() => loadZip(path)).toThrow());
      continue;
    }
    it(`${name} has only the errors it is known for`, () => {
      const { feed, problems } = loadZip(path);
      const started = performance.now();
      const result = validateFeed(feed, { now, inputProblems: problems });
      const ms = performance.now() - started;
      const errorCodes = [
        ...new Set(result.notices.filter((n) => n.severity === 'error').map((n) => n.code)),
      ].sort();
      expect(errorCodes).toEqual(EXPECTED_ERRORS[name] ?? []);
      const rows = [...feed.values()].reduce((sum, t) => sum + t.rows.length, 0);
      const { errors, warnings, infos } = result.counts;
      table.push(
        `${name.padEnd(46)} rows ${String(rows).padStart(8)}  E ${errors} W ${warnings} I ${infos}  ${ms.toFixed(0)} ms`,
      );
    }, 300_000);
  }

  it('original PRASA zip: invalid_time only for trip WD-9916 (08:59:)', () => {
    const { feed } = loadZip(join(dir!, 'original/gtfs.zip'));
    const stopTimes = feed.get('stop_times.txt')!;
    const tripCol = stopTimes.header.indexOf('trip_id');
    const errors = validateFeed(feed, { now }).notices.filter((n) => n.severity === 'error');
    expect(
      errors.map((n) => [n.code, n.fieldValue, stopTimes.rows[(n.csvRowNumber as number) - 2][tripCol]]),
    ).toEqual([
      ['invalid_time', '08:59:', 'WD-9916'],
      ['invalid_time', '08:59:', 'WD-9916'],
    ]);
  });

  it('example-errors: route AAMV agency DTAZ and stop NADAV at -100/-200', () => {
    const { feed } = loadZip(join(dir!, 'gtfs/edge-cases/example-errors.zip'));
    const notices = validateFeed(feed, { now }).notices;
    expect(notices.filter((n) => n.code === 'foreign_key_violation')).toEqual([
      expect.objectContaining({
        childFilename: 'routes.txt',
        childFieldName: 'agency_id',
        fieldValue: 'DTAZ',
      }),
    ]);
    expect(
      notices.filter((n) => n.code === 'number_out_of_range').map((n) => [n.fieldName, n.fieldValue]),
    ).toEqual([
      ['stop_lat', '-100'],
      ['stop_lon', '-200'],
    ]);
    console.log(`\nValidation per feed (now = ${now.toISOString().slice(0, 10)}):\n${table.join('\n')}`);
  });
});
