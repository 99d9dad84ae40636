import { describe, expect, it } from 'vitest';
import { LogRecordCollector } from './log-records.ts';

const row = (alert: object) => ({
  id: 1,
  kind: 'alert',
  entityId: 'a-1',
  action: 'save',
  at: new Date('2025-09-23T08:00:00Z'),
  by: 'controller',
  json: { id: 'a-1', alert },
  erasedAt: null,
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
