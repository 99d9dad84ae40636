import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Three Northern Line trains an hour apart towards Cape Town, on weekdays. */
const schedule = sampleFeed({
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'NTH,WD,WD-0600,Cape Town,0',
    'NTH,WD,WD-0700,Cape Town,0',
    'NTH,WD,WD-0800,Cape Town,0',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...['06', '07', '08'].flatMap((h) => [
      `WD-${h}00,${h}:00:00,${h}:00:00,EER,1`,
      `WD-${h}00,${h}:30:00,${h}:31:00,BLV,2`,
      `WD-${h}00,${h}:59:00,${h}:59:00,CPT,3`,
    ]),
  ].join('\n'),
});

const DATE = '20250923'; // a Tuesday
const cancelled = (tripId: string, id?: string) => ({
  ...(id ? { id } : {}),
  tripUpdate: { trip: { tripId, startDate: DATE, scheduleRelationship: 'CANCELED' }, stopTimeUpdate: [] },
});
const delayed = (tripId: string, id: string) => ({
  id,
  tripUpdate: {
    trip: { tripId, startDate: DATE },
    stopTimeUpdate: [{ stopSequence: 2, stopId: 'BLV', arrival: { delay: 300 } }],
  },
});

type Drafted = { alert: Record<string, unknown> };
type TripAlert = {
  linked: { alertId: string; alert: Drafted | null; disruption: { id: string; trips: number } | null } | null;
  draft: Drafted | null;
  offer: string | null;
};

describe('a single cancellation or skipped stop tells riders, linked both ways', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = jnb('2025-09-23T05:00:00');
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const call = async (type: 'query' | 'mutation', path: string, input: unknown, status = 200) => {
    const res = await controller.trpc(type, path, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.result?.data ?? res.body.error;
  };
  const tripAlert = (change: object): Promise<TripAlert> =>
    call('query', 'disruptions.tripAlert', {
      startDate: DATE,
      skippedStopIds: [],
      cancelled: false,
      ...change,
    });
  const liveIds = async (path: '/feed/updates' | '/feed/alerts') =>
    (await getFeed(t.client(), path)).entity.map((e) => e.id);
  const publishCancellation = async (tripId: string) => {
    const { draft } = await tripAlert({ tripId, cancelled: true });
    return call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: cancelled(tripId),
      baseRevision: 0,
      alert: { publish: draft },
    });
  };

  it('drafts the alert of a single cancellation about the trip, from the templates, times in the agency zone', async () => {
    expect(await tripAlert({ tripId: 'WD-0700', cancelled: true })).toEqual({
      linked: null,
      offer: 'publish',
      draft: {
        alert: {
          // Told from now (05:00, an advance notice), about the train's run 07:00–07:59 SAST.
          activePeriod: [{ start: 1758596400, end: 1758607140 }],
          communicationPeriod: [{ start: 1758596400, end: 1758607140 }],
          impactPeriod: [{ start: 1758603600, end: 1758607140 }],
          informedEntity: [{ trip: { tripId: 'WD-0700', startDate: DATE } }],
          cause: 'UNKNOWN_CAUSE',
          effect: 'NO_SERVICE',
          headerText: { translation: [{ text: 'Northern Line: trains 700 cancelled', language: 'en-ZA' }] },
          descriptionText: {
            translation: [
              {
                text: 'Trains 700 of Northern Line on 23 September 2025 between 07:00 and 07:59 are cancelled.',
                language: 'en-ZA',
              },
            ],
          },
        },
      },
    });
  });

  it('drafts the alert of a skipped stop about that stop of that train only', async () => {
    const { draft, offer } = await tripAlert({ tripId: 'WD-0700', skippedStopIds: ['BLV'] });
    expect(offer).toBe('publish');
    expect(draft?.alert.informedEntity).toEqual([
      { trip: { tripId: 'WD-0700', startDate: DATE }, stopId: 'BLV' },
    ]);
    expect(draft?.alert.headerText).toEqual({
      translation: [{ text: 'Bellville: trains do not stop', language: 'en-ZA' }],
    });
    expect((await tripAlert({ tripId: 'WD-0700' })).offer).toBeNull(); // nothing to tell
  });

  it('saves the cancellation and its alert in one act, linked both ways; no cancelled_without_alert', async () => {
    const heard: string[] = [];
    const off = t.deps.bus.on('feed_changed', (kind) => heard.push(kind));
    const saved = await publishCancellation('WD-0700');
    off();
    expect(heard).toEqual(['trip_update', 'alert']); // once each, after the commit
    expect(saved).toMatchObject({ alertId: `trip-${saved.id}`, alertMessage: 'Alert published.' });
    expect(await liveIds('/feed/updates')).toEqual([saved.id]);
    expect(await liveIds('/feed/alerts')).toEqual([saved.alertId]);
    expect(await call('query', 'disruptions.alertLinks', { alertId: saved.alertId })).toEqual({
      disruption: null,
      trips: [{ tripUpdateId: saved.id, tripId: 'WD-0700', trainNumber: '700', startDate: DATE, live: true }],
    });
    const again = await tripAlert({ tripUpdateId: saved.id, tripId: 'WD-0700', cancelled: true });
    expect([again.offer, again.linked?.alertId]).toEqual(['keep', saved.alertId]);
    const findings = await (await controller.get('/feed/consistency')).json();
    expect(findings).toEqual([]);
  });

  it('saves neither when the alert fails the feed rules, and announces no change', async () => {
    const heard: string[] = [];
    const off = t.deps.bus.on('feed_changed', (kind) => heard.push(kind));
    const refused = await call(
      'mutation',
      'disruptions.saveTripUpdateWithAlert',
      {
        entity: cancelled('WD-0700'),
        alert: { publish: { alert: { url: { translation: [{ text: 'ftp://x' }] } } } },
      },
      422,
    );
    off();
    expect(refused.data.appCode).toBe('feed_rules_failed');
    expect(heard).toEqual([]); // the trip update saved before the alert was refused was never announced
    expect(await liveIds('/feed/updates')).toEqual([]);
    expect(await liveIds('/feed/alerts')).toEqual([]);
  });

  it('offers to end the alert when the train is un-cancelled, to update it when it skips a stop instead; the save ends it', async () => {
    const saved = await publishCancellation('WD-0700');
    const edit = { tripUpdateId: saved.id, tripId: 'WD-0700' };
    expect((await tripAlert(edit)).offer).toBe('end');
    const skipping = await tripAlert({ ...edit, skippedStopIds: ['BLV'] });
    expect(skipping.offer).toBe('update');
    expect(skipping.linked?.alert?.alert.informedEntity).toEqual([
      { trip: { tripId: 'WD-0700', startDate: DATE } },
    ]);

    const ended = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: delayed('WD-0700', saved.id),
      baseRevision: 1,
      alert: { end: true },
    });
    expect(ended).toMatchObject({ id: saved.id, revision: 2, alertId: null, alertMessage: 'Alert ended.' });
    expect(await liveIds('/feed/alerts')).toEqual([]);
    const update = (await getFeed(t.client(), '/feed/updates')).entity[0]!.tripUpdate!;
    expect(update.trip.scheduleRelationship ?? 0).toBe(0); // SCHEDULED again
    expect(await tripAlert(edit)).toEqual({ linked: null, draft: null, offer: null });
  });

  it('updates the linked alert in place when the change differs', async () => {
    const saved = await publishCancellation('WD-0700');
    const { draft } = await tripAlert({ tripUpdateId: saved.id, tripId: 'WD-0700', skippedStopIds: ['BLV'] });
    const skip = {
      id: saved.id,
      tripUpdate: {
        trip: { tripId: 'WD-0700', startDate: DATE },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'BLV', scheduleRelationship: 'SKIPPED' }],
      },
    };
    const updated = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: skip,
      alert: { publish: draft },
    });
    expect([updated.alertId, updated.alertMessage]).toEqual([saved.alertId, 'Alert updated.']);
    const alerts = (await getFeed(t.client(), '/feed/alerts')).entity;
    expect(alerts.map((a) => a.alert?.informedEntity?.[0]?.stopId)).toEqual(['BLV']);
  });

  it('deletes the trip update and ends its alert in one act when asked', async () => {
    const saved = await publishCancellation('WD-0700');
    const kept = await publishCancellation('WD-0800');
    expect(await call('mutation', 'disruptions.deleteTripUpdate', { id: saved.id, endAlert: true })).toEqual({
      message: 'Successfully deleted. Alert ended.',
    });
    await call('mutation', 'disruptions.deleteTripUpdate', { id: kept.id, endAlert: false });
    expect(await liveIds('/feed/updates')).toEqual([]);
    expect(await liveIds('/feed/alerts')).toEqual([kept.alertId]);
  });

  it("shows a disruption's trips on its alert, and keeps that alert when one of its trips is edited", async () => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { routeId: 'NTH', from: '06:00', to: '08:00' },
        action: { type: 'cancel' },
        reason: 'Signal fault',
        alert: true,
      }),
    });
    const applied = (await res.json()) as { id: string; alertId: string };
    const links = await call('query', 'disruptions.alertLinks', { alertId: applied.alertId });
    expect(links.disruption).toMatchObject({ id: applied.id, reason: 'Signal fault', active: true });
    expect(links.trips.map((l: { tripId: string }) => l.tripId)).toEqual(['WD-0600', 'WD-0700']);
    const one = await tripAlert({ tripUpdateId: links.trips[0].tripUpdateId, tripId: 'WD-0600' });
    expect(one.offer).toBe('keep');
    expect(one.linked).toMatchObject({ alertId: applied.alertId, disruption: { id: applied.id, trips: 2 } });
    await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' });
  });
});
