import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { sampleFeed, sampleFiles } from '@feeddesk/server/schedule/test-support/sample-feed';
import type { Punctuality } from '@feeddesk/server/summaries/get-punctuality';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { followOverSocket } from '../support/live.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** 00:30 on 2 December in Johannesburg (UTC+2), still 23:30 on 1 December in Madrid (UTC+1). */
const NIGHT = new Date('2025-12-01T22:30:00Z');

/**
 * With OPERATOR_TIMEZONE, summary names and the dashboard's days stay in the
 * operator's zone after a schedule of another zone (Madrid) becomes current.
 */
describe('summary names and dashboard days in the operator zone', () => {
  let t: TestApp;
  let manager: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ env: { OPERATOR_TIMEZONE: 'Africa/Johannesburg' } });
    manager = await t.clientWithRoles(['excel'], 'manager');
    const load = (feed: ReturnType<typeof sampleFeed>, sourceName: string) =>
      storeScheduleVersion(t.deps, { feed, sourceKind: 'zip', sourceName, uploadedBy: 'test', jobId: null });
    await load(sampleFeed(), 'cape-town.zip');
    await load(
      sampleFeed({
        'agency.txt': sampleFiles['agency.txt']!.replace('Africa/Johannesburg', 'Europe/Madrid'),
      }),
      'madrid.zip',
    );
    t.clock.now = NIGHT;
    const start = NIGHT.getTime() / 1000;
    await saveFeedEntity(t.deps, {
      kind: 'alert',
      entity: {
        json: {
          id: 'night-works',
          alert: {
            activePeriod: [{ start, end: start + 1800 }],
            informedEntity: [{ routeId: 'NTH' }],
            cause: 'MAINTENANCE',
            effect: 'REDUCED_SERVICE',
            headerText: { translation: [{ text: 'Night works', language: 'en' }] },
          },
        },
      },
      by: 'controller',
      log: true,
    });
    t.clock.now = new Date(NIGHT.getTime() + 3_600_000);
  });
  afterAll(() => t?.close());

  it('counts the dashboard days in the operator zone, not the Madrid schedule’s', async () => {
    const res = await manager.trpc('query', 'summaries.punctuality', {
      from: '2025-12-01',
      to: '2025-12-02',
    });
    expect(res.status).toBe(200);
    const data = res.body.result.data as Punctuality;
    expect(data.timezone).toBe('Africa/Johannesburg');
    expect(data.days.filter((d) => d.alertsActive > 0).map((d) => d.day)).toEqual(['2025-12-02']);
  });

  it('names a summary by the operator zone’s clock', async () => {
    t.clock.now = NIGHT;
    const started = await manager.trpc('mutation', 'summaries.create', {});
    const { jobId } = started.body.result.data as { jobId: string };
    const final = (await followOverSocket(t.url, manager.cookieHeader, jobId, 'finished')).at(-1)!;
    expect(final).toMatchObject({ status: 'success', message: 'summary-2025-12-02T00-30-00.xlsx' });
  });
});
