import { feedLog, openDb } from '@feeddesk/drizzle';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/databases.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Saves at once on one entity and on many, uploads during saves, two processes. */

const alert = (id: string, n: number, routeId: string) => ({
  id,
  alert: {
    informedEntity: [{ routeId }],
    headerText: { translation: [{ text: `version ${n}`, language: 'en' }] },
  },
});

async function logOf(t: TestApp, id: string) {
  return t.deps.db.select().from(feedLog).where(eq(feedLog.entityId, id)).orderBy(asc(feedLog.id));
}

describe('concurrency', () => {
  let t: TestApp;
  let editors: HttpClient[];
  let routeId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const planner = await t.clientWithRoles(['gtfs']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    editors = await Promise.all([1, 2, 3, 4].map((i) => t.clientWithRoles(['edit'], `editor-${i}`)));
    routeId = ((await (await editors[0]!.get('/db/get_routes')).json()) as { route_id: string }[])[0]!
      .route_id;
  });
  afterAll(() => t?.close());

  it('100 saves of one entity at once: all succeed, all are logged, the last logged one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        postEntity(editors[n % 4]!, '/feed/service_alert', alert('same', n, routeId)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const log = await logOf(t, 'same');
    expect(log).toHaveLength(100);
    const versions = log.map(
      (row) =>
        (row.json as { alert: { headerText: { translation: { text: string }[] } } }).alert.headerText
          .translation[0]!.text,
    );
    expect(new Set(versions).size).toBe(100);
    const feed = await getFeed(t.client(), '/feed/alerts');
    const live = feed.entity.filter((e) => e.id === 'same');
    expect(live).toHaveLength(1);
    expect(live[0]!.alert!.headerText!.translation![0]!.text).toBe(versions.at(-1));
  });

  it('100 different entities at once: every one is served and logged once', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        postEntity(editors[n % 4]!, '/feed/service_alert', alert(`many-${n}`, n, routeId)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const feed = await getFeed(t.client(), '/feed/alerts');
    const ids = feed.entity.map((e) => e.id).filter((id) => id.startsWith('many-'));
    expect(ids.sort()).toEqual(Array.from({ length: 100 }, (_, n) => `many-${n}`).sort());
    for (const n of [0, 42, 99]) expect(await logOf(t, `many-${n}`)).toHaveLength(1);
  });

  it('uploads while editors save: the upload finishes and no save is lost', async () => {
    const planner = await t.clientWithRoles(['gtfs']);
    const upload = uploadSchedule(planner, await demoWorkbook(), 'demo-again.xlsx');
    const saves = Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        postEntity(editors[n % 4]!, '/feed/service_alert', alert(`during-${n}`, n, routeId)),
      ),
    );
    const [{ final }, results] = await Promise.all([upload, saves]);
    expect(final.status).toBe('done');
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    const feed = await getFeed(t.client(), '/feed/alerts');
    expect(feed.entity.filter((e) => e.id.startsWith('during-'))).toHaveLength(40);
  }, 120_000);
});

describe('two processes on one PostgreSQL saving the same entity', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const first = await openTestDatabase();
    a = await startTestApp({ database: first });
    const second = await openDb(first.url, { max: 5 });
    b = await startTestApp({
      database: { database: second, url: first.url, drop: () => second.close() },
    });
  });
  afterAll(async () => {
    await b?.close();
    await b?.db.drop();
    await a?.close();
    await a?.db.drop();
  });

  it('logs every save of both and serves the last logged one on both', async () => {
    const planner = await a.clientWithRoles(['gtfs']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    const onA = await a.clientWithRoles(['edit'], 'editor-a');
    const onB = await b.clientWithRoles(['edit'], 'editor-b');
    const routeId = ((await (await onA.get('/db/get_routes')).json()) as { route_id: string }[])[0]!.route_id;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        postEntity(n % 2 ? onA : onB, '/feed/service_alert', alert('shared', n, routeId)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    const log = await logOf(a, 'shared');
    expect(log).toHaveLength(60);
    expect(new Set(log.map((r) => r.by))).toEqual(new Set(['editor-a', 'editor-b']));
    const last = (log.at(-1)!.json as { alert: { headerText: { translation: { text: string }[] } } }).alert
      .headerText.translation[0]!.text;
    for (const app of [a, b]) {
      let text: string | undefined;
      for (let i = 0; i < 100 && text !== last; i++) {
        const feed = await getFeed(app.client(), '/feed/alerts');
        text =
          feed.entity.find((e) => e.id === 'shared')?.alert?.headerText?.translation?.[0]?.text ?? undefined;
        if (text !== last) await new Promise((r) => setTimeout(r, 20));
      }
      expect(text).toBe(last);
    }
  });
});
