import type { FeedEntity } from '@feeddesk/proto';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * "Every published alert has a header in every language of the operator's settings"
 * (docs/contract-notes.md "Operator settings"): the languages an administrator requires, the
 * default language alone until chosen; every path that publishes an alert refuses one without
 * (400, naming the languages), a draft may wait.
 */
describe('required languages of an alert', () => {
  let t: TestApp;
  let admin: HttpClient;
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
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const put = (body: unknown) =>
    admin.fetch('/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const settingsNow = async () => (await controller.get('/settings')).json();
  const base = async () => {
    const { languages, defaultLanguage, urlLanguage } = await settingsNow();
    return { languages, defaultLanguage, urlLanguage };
  };
  const alert = (id: string, headers: Record<string, string>): FeedEntity => ({
    id,
    alert: {
      activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
      informedEntity: [{ routeId: 'LOC' }],
      cause: 3,
      effect: 3,
      headerText: {
        translation: Object.entries(headers).map(([language, text]) => ({ language, text })),
      },
    },
  });
  const served = async () => (await getFeed(t.client(), '/feed/alerts')).entity.map((e) => e.id);
  const disrupt = (body: object) =>
    controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Signal fault', select: { tripIds: ['305'] }, ...body }),
    });

  it('requires the default language alone until an administrator chooses more; refuses a choice not offered', async () => {
    expect((await settingsNow()).requiredLanguages).toEqual(['en-ZA']);
    // An untagged header is the default language's.
    const untagged = await postEntity(controller, '/feed/service_alert', alert('untagged', { '': 'Delays' }));
    expect(untagged.status, await untagged.clone().text()).toBe(200);

    const notOffered = await put({ ...(await base()), requiredLanguages: ['en-ZA', 'fr'] });
    expect(notOffered.status).toBe(400);
    expect((await notOffered.json()).description).toBe(
      'The required language "fr" is not one of the offered languages (en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve); choose one of them.',
    );
    const none = await put({ ...(await base()), requiredLanguages: [] });
    expect((await none.json()).description).toBe(
      'Require at least one language: every published alert carries a header in it.',
    );
    const saved = await put({ ...(await base()), requiredLanguages: ['st', 'zu-ZA', 'en-ZA'] });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Kept in the order the languages are offered.
    expect((await settingsNow()).requiredLanguages).toEqual(['en-ZA', 'zu-ZA', 'st']);
  });

  it('REST and tRPC refuse a published alert without a required header, naming the languages; accept it with them', async () => {
    const english = alert('rest-en', { 'en-ZA': 'Delays on the line' });
    const refused = await postEntity(controller, '/feed/service_alert', english);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 400,
      error: 'Invalid input',
      description: 'Add a header in isiZulu and Sotho.',
      details: {
        missingLanguages: [
          { tag: 'zu-ZA', name: 'isiZulu' },
          { tag: 'st', name: 'Sotho' },
        ],
      },
    });
    const trpc = await controller.trpc('mutation', 'feed.saveAlert', {
      entity: alert('trpc-en', { 'en-ZA': 'Delays', 'zu-ZA': 'Ukubambezeleka' }),
    });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe('Add a header in Sotho.');
    expect(trpc.body.error.data.details.missingLanguages).toEqual([{ tag: 'st', name: 'Sotho' }]);
    expect(await served()).toEqual([]);

    // A draft may wait for its translator; publishing it may not.
    const draft = await controller.trpc('mutation', 'feed.saveAlert', {
      entity: alert('draft-en', { 'en-ZA': 'Delays' }),
      draft: true,
    });
    expect(draft.status).toBe(200);
    const publish = await controller.trpc('mutation', 'feed.publishAlert', { id: 'draft-en' });
    expect(publish.status).toBe(400);
    expect(publish.body.error.message).toBe('Add a header in isiZulu and Sotho.');
    expect(await served()).toEqual([]);

    const all = { 'en-ZA': 'Delays', 'zu-ZA': 'Ukubambezeleka', st: 'Tieho' };
    expect((await postEntity(controller, '/feed/service_alert', alert('rest-all', all))).status).toBe(200);
    const trpcAll = await controller.trpc('mutation', 'feed.saveAlert', { entity: alert('trpc-all', all) });
    expect(trpcAll.status).toBe(200);
    // A header in the language alone serves its regional riders (zu → zu-ZA); a blank one is none.
    const bare = await postEntity(
      controller,
      '/feed/service_alert',
      alert('bare', { ...all, 'zu-ZA': '', zu: 'U' }),
    );
    expect(bare.status, await bare.clone().text()).toBe(200);
    // A blank header is no header.
    const blank = await postEntity(controller, '/feed/service_alert', alert('blank', { ...all, st: '  ' }));
    expect((await blank.json()).description).toBe('Add a header in Sotho.');
    expect((await served()).sort()).toEqual(['bare', 'rest-all', 'trpc-all']);
  });

  it('a disruption drafted from English templates is refused (400) until the controller writes the others; its preview says so', async () => {
    // The preview as the disruption form asks for it (tRPC): the drafted alert and the refusals.
    const preview = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      reason: 'Signal fault',
      select: { tripIds: ['305'] },
      alert: true,
      action: { type: 'cancel' },
      dryRun: true,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const body = preview.body.result.data;
    // The templates speak English only: the other required languages are left for the controller.
    expect(body.alert.alert.headerText.translation.map((x: { language: string }) => x.language)).toEqual([
      'en-ZA',
    ]);
    expect(body.refusals).toEqual([
      {
        code: 'validation_failed',
        severity: 'error',
        entityId: 'alert',
        field: 'alert.header_text',
        message: 'Add a header in isiZulu and Sotho.',
      },
    ]);
    const applied = await disrupt({ alert: true, action: { type: 'cancel' } });
    expect(applied.status).toBe(400);
    expect((await applied.json()).description).toBe('Add a header in isiZulu and Sotho.');
    expect((await getFeed(t.client(), '/feed/updates')).entity).toEqual([]);
    expect(await served()).toEqual([]);

    const written = await disrupt({
      alert: {
        headerText: {
          'en-ZA': 'Train 305 cancelled',
          'zu-ZA': 'Isitimela 305 sikhanseliwe',
          st: 'Terene 305 e hlakotswe',
        },
      },
      action: { type: 'cancel' },
    });
    expect(written.status, await written.clone().text()).toBe(200);
    expect(await served()).toHaveLength(1);
  });

  it('a language no longer offered is no longer required', async () => {
    const { languages, defaultLanguage, urlLanguage } = await base();
    const saved = await put({
      languages: languages.filter((l: { tag: string }) => l.tag !== 'st'),
      defaultLanguage,
      urlLanguage,
      confirmRemoval: true,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()).requiredLanguages).toEqual(['en-ZA', 'zu-ZA']);
    const res = await postEntity(
      controller,
      '/feed/service_alert',
      alert('two', { 'en-ZA': 'D', 'zu-ZA': 'U' }),
    );
    expect(res.status).toBe(200);
  });
});
