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
type Translated = GtfsRealtimeBindings.transit_realtime.ITranslatedString | null | undefined;
const textsIn = (field: Translated) =>
  Object.fromEntries((field?.translation ?? []).map((tr) => [tr.language, tr.text]));

/**
 * The languages of a drafted alert (docs/contract-notes.md "Operator settings" and "Languages of
 * an alert"): only the operator's languages, each in its own words, the controller's reason only
 * in the default language it is typed in.
 */
describe('a drafted alert speaks the operator’s languages, each in its own words', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storeScheduleVersion(t.deps, {
      feed: peninsulaLine(),
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
        url: 'https://example.org/es',
      },
      // A hostile or stale text: German, which the operator never offered.
      {
        templateId: 'disruption-cancel',
        language: 'de',
        headerText: '{route}: Züge {trains} fallen aus',
        descriptionText: 'Die Züge {trains} fahren nicht. {reason}',
        url: 'https://example.org/de',
      },
    ]);
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const served = async () => {
    const res = await t.client().get('/feed/alerts');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const disrupt = async (body: object) => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alert: true, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [entity] = await served();
    return entity!.alert!;
  };
  const templates = async (): Promise<{ id: string; offered: boolean }[]> =>
    (await controller.trpc('query', 'alertTemplates.list')).body.result.data;

  it('the reason typed in English fills only the English text; the Spanish one keeps its own words', async () => {
    const alert = await disrupt({
      reason: 'No crew available',
      select: { tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    const description = textsIn(alert.descriptionText);
    expect(Object.keys(description)).toEqual(['en-ZA', 'es']);
    expect(description['en-ZA']).toMatch(/No crew available$/);
    expect(description.es).toBe('Los trenes 305 de Local no circulan.');
    expect(textsIn(alert.headerText).es).toBe('Local: trenes 305 cancelados');
    for (const text of [textsIn(alert.headerText).es, description.es])
      expect(text).not.toMatch(/No crew|available|cancelled|Trains/);
  });

  it('a hostile reason (placeholders) reaches only the default language’s text, and is refused there', async () => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        alert: true,
        reason: '{route} {trains}',
        select: { tripIds: ['305'] },
        action: { type: 'cancel' },
      }),
    });
    expect(res.status).toBe(422);
    const { description } = (await res.json()) as { description: string };
    // Filled once, not expanded again; the Spanish text never received it.
    expect(description).toContain('{route}, {trains} in its description (en-ZA)');
    expect(description).not.toContain('(es)');
    expect(await served()).toEqual([]);
  });

  it('never drafts a language the operator does not offer, even one a template holds', async () => {
    const alert = await disrupt({
      reason: 'Works',
      select: { tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    for (const field of [alert.headerText, alert.descriptionText, alert.url])
      expect(Object.keys(textsIn(field))).not.toContain('de');
  });

  it('after the operator stops using English: no English translation drafted, English-only templates not offered', async () => {
    await saveOperatorSettings(t.deps, {
      languages: [{ tag: 'es', name: 'Español' }],
      defaultLanguage: 'es',
      urlLanguage: 'es',
      confirmRemoval: true,
      by: null,
    });
    const cancelled = await disrupt({
      reason: 'Sin personal',
      select: { tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    expect(textsIn(cancelled.headerText)).toEqual({ es: 'Local: trenes 305 cancelados' });
    // Spanish is now the default language: the reason is read as Spanish and told in it.
    expect(textsIn(cancelled.descriptionText)).toEqual({
      es: 'Los trenes 305 de Local no circulan. Sin personal',
    });
    expect(textsIn(cancelled.url)).toEqual({ es: 'https://example.org/es' });

    // The delay template is written in English only: it drafts no text rather than an English one,
    // and the controller is asked for the Spanish header every alert now carries.
    const body = {
      reason: 'Señal averiada',
      // A train that runs (305 is now cancelled, and a delay leaves a cancelled train alone).
      select: { tripIds: ['303'] },
      action: { type: 'delay', minutes: 10 },
      alert: true,
    };
    const preview = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      ...body,
      dryRun: true,
    });
    const delayed = preview.body.result.data.alert.alert;
    for (const field of [delayed.headerText, delayed.descriptionText, delayed.url])
      expect(Object.keys(textsIn(field))).not.toContain('en-ZA');
    expect(preview.body.result.data.refusals.map((r: { message: string }) => r.message)).toEqual([
      'Add a header in Español.',
    ]);
    const refused = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).description).toBe('Add a header in Español.');

    const list = await templates();
    expect(list.find((tpl) => tpl.id === 'disruption-cancel')?.offered).toBe(true);
    expect(list.find((tpl) => tpl.id === 'disruption-delay')?.offered).toBe(false);
  });
});
