import { describe, expect, it } from 'vitest';
import type { Notice, ValidationResult } from '../types.ts';
import { buildReport } from './build-report.ts';

const meta = {
  feedName: 'prasa <script>.zip',
  validatedAt: new Date('2026-09-01T10:00:00Z'),
  files: 9,
  rows: 8000,
};

function result(notices: Notice[]): ValidationResult {
  return { notices, counts: { errors: notices.length - 1, warnings: 0, infos: 1 }, blocking: true };
}

describe('buildReport', () => {
  const times: Notice[] = Array.from({ length: 60 }, (_, i) => ({
    code: 'invalid_time',
    severity: 'error',
    filename: 'stop_times.txt',
    csvRowNumber: i + 2,
    fieldName: 'arrival_time',
    fieldValue: i === 0 ? '<script>alert(1)</script>' : '08:59:',
    origin: { sheet: "STH WD's", cell: `F${i + 4}` },
  }));
  const unknown: Notice = { code: 'unknown_file', severity: 'info', filename: 'notes.txt' };
  const { json, html } = buildReport(result([unknown, ...times]), meta);

  it('groups notices per code, errors first, at most 50 samples', () => {
    expect(json.summary).toEqual({
      feedName: 'prasa <script>.zip',
      validatedAt: '2026-09-01T10:00:00.000Z',
      files: 9,
      rows: 8000,
      counts: { errors: 60, warnings: 0, infos: 1 },
      blocking: true,
    });
    expect(json.notices.map((g) => [g.code, g.severity, g.totalNotices, g.sampleNotices.length])).toEqual([
      ['invalid_time', 'ERROR', 60, 50],
      ['unknown_file', 'INFO', 1, 1],
    ]);
    expect(json.notices[1].sampleNotices).toEqual([{ filename: 'notes.txt' }]);
  });
  it('renders samples, descriptions and workbook cells, escaping markup', () => {
    expect(html).toContain('FAIL');
    expect(html).toContain('A time is not in HH:MM:SS form');
    expect(html).toContain('<th>Workbook cell</th>');
    expect(html).toContain('&#39;STH WD&#39;&#39;s&#39;!F5');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('(first 50 shown)');
  });

  it('gives the validation time in the agency zone when the feed names one', () => {
    const zoned = buildReport(result([unknown]), { ...meta, timeZone: 'Africa/Johannesburg' });
    expect(zoned.json.summary.timeZone).toBe('Africa/Johannesburg');
    expect(zoned.html).toContain(
      '<tr><th>Validated at</th><td>2026-09-01 12:00:00 Africa/Johannesburg</td></tr>',
    );
    expect(html).toContain('<tr><th>Validated at</th><td>2026-09-01 10:00:00 UTC</td></tr>');
  });
});
