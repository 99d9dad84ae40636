import type { FeedEntity } from '@feeddesk/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, addDays, dateIn, wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { publishAlert, setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type RouteView = {
  routeId: string;
  name: string;
  status: string;
  statusText: string;
  detail: string | null;
  alerts: { id: string; header: string | null; language: string; when: string | null; inEffect: boolean }[];
};
type StatusJson = { language: string; wordsLanguage: string; routes: RouteView[]; updatedAt: string };

/** A date of the agency's calendar, well inside the schedule (2025–2030): Friday 4 December 2026. */
const DAY = '2026-12-04';
const NEXT = addDays(DAY, 1);
const yyyymmdd = (date: string) => date.replaceAll('-', '');

/**
 * GET /status and /status.json (docs/rest-api.md "Riders' pages"): each route's status now from
 * the feeds as served, in the operator's languages, across midnight in the agency's far zone.
 */
describe('the status page says what the feed says, route by route', () => {
  let t: TestApp;
  let editor: HttpClient;
  let rider: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await setUpRiderNetwork(t);
    editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    rider = t.client();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.now = wallTime(DAY, '23:50');
    await clearLiveFeeds(t);
  });

  const status = async (query = '') => {
    const res = await rider.get(`/status.json${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as StatusJson;
  };
  const page = async (query = '') => {
    const res = await rider.get(`/status${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    return res.text();
  };
  const route = (s: StatusJson, id: string) => s.routes.find((r) => r.routeId === id)!;
  const save = async (entity: FeedEntity) => {
    const res = await postEntity(editor, '/feed/trip_update', entity);
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it('says good service on every route when the feed is empty, in the default language', async () => {
    const s = await status();
    expect(s.language).toBe('en-ZA');
    expect(s.routes.map((r) => [r.routeId, r.status, r.statusText, r.alerts])).toEqual([
      ['N', 'good_service', 'Good service', []],
      ['S', 'good_service', 'Good service', []],
    ]);
    const html = await page();
    expect(html).toMatch(/^<!doctype html><html lang="en-ZA">/);
    expect(html).toContain('<h1>Service status</h1>');
    expect(html).toContain('<main>');
    expect(html).not.toContain('<script');
  });

  it('shows a published delay on its route only, the page and the JSON alike', async () => {
    await save({
      id: 'tu-N1',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: yyyymmdd(DAY) },
        stopTimeUpdate: [
          { stopSequence: 2, stopId: 'C1', arrival: { delay: 720 }, departure: { delay: 720 } },
        ],
      },
    });
    const s = await status();
    expect(route(s, 'N')).toMatchObject({
      status: 'delays',
      statusText: 'Delays',
      detail: 'Trains up to 12 min late.',
    });
    expect(route(s, 'S').status).toBe('good_service');
    const html = await page();
    expect(html).toMatch(
      /<h3>North line<\/h3><p class="status delays"><span aria-hidden="true">!<\/span> Delays<\/p><p>Trains up to 12 min late.<\/p>/,
    );
    expect(html).toMatch(/<h3>South line<\/h3><p class="status good_service">/);
  });

  it('shows a cancelled train as part of its route suspended', async () => {
    await save({
      id: 'tu-S1',
      tripUpdate: { trip: { tripId: 'S1', startDate: yyyymmdd(DAY), scheduleRelationship: 3 } },
    });
    const s = await status();
    expect(route(s, 'S')).toMatchObject({ status: 'part_suspended', detail: 'Trains cancelled: 1.' });
    expect(route(s, 'N').status).toBe('good_service');
    expect(await page()).toContain(
      '<p class="status part_suspended"><span aria-hidden="true">✕</span> Part suspended</p>',
    );
  });

  it('says planned works ahead with the agency’s date across midnight, then in effect once they start', async () => {
    // 23:50 on Friday in the agency's zone; the works are from 01:00 to 05:00 on Saturday, its
    // tomorrow (in UTC, Friday's noon: "today" there).
    const start = wallTime(NEXT, '01:00');
    await publishAlert(editor, {
      id: 'works-central',
      informed: [{ stopId: 'C2' }],
      effect: 1,
      en: 'No trains at Central',
      af: 'Geen treine by Sentraal nie',
      impact: { start, end: wallTime(NEXT, '05:00') },
      told: { start: wallTime(DAY, '20:00') },
    });
    const s = await status();
    const south = route(s, 'S');
    expect(south.status).toBe('planned_works_ahead');
    expect(south.alerts.map((a) => [a.id, a.header, a.inEffect])).toEqual([
      ['works-central', 'No trains at Central', false],
    ]);
    const day = Number(NEXT.slice(8));
    expect(south.alerts[0]!.when).toMatch(
      new RegExp(`^From tomorrow, Sat,? 0?${day} Dec,? 01:00 until tomorrow, Sat,? 0?${day} Dec,? 05:00$`),
    );
    // Platform C2 is at station Central, where only the South line calls at C2: the North line (C1) is not told.
    expect(route(s, 'N')).toMatchObject({ status: 'good_service', alerts: [] });
    expect(dateIn(AGENCY_ZONE, start)).toBe(NEXT);

    // Past midnight of the agency, the same works start "today"; at 01:30 they are in effect.
    t.clock.now = wallTime(NEXT, '00:30');
    expect(route(await status(), 'S').alerts[0]!.when).toMatch(
      /^From today, Sat,? \d+ Dec,? 01:00 until today/,
    );
    t.clock.now = wallTime(NEXT, '01:30');
    const during = route(await status(), 'S');
    expect(during.status).toBe('part_suspended');
    expect(during.alerts[0]).toMatchObject({
      inEffect: true,
      when: expect.stringMatching(/^Until today, Sat,? \d+ Dec,? 05:00$/),
    });
    t.clock.now = wallTime(NEXT, '05:30');
    expect(route(await status(), 'S').status).toBe('good_service');
  });

  it('speaks the language asked among the operator’s, else the default', async () => {
    await publishAlert(editor, {
      id: 'north-info',
      informed: [{ routeId: 'N' }],
      effect: 3,
      en: 'Slow running near Delta',
      af: 'Stadige treine naby Delta',
    });
    const af = await status('?lang=af-ZA');
    expect(af).toMatchObject({ language: 'af-ZA', wordsLanguage: 'af' });
    expect(route(af, 'N')).toMatchObject({ status: 'delays', statusText: 'Vertragings' });
    expect(route(af, 'N').alerts[0]).toMatchObject({
      header: 'Stadige treine naby Delta',
      language: 'af-ZA',
    });
    expect((await status('?lang=AF')).language).toBe('af-ZA');
    const unknown = await status('?lang=de');
    expect(unknown.language).toBe('en-ZA');
    expect(route(unknown, 'N').alerts[0]!.header).toBe('Slow running near Delta');
    const html = await page('?lang=af-ZA');
    expect(html).toMatch(/^<!doctype html><html lang="af-ZA">/);
    expect(html).toContain('<h1>Diensstatus</h1>');
    expect(html).toContain('<h4>Stadige treine naby Delta</h4>');
    expect(html).toContain('<a href="?lang=en-ZA" lang="en-ZA" hreflang="en-ZA">English</a>');
  });

  it('answers like the public feeds: an ETag, no-cache, and 304 while nothing changed', async () => {
    const first = await rider.get('/status');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await rider.get('/status', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    await publishAlert(editor, {
      id: 'north-2',
      informed: [{ routeId: 'N' }],
      en: 'Lift out of order',
      af: 'Hysbak buite werking',
    });
    const changed = await rider.get('/status', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Lift out of order');
  });

  it('refuses a language tag too long to be one with a sentence', async () => {
    const res = await rider.get(`/status.json?lang=${'x'.repeat(5000)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { description: string }).description).toMatch(
      /lang must NOT have more than 35 characters/,
    );
  });
});
