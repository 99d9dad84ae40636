import type { FeedEntity } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The alert linter: errors refuse a save over REST and tRPC, warnings are answered. */
describe('the alert linter on save', () => {
  let t: TestApp;
  let editor: HttpClient;
  let routeId: string;
  let tripId: string;
  let stops: { stopSequence: number; stopId: string }[];

  beforeAll(async () => {
    t = await startTestApp();
    const planner = await t.clientWithRoles(['gtfs', 'view']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    editor = await t.clientWithRoles(['edit'], 'controller');
    const trips = (await (await editor.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    tripId = trips[0]!.trip_id;
    const routes = (await (await editor.get('/db/trips_to_routes')).json()) as Record<string, string>;
    routeId = routes[tripId]!;
    stops = await (await editor.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(tripId)}`)).json();
  });
  afterAll(() => t?.close());

  const now = () => Math.floor(Date.now() / 1000);
  /** A well-formed alert, then what the test changes. */
  const alert = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    alert: {
      activePeriod: [{ start: now() }],
      informedEntity: [{ routeId }],
      cause: 3, // TECHNICAL_PROBLEM
      effect: 3, // SIGNIFICANT_DELAYS
      headerText: { translation: [{ language: 'en-ZA', text: 'Delays on the line' }] },
      ...extra,
    },
  });
  const badUrl = { url: { translation: [{ language: 'en-ZA', text: 'ftp://example.org/notice' }] } };
  const longHeader = {
    // With the English header every alert carries (the default language, required).
    headerText: {
      translation: [
        { language: 'fr', text: `Retards ${'x'.repeat(100)}` },
        { language: 'en-ZA', text: 'Delays' },
      ],
    },
  };
  const urlError = {
    code: 'alert_url_not_web',
    severity: 'error',
    field: 'alert.url.translation[0].text',
    message: 'The alert URL must start with http:// or https://.',
    value: 'ftp://example.org/notice',
  };
  const warnings = (entityId: string) => [
    {
      code: 'alert_header_too_long',
      severity: 'warning',
      entityId,
      field: 'alert.header_text.translation[0].text',
      message: 'The fr header has 108 characters; keep it under 100 and move the details to the description.',
      value: 108,
    },
    {
      code: 'alert_language_not_offered',
      severity: 'warning',
      entityId,
      field: 'alert.header_text.translation[0].language',
      message:
        'Language "fr" is not one of the operator\'s languages (en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve); use one of those tags.',
      value: 'fr',
    },
  ];

  it('refuses an alert with an error over REST with 422 and its notices, and saves nothing', async () => {
    const res = await postEntity(editor, '/feed/service_alert', alert('rest-bad', badUrl) as FeedEntity);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 422,
      error: 'Entity fails the feed rules',
      description: urlError.message,
    });
    expect(body.details.notices).toEqual([{ ...urlError, entityId: 'rest-bad' }]);
    expect((await getFeed(t.client(), '/feed/alerts')).entity).toEqual([]);
  });

  it('saves an alert with warnings over REST and answers them', async () => {
    const res = await postEntity(editor, '/feed/service_alert', alert('rest-warn', longHeader) as FeedEntity);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'rest-warn',
      message: ' ✅ Successfully saved Alert!',
      warnings: warnings('rest-warn'),
      state: 'published',
    });
  });

  it('refuses an error and saves a warning over tRPC alike', async () => {
    const bad = await editor.trpc('mutation', 'feed.saveAlert', { entity: alert('trpc-bad', badUrl) });
    expect(bad.status).toBe(422);
    expect(bad.body.error.data).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      appCode: 'feed_rules_failed',
    });
    expect(bad.body.error.data.details.notices).toEqual([{ ...urlError, entityId: 'trpc-bad' }]);
    const good = await editor.trpc('mutation', 'feed.saveAlert', { entity: alert('trpc-warn', longHeader) });
    expect(good.status).toBe(200);
    expect(good.body.result.data).toMatchObject({ id: 'trpc-warn', warnings: warnings('trpc-warn') });
    const ids = (await getFeed(t.client(), '/feed/alerts')).entity.map((e) => e.id).sort();
    expect(ids).toEqual(['rest-warn', 'trpc-warn']);
  });

  it('lints as the controller types: the notices a save would give, from the live trip updates too', async () => {
    const closing = alert('', { effect: 1 }); // NO_SERVICE on the whole route
    const before = await editor.trpc('query', 'feed.lintAlert', { entity: closing });
    expect(before.body.result.data).toEqual([]);
    // A train of the route runs and skips a stop: only that stop is closed.
    const skipped = stops[1]!;
    const tu = {
      id: 'skip-1',
      tripUpdate: {
        trip: { tripId },
        stopTimeUpdate: [
          { stopSequence: skipped.stopSequence, stopId: skipped.stopId, scheduleRelationship: 1 },
        ],
      },
    };
    expect((await postEntity(editor, '/feed/trip_update', tu)).status).toBe(200);
    const after = await editor.trpc('query', 'feed.lintAlert', { entity: closing });
    expect(after.body.result.data).toEqual([
      {
        code: 'route_alert_for_stop_closure',
        severity: 'warning',
        entityId: '',
        field: 'alert.informed_entity[0].route_id',
        message: `Route ${routeId} is marked as having no service, but only ${skipped.stopId} are closed; name those stops instead of the whole route.`,
        value: routeId,
      },
    ]);
    const viewer = await t.clientWithRoles(['view']);
    expect((await viewer.trpc('query', 'feed.lintAlert', { entity: closing })).status).toBe(403);
  });
});
