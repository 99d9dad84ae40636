import { scheduleVersions } from '@feeddesk/drizzle';
import { writeGtfsZip } from '@feeddesk/server/gtfs/index';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { desc, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * FeedHeader.feed_version of the three feeds names the current schedule version and changes with
 * each new one, planned works included (docs/rest-api.md, `GET /feed/updates`). The sample line, now
 * Wednesday 1 October 2025 in Johannesburg; WE-2300 runs on Saturdays.
 */
const NOW = new Date('2025-10-01T08:00:00Z');
const FEEDS = ['/feed/updates', '/feed/alerts', '/feed/positions'] as const;

const timetable = (files: Record<string, string> = {}) =>
  writeGtfsZip(
    sampleFeed({
      ...files,
      'routes.txt': [
        'route_id,agency_id,route_short_name,route_long_name,route_type,route_color',
        'NTH,MR,N,Northern Line,2,FF0000',
        'STH,MR,S,Southern Line,2,00AA00',
        'CTL,MR,C,Central Line,2,',
      ].join('\n'),
    }),
  );

describe('feed_version', () => {
  let t: TestApp;
  let planner: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['edit', 'gtfs'], 'planner');
    t.clock.now = NOW;
  }, 60_000);
  afterAll(() => t?.close());

  const currentVersion = async () =>
    (
      await t.deps.db
        .select({ id: scheduleVersions.id })
        .from(scheduleVersions)
        .where(eq(scheduleVersions.status, 'current'))
        .orderBy(desc(scheduleVersions.id))
        .limit(1)
    )[0]!.id;
  /** feed_version of each feed, protobuf and JSON alike. */
  const served = async () => {
    const versions = new Set<string>();
    for (const path of FEEDS) {
      versions.add((await getFeed(planner, path)).header.feedVersion ?? '');
      versions.add((await (await planner.get(`${path}?format=json`)).json()).header.feedVersion);
    }
    return [...versions];
  };
  /** feed_info.txt of the served gtfs.zip, by column (its rows are simple: no quoted commas). */
  const zipFeedInfo = async () => {
    const res = await planner.get('/static/shared/gtfs.zip');
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const [header, ...rows] = strFromU8(files['feed_info.txt']!)
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    return Object.fromEntries(header!.map((h, i) => [h, rows.map((r) => r[i])]));
  };
  /** GTFS-Realtime: the header's feed_version is feed_info.txt's, in the gtfs.zip served beside it. */
  const expectZipNames = async (version: string) => {
    expect(await served()).toEqual([version]);
    expect((await zipFeedInfo()).feed_version).toEqual([version]);
  };

  it('names each new version on all three feeds and in the gtfs.zip served beside them: an upload, another upload of the same file, planned works, a rollback', async () => {
    const first = await uploadSchedule(planner, timetable(), 'timetable.zip');
    expect(first.final, JSON.stringify(first.messages)).toMatchObject({ status: 'done' });
    const v1 = await currentVersion();
    expect(await served()).toEqual([`v${v1}`]);
    // A file without feed_info.txt: the zip gains one, its publisher and language from agency.txt.
    await expectZipNames(`v${v1}`);
    expect(await zipFeedInfo()).toEqual({
      feed_publisher_name: ['Metrorail'],
      feed_publisher_url: [expect.stringMatching(/^https?:\/\//)],
      feed_lang: [expect.stringMatching(/^[a-z]{2}/)],
      feed_version: [`v${v1}`],
    });

    // The planners' file names its version in feed_info: kept, with the version's number.
    const info =
      'feed_publisher_name,feed_publisher_url,feed_lang,feed_version\nMR,https://example.org,en,2025-10';
    const named = await uploadSchedule(planner, timetable({ 'feed_info.txt': info }), 'timetable.zip');
    expect(named.final, JSON.stringify(named.messages)).toMatchObject({ status: 'done' });
    const v2 = await currentVersion();
    expect(v2).toBeGreaterThan(v1);
    expect(await served()).toEqual([`2025-10+v${v2}`]);
    await expectZipNames(`2025-10+v${v2}`);
    expect((await zipFeedInfo()).feed_publisher_name).toEqual(['MR']);

    // Planned works make a version from the same file: the feeds name it too.
    const res = await planner.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        publishAs: 'schedule',
        serviceDate: '20251004',
        select: { tripIds: ['WE-2300'] },
        action: { type: 'cancel' },
        reason: 'Track renewal Bellville',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { versionId } = (await res.json()) as { versionId: number };
    expect(versionId).toBeGreaterThan(v2);
    expect(await currentVersion()).toBe(versionId);
    expect(await served()).toEqual([`2025-10+v${versionId}`]);
    await expectZipNames(`2025-10+v${versionId}`);

    // The diff of the two versions says it by date, not "0 trips added, 0 removed".
    const diff = await (await planner.get(`/gtfs/versions/${v2}/diff/${versionId}`)).json();
    expect(diff.dated).toEqual([
      {
        date: '20251004',
        notRunning: 1,
        added: 0,
        notRunningTrains: ['2300'],
        addedTrains: [],
        sentence: '1 train does not run on 2025-10-04.',
      },
    ]);
    // The served zip uploaded again keeps the planners' name, not 2025-10+v2+v3.
    const again = new Uint8Array(await (await planner.get('/static/shared/gtfs.zip')).arrayBuffer());
    const reloaded = await uploadSchedule(planner, again, 'gtfs.zip');
    expect(reloaded.final, JSON.stringify(reloaded.messages)).toMatchObject({ status: 'done' });
    const v4 = await currentVersion();
    await expectZipNames(`2025-10+v${v4}`);
    // A rollback serves the restored version's zip, which names it.
    const back = await planner.fetch(`/gtfs/versions/${versionId}/rollback`, { method: 'POST' });
    expect(back.status, await back.clone().text()).toBe(200);
    await expectZipNames(`2025-10+v${versionId}`);
  }, 120_000);
});
