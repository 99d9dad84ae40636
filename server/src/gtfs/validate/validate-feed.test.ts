import { describe, expect, it } from 'vitest';
import { rules } from './rules/index.ts';
import { feedWith } from './test-support/make-feed.ts';
import { allNoticeSpecs, validateFeed } from './validate-feed.ts';

const now = new Date('2026-09-01T10:00:00Z');

describe('validateFeed', () => {
  it('raises no notice at all on the clean feed', () => {
    expect(validateFeed(feedWith({}), { now })).toEqual({
      notices: [],
      counts: { errors: 0, warnings: 0, infos: 0 },
      blocking: false,
    });
  });
  it('maps a notice back to the workbook cell its row came from, and blocks on an error', () => {
    const feed = feedWith({
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-2300,05:00:00,05:00:00,CPT1,0\nWD-2300,08:59:,08:59:,WDS,1\n',
    });
    feed.get('stop_times.txt')!.origins = [
      { sheet: 'STH WD', cell: 'F16' },
      { sheet: 'STH WD', cell: 'F17' },
    ];
    const result = validateFeed(feed, { now });
    expect(result.notices.filter((n) => n.code === 'invalid_time')).toEqual(
      ['arrival_time', 'departure_time'].map((fieldName) => ({
        code: 'invalid_time',
        severity: 'error',
        filename: 'stop_times.txt',
        csvRowNumber: 3,
        fieldName,
        fieldValue: '08:59:',
        origin: { sheet: 'STH WD', cell: 'F17' },
      })),
    );
    expect(result.blocking).toBe(true);
  });
  it('blocks on warnings only when asked', () => {
    const feed = feedWith({
      'trips.txt': 'route_id,service_id,trip_id,shape_id\nSTH,WD,WD-2300,SH1\nSTH,WD,WD-2302,SH1\n',
    });
    expect(validateFeed(feed, { now }).blocking).toBe(false);
    expect(validateFeed(feed, { now, blockOnWarnings: true })).toMatchObject({
      counts: { errors: 0, warnings: 2 },
      blocking: true,
    });
  });
  it('reports reader problems as errors with their cell', () => {
    const inputProblems = [{ code: 'invalid_input_files_in_subfolder', message: 'Files are in gtfs/' }];
    expect(validateFeed(feedWith({}), { now, inputProblems }).notices).toEqual([
      { code: 'invalid_input_files_in_subfolder', severity: 'error', message: 'Files are in gtfs/' },
    ]);
  });
  it('turns a rule that throws into a notice instead of failing', () => {
    const broken = {
      codes: [{ code: 'x', severity: 'error' as const, description: 'x' }],
      check: () => {
        throw new Error('boom');
      },
    };
    expect(validateFeed(feedWith({}), { now }, [broken]).notices).toEqual([
      {
        code: 'runtime_exception_in_validator_error',
        severity: 'error',
        validator: 'x',
        message: 'Error: boom',
      },
    ]);
  });
  it('has one description per code and no code twice', () => {
    const codes = allNoticeSpecs().map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const spec of rules.flatMap((r) => r.codes)) expect(spec.description.length).toBeGreaterThan(10);
  });
});
