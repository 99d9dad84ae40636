import { describe, expect, it } from 'vitest';
import { LogRecordCollector, settleCancelled, settleSkipped } from './log-records.ts';

const row = (alert: object) => ({
  id: 1,
  kind: 'alert',
  entityId: 'a-1',
  action: 'save',
  at: new Date('2025-09-23T08:00:00Z'),
  by: 'controller',
  json: { id: 'a-1', alert },
  erasedAt: null,
  tripId: null,
});

describe('alert records of the history', () => {
  it('take the impact periods as the times of an alert written without active_period, as it is served', () => {
    const collector = new LogRecordCollector();
    collector.add(
      row({ impactPeriod: [{ start: 1_758_700_000, end: 1_758_710_000 }], cause: 'SPECIAL_EVENT' }),
    );
    expect(collector.alerts[0]).toMatchObject({
      periods: [{ start: 1_758_700_000, end: 1_758_710_000 }],
      cause: 'SPECIAL_EVENT',
    });
  });

  it('keep an active_period that was written', () => {
    const collector = new LogRecordCollector();
    collector.add(
      row({ activePeriod: [{ start: 1_758_600_000 }], impactPeriod: [{ start: 1_758_700_000 }] }),
    );
    expect(collector.alerts[0]?.periods).toEqual([{ start: 1_758_600_000, end: undefined }]);
  });
});

describe('cancellations of a trip update over time', () => {
  const H = 3_600_000;
  const T0 = Date.UTC(2025, 8, 23, 13); // 06:00 in Los Angeles
  const trip = (relationship?: string) => ({
    trip: {
      tripId: '305',
      startDate: '20250923',
      ...(relationship ? { scheduleRelationship: relationship } : {}),
    },
    stopTimeUpdate: relationship ? [] : [{ stopSequence: 2, arrival: { delay: 60 } }],
  });
  const fold = (steps: [number, 'save' | 'delete', string?][]) => {
    const collector = new LogRecordCollector();
    for (const [i, [hours, action, relationship]] of steps.entries()) {
      collector.add({
        id: i + 1,
        kind: 'trip_update',
        entityId: 'tu-305',
        tripId: '305',
        action,
        at: new Date(T0 + hours * H),
        by: 'controller',
        erasedAt: null,
        json: action === 'save' ? { id: 'tu-305', tripUpdate: trip(relationship) } : null,
      });
    }
    return collector.tripUpdates[0]!;
  };
  /** Train 305 leaves at 07:29 and arrives at 09:14. */
  const run = { departsAt: T0 + 1.5 * H - 60_000, endsAt: T0 + 3.25 * H - 60_000 };

  it('keeps the spans the feed served it cancelled, ended by a save or a delete', () => {
    const record = fold([
      [0, 'save', 'CANCELED'],
      [0.5, 'save'],
      [1, 'save', 'CANCELED'],
      [2, 'delete'],
    ]);
    expect(record.cancelledSpans).toEqual([
      { from: T0, to: T0 + 0.5 * H, byDelete: false },
      { from: T0 + H, to: T0 + 2 * H, byDelete: true },
    ]);
    expect(settleCancelled(record, run)).toBe(true); // in force at 07:29
  });

  it('counts a cancellation withdrawn before the train was due as none, one kept or tidied after the run as one', () => {
    expect(
      settleCancelled(
        fold([
          [0, 'save', 'CANCELED'],
          [0.25, 'delete'],
        ]),
        run,
      ),
    ).toBe(false);
    expect(
      settleCancelled(
        fold([
          [0, 'save', 'CANCELED'],
          [0.25, 'save'],
        ]),
        run,
      ),
    ).toBe(false);
    // Cancelled by hand after the train was due (it never came), kept, or deleted once it would have arrived.
    expect(settleCancelled(fold([[2, 'save', 'CANCELED']]), run)).toBe(true);
    expect(
      settleCancelled(
        fold([
          [2, 'save', 'CANCELED'],
          [4, 'delete'],
        ]),
        run,
      ),
    ).toBe(true);
    expect(
      settleCancelled(
        fold([
          [2, 'save', 'CANCELED'],
          [2.5, 'delete'],
        ]),
        run,
      ),
    ).toBe(false);
    // Without the schedule: the last state, a delete withdrawing it.
    expect(settleCancelled(fold([[0, 'save', 'CANCELED']]), undefined)).toBe(true);
    expect(
      settleCancelled(
        fold([
          [0, 'save', 'CANCELED'],
          [4, 'delete'],
        ]),
        undefined,
      ),
    ).toBe(false);
  });
});

describe('skipped stops of a trip update over time', () => {
  const H = 3_600_000;
  const T0 = Date.UTC(2025, 8, 23, 13);
  /** Train 305 leaves at 07:29 and arrives at 09:14. */
  const run = { departsAt: T0 + 1.5 * H - 60_000, endsAt: T0 + 3.25 * H - 60_000 };
  const fold = (steps: [number, 'save' | 'delete', string[]?][]) => {
    const collector = new LogRecordCollector();
    for (const [i, [hours, action, skipped = []]] of steps.entries()) {
      const stopTimeUpdate = [
        {
          stopSequence: 1,
          stopId: 'PLANDOME',
          ...(skipped.includes('PLANDOME') ? { scheduleRelationship: 'SKIPPED' } : {}),
        },
        {
          stopSequence: 2,
          stopId: 'MANHASSET',
          ...(skipped.includes('MANHASSET')
            ? { scheduleRelationship: 'SKIPPED' }
            : { arrival: { delay: 60 } }),
        },
      ];
      collector.add({
        id: i + 1,
        kind: 'trip_update',
        entityId: 'tu-305',
        tripId: '305',
        action,
        at: new Date(T0 + hours * H),
        by: 'controller',
        erasedAt: null,
        json:
          action === 'save'
            ? { id: 'tu-305', tripUpdate: { trip: { tripId: '305', startDate: '20250923' }, stopTimeUpdate } }
            : null,
      });
    }
    return collector.tripUpdates[0]!;
  };

  it('counts a skip lifted before the train left as none, one served when it left or never withdrawn as one', () => {
    // A disruption skipping Plandome applied at 06:00 and lifted (deleted) at 06:15: riders were told nothing lasting.
    expect(
      settleSkipped(
        fold([
          [0, 'save', ['PLANDOME']],
          [0.25, 'delete'],
        ]),
        run,
      ),
    ).toEqual([]);
    // Lifted by restoring the update before it (no skip), and a second stop skipped throughout.
    expect(
      settleSkipped(
        fold([
          [0, 'save', ['PLANDOME', 'MANHASSET']],
          [0.25, 'save', ['MANHASSET']],
        ]),
        run,
      ),
    ).toEqual(['MANHASSET']);
    // In force when the train left, lifted at its end: counted.
    expect(
      settleSkipped(
        fold([
          [0, 'save', ['PLANDOME']],
          [3.5, 'delete'],
        ]),
        run,
      ),
    ).toEqual(['PLANDOME']);
    const record = fold([
      [0, 'save', ['PLANDOME']],
      [0.25, 'save'],
      [1, 'save', ['PLANDOME']],
    ]);
    expect(record.skippedSpans.PLANDOME).toEqual([
      { from: T0, to: T0 + 0.25 * H, byDelete: false },
      { from: T0 + H, to: null, byDelete: false },
    ]);
    expect(settleSkipped(record, run)).toEqual(['PLANDOME']);
  });
});
