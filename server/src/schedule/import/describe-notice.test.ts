import { describe, expect, it } from 'vitest';
import { describeNotice } from './prepare-schedule.ts';

describe('a notice as one line of the upload log', () => {
  it('names the file, row, field and the file a broken reference should be in', () => {
    expect(
      describeNotice({
        code: 'foreign_key_violation',
        severity: 'error',
        childFilename: 'trips.txt',
        childFieldName: 'service_id',
        parentFilename: 'calendar.txt or calendar_dates.txt',
        parentFieldName: 'service_id',
        fieldValue: '72983',
        csvRowNumber: 12,
      }),
    ).toBe(
      "trips.txt row 12: foreign_key_violation: service_id = '72983', which is not in calendar.txt or calendar_dates.txt",
    );
  });

  it('keeps the workbook cell and the message when the notice has them', () => {
    expect(
      describeNotice({
        code: 'invalid_time',
        severity: 'error',
        filename: 'stop_times.txt',
        csvRowNumber: 3,
        origin: { sheet: 'WD North', cell: 'C4' },
        message: 'Time 25:7 is not HH:MM',
      }),
    ).toBe("'WD North'!C4: invalid_time: Time 25:7 is not HH:MM");
  });
});
