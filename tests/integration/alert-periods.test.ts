import { feedEntities } from '@feeddesk/drizzle';
import { listLiveEntities } from '@feeddesk/server/consistency/live-entities';
import { and, eq } from 'drizzle-orm';
// MobilityData's own bindings read the served bytes: the schema as consumers know it, not ours.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NOW = new Date('2025-09-23T10:00:00Z'); // a Tuesday, 12:00 in Cape Town
const local = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+02:00`) / 1000;
const TOMORROW = '2025-09-24';
const SPECIAL_EVENT = 13;

/** The served alerts feed, decoded by gtfs-realtime-bindings, int64 as numbers. */
async function servedAlerts(client: HttpClient) {
  const res = await client.get('/feed/alerts');
  const message = rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  const json = rt.FeedMessage.toObject(message, { longs: Number, arrays: true }) as {
    entity: { id: string; alert: Record<string, { start?: number; end?: number }[]> & { cause?: number } }[];
  };
  return new Map(json.entity.map((e) => [e.id, e.alert]));
}

describe('alerts as the current GTFS-Realtime defines them', () => {
  let t: TestApp;
  let editor: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true, env: { ALERT_OPEN_ENDED_WARN_HOURS: '2' } });
    const planner = await t.clientWithRoles(['gtfs', 'view', 'edit'], 'planner');
    editor = await t.clientWithRoles(['edit'], 'controller');
    t.clock.now = NOW;
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
  });
  afterAll(() => t?.close());

  // Tell riders from tomorrow 06:00 until 23:00; service affected 18:00–20:00 and 21:00–22:00.
  const told = [{ start: local(TOMORROW, '06:00'), end: local(TOMORROW, '23:00') }];
  const affected = [
    { start: local(TOMORROW, '18:00'), end: local(TOMORROW, '20:00') },
    { start: local(TOMORROW, '21:00'), end: local(TOMORROW, '22:00') },
  ];
  const eveningAlert = (id: string, extra: object = {}) => ({
    id,
    alert: {
      communicationPeriod: told,
      impactPeriod: affected,
      informedEntity: [{ routeId: 'STH' }],
      cause: SPECIAL_EVENT,
      effect: 3,
      headerText: { translation: [{ text: 'Stadium event: trains full', language: 'en-ZA' }] },
      ...extra,
    },
  });

  it('keeps and serves both kinds of period over REST, with active_period = impact periods for older consumers', async () => {
    const res = await postEntity(editor, '/feed/service_alert', eveningAlert('a-event') as never);
    expect(res.status).toBe(200);
    const alert = (await servedAlerts(t.client())).get('a-event')!;
    expect(alert.communicationPeriod).toEqual(told);
    expect(alert.impactPeriod).toEqual(affected);
    expect(alert.activePeriod).toEqual(affected);
    expect(alert.cause).toBe(SPECIAL_EVENT);
    const json = await (await t.client().get('/feed/alerts?format=json')).json();
    const served = json.entity.find((e: { id: string }) => e.id === 'a-event').alert;
    expect(served.activePeriod).toEqual(affected);
    expect(served.cause).toBe('SPECIAL_EVENT');
  });

  it('serves an active_period that was given as it is, not the impact periods', async () => {
    const own = [{ start: local(TOMORROW, '17:00'), end: local(TOMORROW, '22:30') }];
    const res = await postEntity(
      editor,
      '/feed/service_alert',
      eveningAlert('a-own', { activePeriod: own }) as never,
    );
    expect(res.status).toBe(200);
    expect((await servedAlerts(t.client())).get('a-own')!.activePeriod).toEqual(own);
  });

  it('expires an alert the TTL after the last end of its communication and impact periods', async () => {
    const [row] = await t.deps.db
      .select({ expiresAt: feedEntities.expiresAt })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, 'a-event')));
    // Told until 23:00 tomorrow (21:00 UTC), plus the default 24 hours.
    expect(row?.expiresAt?.toISOString()).toBe('2025-09-25T21:00:00.000Z');
  });

  it('refuses an impact period riders are not told about with 422 impact_outside_communication, REST and tRPC', async () => {
    const late = [{ start: local(TOMORROW, '22:00'), end: local(TOMORROW, '23:30') }];
    const rest = await postEntity(
      editor,
      '/feed/service_alert',
      eveningAlert('a-bad', { impactPeriod: late }) as never,
    );
    expect(rest.status).toBe(422);
    const body = await rest.json();
    expect(body.details.notices.map((n: { code: string; field: string }) => [n.code, n.field])).toEqual([
      ['impact_outside_communication', 'alert.impact_period[0]'],
    ]);
    const trpc = await editor.trpc('mutation', 'feed.saveAlert', {
      entity: eveningAlert('a-bad', { impactPeriod: [...affected, ...late] }),
    });
    expect(trpc.status).toBe(422);
    expect(trpc.body.error.data.details.notices.map((n: { field: string }) => n.field)).toEqual([
      'alert.impact_period[2]',
    ]);
    expect((await servedAlerts(t.client())).has('a-bad')).toBe(false);
  });

  it('refuses an alert URL that is not http or https with 422', async () => {
    const url = { translation: [{ text: 'ftp://example.org/notice', language: 'en-ZA' }] };
    const res = await editor.trpc('mutation', 'feed.saveAlert', { entity: eveningAlert('a-url', { url }) });
    expect(res.status).toBe(422);
    expect(res.body.error.data.details.notices[0].code).toBe('alert_url_not_web');
  });

  it('keeps a draft out of the public feed, the consistency check and the history until it is published', async () => {
    const saved = await editor.trpc('mutation', 'feed.saveAlert', {
      entity: eveningAlert('a-draft'),
      draft: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data).toMatchObject({ id: 'a-draft', draft: true });
    const etag = (await t.client().get('/feed/alerts')).headers.get('etag');
    expect((await servedAlerts(t.client())).has('a-draft')).toBe(false);
    const json = await (await t.client().get('/feed/alerts?format=json')).json();
    expect(json.entity.map((e: { id: string }) => e.id)).not.toContain('a-draft');
    expect((await listLiveEntities(t.deps)).map((e) => e.id)).not.toContain('a-draft');
    const listed = await editor.trpc('query', 'feed.list', { kind: 'alert' });
    const item = listed.body.result.data.find((i: { id: string }) => i.id === 'a-draft');
    expect(item).toMatchObject({ draft: true, state: 'upcoming', revision: 1 });
    expect(
      (await editor.trpc('query', 'feed.history', { kind: 'alert', id: 'a-draft' })).body.result.data,
    ).toEqual([]);
    // Saving the draft again keeps it a draft, still unserved.
    await editor.trpc('mutation', 'feed.saveAlert', {
      entity: eveningAlert('a-draft'),
      draft: true,
      baseRevision: 1,
    });
    expect((await t.client().get('/feed/alerts')).headers.get('etag')).toBe(etag);

    const published = await editor.trpc('mutation', 'feed.publishAlert', { id: 'a-draft', baseRevision: 2 });
    expect(published.status).toBe(200);
    expect(published.body.result.data.revision).toBe(3);
    const alert = (await servedAlerts(t.client())).get('a-draft');
    expect(alert?.impactPeriod).toEqual(affected);
    expect((await listLiveEntities(t.deps)).map((e) => e.id)).toContain('a-draft');
    const history = (await editor.trpc('query', 'feed.history', { kind: 'alert', id: 'a-draft' })).body.result
      .data;
    expect(history.map((h: { action: string; by: string }) => [h.action, h.by])).toEqual([
      ['save', 'controller'],
    ]);
  });

  it('refuses to turn a published alert back into a draft (409), and publishing twice changes nothing', async () => {
    const back = await editor.trpc('mutation', 'feed.saveAlert', {
      entity: eveningAlert('a-event'),
      draft: true,
    });
    expect(back.status).toBe(409);
    expect(back.body.error.data.appCode).toBe('alert_already_published');
    expect((await servedAlerts(t.client())).has('a-event')).toBe(true);
    const again = await editor.trpc('mutation', 'feed.publishAlert', { id: 'a-draft' });
    expect(again.body.result.data.revision).toBe(3);
    const unknown = await editor.trpc('mutation', 'feed.publishAlert', { id: 'nope' });
    expect(unknown.status).toBe(404);
  });

  it('publishes a draft that the REST API saves again under its id', async () => {
    await editor.trpc('mutation', 'feed.saveAlert', { entity: eveningAlert('a-draft-2'), draft: true });
    expect((await servedAlerts(t.client())).has('a-draft-2')).toBe(false);
    await postEntity(editor, '/feed/service_alert', eveningAlert('a-draft-2') as never);
    expect((await servedAlerts(t.client())).has('a-draft-2')).toBe(true);
  });

  it('finds the end of service: the last arrival of the day in the current schedule, not 23:59', async () => {
    const trips = await editor.trpc('query', 'schedule.trips', { date: '20250923' });
    let last = 0;
    for (const trip of trips.body.result.data as { trip_id: string }[]) {
      const stops = await editor.trpc('query', 'schedule.stopTimes', { tripId: trip.trip_id });
      for (const s of stops.body.result.data as { arrival: string }[]) {
        const [h, m, sec] = s.arrival.split(':').map(Number);
        last = Math.max(last, h! * 3600 + m! * 60 + sec!);
      }
    }
    const dayStart = local('2025-09-23', '00:00'); // no DST change in Cape Town
    const end = await editor.trpc('query', 'schedule.endOfService', {});
    expect(end.body.result.data).toEqual({ serviceDate: '20250923', end: dayStart + last });
    expect(end.body.result.data.end).not.toBe(local('2025-09-23', '23:59'));
    // Tomorrow evening's alert: the end of tomorrow's service.
    const tomorrow = await editor.trpc('query', 'schedule.endOfService', { at: local(TOMORROW, '18:00') });
    expect(tomorrow.body.result.data.serviceDate).toBe('20250924');
  });

  it('warns in the list of an alert ending within 30 minutes and of one open-ended longer than ALERT_OPEN_ENDED_WARN_HOURS', async () => {
    const now = NOW.getTime() / 1000;
    const save = (id: string, impactPeriod: object[]) =>
      editor.trpc('mutation', 'feed.saveAlert', {
        entity: {
          id,
          alert: {
            impactPeriod,
            informedEntity: [{ routeId: 'STH' }],
            headerText: { translation: [{ text: 'Works', language: 'en-ZA' }] },
          },
        },
      });
    await save('a-open', [{ start: now - 60 }]);
    await save('a-ending', [{ start: now - 60, end: now + 2 * 3600 + 1500 }]);
    const attention = async () => {
      const list = await editor.trpc('query', 'feed.list', { kind: 'alert' });
      return Object.fromEntries(
        list.body.result.data
          .filter((i: { id: string }) => ['a-open', 'a-ending'].includes(i.id))
          .map((i: { id: string; attention?: object }) => [i.id, i.attention ?? null]),
      );
    };
    expect(await attention()).toEqual({ 'a-open': null, 'a-ending': null });
    t.clock.now = new Date(NOW.getTime() + 2 * 3600_000 + 60_000);
    try {
      expect(await attention()).toEqual({
        'a-open': { code: 'open_ended', since: now, hours: 2 },
        'a-ending': { code: 'ending_soon', endsAt: now + 2 * 3600 + 1500 },
      });
    } finally {
      t.clock.now = NOW;
    }
  });
});
