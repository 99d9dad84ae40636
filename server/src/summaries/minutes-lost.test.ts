import { describe, expect, it } from 'vitest';
import type { DelayCause } from '../causes/delay-cause.ts';
import type { TripUpdateRecord } from './log-records.ts';
import { minutesLostByCause } from './minutes-lost.ts';

const record = (
  tripId: string,
  startDate: string,
  lastServedDelay: number | null,
  more: Partial<TripUpdateRecord> = {},
): TripUpdateRecord => ({
  id: `${tripId}-${startDate}`,
  tripId,
  routeId: null,
  startDate,
  firstAt: 0,
  lastAt: 0,
  by: null,
  deletedAt: null,
  cancelled: false,
  cancelledSpans: [],
  skippedStops: [],
  skippedSpans: {},
  stops: [],
  maxDelay: lastServedDelay,
  lastStopDelay: lastServedDelay,
  lastServedDelay,
  ...more,
});

const catalogue: DelayCause[] = [
  {
    code: 'SIGNAL_FAILURE',
    labels: { 'en-ZA': 'Signal failure', 'af-ZA': 'Seinfout' },
    gtfsCause: 'TECHNICAL_PROBLEM',
  },
  { code: 'WEATHER', labels: { 'en-ZA': 'Weather' }, gtfsCause: 'WEATHER' },
];

describe('minutesLostByCause', () => {
  it('sums the delays at the last served stop per day and cause; early, cancelled and causeless trains add nothing', () => {
    const causes = new Map([
      ['A 20250923', 'SIGNAL_FAILURE'],
      ['B 20250923', 'SIGNAL_FAILURE'],
      ['C 20250923', 'WEATHER'],
      ['D 20250923', 'WEATHER'],
      ['E 20250924', 'GONE'],
    ]);
    const rows = minutesLostByCause(
      [
        record('A', '20250923', 600),
        record('B', '20250923', 90),
        record('C', '20250923', -120),
        record('D', '20250923', null, { cancelled: true }),
        record('E', '20250924', 300),
        record('F', '20250923', 900),
      ],
      { causes, catalogue, timezone: 'Africa/Johannesburg', language: 'af-ZA' },
    );
    expect(rows).toEqual([
      {
        day: '2025-09-23',
        code: 'SIGNAL_FAILURE',
        label: 'Seinfout',
        gtfsCause: 'TECHNICAL_PROBLEM',
        trains: 2,
        minutes: 11.5,
      },
      { day: '2025-09-23', code: 'WEATHER', label: 'Weather', gtfsCause: 'WEATHER', trains: 1, minutes: 0 },
      { day: '2025-09-24', code: 'GONE', label: 'GONE', gtfsCause: null, trains: 1, minutes: 5 },
    ]);
  });

  it('counts a train re-published in the period once, as last saved', () => {
    const causes = new Map([['A 20250923', 'WEATHER']]);
    const rows = minutesLostByCause([record('A', '20250923', 600), record('A', '20250923', 240)], {
      causes,
      catalogue,
      timezone: 'Africa/Johannesburg',
      language: 'en-ZA',
    });
    expect(rows.map((r) => [r.trains, r.minutes])).toEqual([[1, 4]]);
  });
});
