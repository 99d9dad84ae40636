import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { makeFeed } from '@feeddesk/server/schedule/test-support/make-feed';
import { collectSummaryRecords } from '@feeddesk/server/summaries/collect-summary-records';
import type { Punctuality } from '@feeddesk/server/summaries/get-punctuality';
import { tripUpdateLogRows } from '@feeddesk/server/summaries/summary-sheets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const DATE = '20250923';
/** A local time of Tuesday 23 September 2025 in New York (EDT, UTC−4). */
const edt = (hhmm: string) => new Date(`2025-09-23T${hhmm}:00-04:00`);

/**
 * Counts follow what riders were told (docs/using.md, the punctuality dashboard and summary workbook): a Port Washington-like
 * branch in America/New_York whose trip ids are not train numbers (LIRR's `GO103_25_6116` is train
 * 6116). Trains 6116 (06:30) and 6118 (07:30) call at Great Neck, Plandome and Port Washington.
 */
describe('counts over time, trains by number', () => {
  let t: TestApp;
  let controller: HttpClient;
  let manager: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storeScheduleVersion(t.deps, {
      feed: makeFeed({
        'agency.txt':
          'agency_id,agency_name,agency_url,agency_timezone\nLI,Island Rail,https://example.org,America/New_York',
        'routes.txt':
          'route_id,agency_id,route_short_name,route_long_name,route_type\nPW,LI,,Port Washington Branch,2',
        'stops.txt':
          'stop_id,stop_name,stop_lat,stop_lon\nGNK,Great Neck,40.78,-73.72\nPLD,Plandome,40.80,-73.70\nPWA,Port Washington,40.82,-73.69',
        'calendar.txt':
          'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20250101,20261231',
        'trips.txt': [
          'route_id,service_id,trip_id,trip_short_name,direction_id',
          'PW,WD,GO103_25_6116,6116,0',
          'PW,WD,GO103_25_6118,6118,0',
        ].join('\n'),
        'stop_times.txt': [
          'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
          ...[
            ['6116', '06'],
            ['6118', '07'],
          ].flatMap(([n, h]) => [
            `GO103_25_${n},${h}:30:00,${h}:30:00,GNK,1`,
            `GO103_25_${n},${h}:36:00,${h}:36:00,PLD,2`,
            `GO103_25_${n},${h}:41:00,${h}:41:00,PWA,3`,
          ]),
        ].join('\n'),
      }),
      sourceKind: 'zip',
      sourceName: 'branch.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    manager = await t.clientWithRoles(['excel'], 'manager');
  });
  afterAll(() => t?.close());

  const skipPlandome = async (train: string) => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { tripIds: [train] },
        action: { type: 'skip_stop', stopId: 'PLD' },
        reason: 'Platform works',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const lift = async (id: string) =>
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);

  it("counts a lifted disruption's skips only while served as the train was due, and names trains by number", async () => {
    t.clock.now = edt('06:00');
    const early = await skipPlandome('6116'); // leaves Great Neck 06:30
    const late = await skipPlandome('6118'); // leaves 07:30
    t.clock.now = edt('06:10');
    await lift(early); // before 6116 left: it called at Plandome, riders were told so in time
    t.clock.now = edt('08:00');
    await lift(late); // 6118 ran past Plandome while the skip was served
    t.clock.now = edt('12:00');

    const res = await manager.trpc('query', 'summaries.punctuality', {
      from: '2025-09-23',
      to: '2025-09-23',
    });
    expect(res.status).toBe(200);
    const dashboard = res.body.result.data as Punctuality;
    expect(dashboard.skippedStops).toEqual([{ stopId: 'PLD', stopName: 'Plandome', tripUpdates: 1 }]);

    // The summary's trip update log: the train number riders know, the skip as it was served.
    const records = await collectSummaryRecords(t.deps, {
      period: { from: null, to: null, fromDay: null, toDay: null },
    });
    const log = [
      ...tripUpdateLogRows(records.tripUpdates, {
        names: records.names,
        timezone: 'America/New_York',
        now: t.clock.now.getTime(),
        languages: [],
        defaultLanguage: 'en',
      }),
    ];
    expect(log.map((row) => [row[0], row[1], row[5], row[6]])).toEqual([
      ['GO103_25_6116', '6116', 0, ''],
      ['GO103_25_6118', '6118', 1, 'Plandome (PLD)'],
    ]);
  });
});
