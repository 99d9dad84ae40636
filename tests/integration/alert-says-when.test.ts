import { alertTemplateTexts } from '@feeddesk/drizzle';
import { saveOperatorSettings } from '@feeddesk/server/operator-settings/save-operator-settings';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
/** A week after "today" (Tuesday 23 September 2025 on the line, America/Los_Angeles). */
const NEXT_WEEK = '20250930';
const secs = (d: Date) => d.getTime() / 1000;
const nextWeek = (hhmm: string) => new Date(`2025-09-30T${hhmm}:00-07:00`);

/**
 * An alert says when (docs/contract-notes.md "Dated trips and disruptions"): announced a week
 * ahead, on a line far from the product's Johannesburg, it is told from its publication, its
 * impact on the day of the works, and its header and description say that day and its hours in
 * each of the operator's languages, in that language's words.
 */
describe('an alert about another day says when, in every language, from its publication', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    // With a bus route (route_type 3) for the replacement buses.
    const feed = peninsulaLine();
    feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
    await storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
    await saveOperatorSettings(t.deps, {
      languages: [
        { tag: 'en-ZA', name: 'English' },
        { tag: 'es', name: 'Español' },
      ],
      defaultLanguage: 'en-ZA',
      urlLanguage: 'en-ZA',
      confirmRemoval: true,
      by: null,
    });
    await t.deps.db.insert(alertTemplateTexts).values([
      {
        templateId: 'disruption-cancel',
        language: 'es',
        headerText: '{route}: trenes {trains} cancelados',
        descriptionText: 'Los trenes {trains} de {route} no circulan. {reason}',
        url: '',
      },
      {
        templateId: 'disruption-replace_by_bus',
        language: 'es',
        headerText: 'Autobuses sustituyen a los trenes entre {fromStop} y {toStop}',
        descriptionText: 'Los trenes {trains} de {route} no circulan entre {fromStop} y {toStop}.',
        url: '',
      },
    ]);
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const served = async () => {
    const res = await t.client().get('/feed/alerts');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const disruption = async (body: object) => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceDate: NEXT_WEEK, reason: 'Works', alert: true, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { id: string; alertId: string };
  };
  const textsIn = (field: GtfsRealtimeBindings.transit_realtime.ITranslatedString | null | undefined) =>
    Object.fromEntries((field?.translation ?? []).map((tr) => [tr.language, tr.text]));

  it('a cancellation a week ahead: told from now, its impact the train’s run, the day and hours in English and Spanish', async () => {
    const applied = await disruption({ select: { tripIds: ['303'] }, action: { type: 'cancel' } });
    const [entity] = await served();
    expect(entity!.id).toBe(applied.alertId);
    const alert = entity!.alert!;
    // Train 303 leaves Gilroy 06:59 and reaches San Francisco 08:44 next Tuesday.
    const run = { start: secs(nextWeek('06:59')), end: secs(nextWeek('08:44')) };
    expect(alert.activePeriod!.map((p) => [Number(p.start), Number(p.end)])).toEqual([
      [secs(pdt('06:00')), run.end],
    ]);
    expect(alert.impactPeriod!.map((p) => [Number(p.start), Number(p.end)])).toEqual([[run.start, run.end]]);
    expect(alert.informedEntity!.map((e) => [e.trip?.tripId, e.trip?.startDate])).toEqual([
      ['303', NEXT_WEEK],
    ]);

    const header = textsIn(alert.headerText);
    expect(Object.keys(header)).toEqual(['en-ZA', 'es']);
    // The seeded header names the train, not "trains cancelled" on the whole route; and the day.
    expect(header['en-ZA']).toMatch(/^Local: trains 303 cancelled \(Tuesday,? 30 September.*06:59.*08:44\)$/);
    expect(header.es).toMatch(/^Local: trenes 303 cancelados \(martes, 30 de septiembre.*6:59.*8:44\)$/);
    const description = textsIn(alert.descriptionText);
    expect(description['en-ZA']).toContain('on 30 September 2025 between 06:59 and 08:44');
    expect(description.es).toMatch(/martes, 30 de septiembre/);
    // No language carries another's words.
    for (const text of [header.es, description.es])
      expect(text).not.toMatch(/Tuesday|September|\band\b|more/);
  });

  it('buses a week ahead inform the trains and the section’s stops, not the whole route, and say the day', async () => {
    await disruption({
      select: { routeId: 'LOC', tripIds: ['303', '305'] },
      action: { type: 'replace_by_bus', fromStopId: 'SMN', toStopId: 'SJD', routeId: 'BUS' },
    });
    const [entity] = await served();
    const alert = entity!.alert!;
    const informed = alert.informedEntity!.map((e) => [
      e.trip?.tripId ?? null,
      e.routeId || null,
      e.stopId || null,
    ]);
    expect(informed).toEqual([
      ['303', null, null],
      ['305', null, null],
      [null, 'LOC', 'SMN'],
      [null, 'LOC', 'MHL'],
      [null, 'LOC', 'SJD'],
    ]);
    expect(Number(alert.activePeriod![0]!.start)).toBe(secs(pdt('06:00')));
    const header = textsIn(alert.headerText);
    expect(header['en-ZA']).toMatch(
      /^Buses replace trains between San Martin and San Jose Diridon \(Tuesday,? 30 September/,
    );
    expect(header.es).toMatch(
      /^Autobuses sustituyen a los trenes entre San Martin y San Jose Diridon \(martes, 30 de septiembre/,
    );
  });

  it('an alert about today says no day: riders read it as now', async () => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reason: 'No crew',
        alert: true,
        select: { tripIds: ['305'] },
        action: { type: 'cancel' },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [entity] = await served();
    expect(textsIn(entity!.alert!.headerText)).toEqual({
      'en-ZA': 'Local: trains 305 cancelled',
      es: 'Local: trenes 305 cancelados',
    });
  });
});
