import { feedEntities } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { makeSummaryWorkbook } from '@feeddesk/server/summaries/make-summary-workbook';
import ExcelJS from 'exceljs';
// MobilityData's own bindings read the served bytes, as a journey planner would.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DEMO_TAGS = ['en-ZA', 'af-ZA', 'xh-ZA', 'zu-ZA', 'nd', 'st', 'ts', 'tn', 've'];
const US = {
  languages: [
    { tag: 'en-us', name: '' },
    { tag: 'es-US', name: 'Español' },
  ],
  defaultLanguage: 'en-US',
  urlLanguage: 'en-US',
};

/** The operator's languages, stored, audited, guarded, and followed by the rules and summaries. */
describe('operator settings', () => {
  let t: TestApp;
  let admin: HttpClient;
  let editor: HttpClient;
  beforeAll(async () => {
    t = await startTestApp();
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    editor = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());

  const settings = async (client = editor) => (await client.get('/settings')).json();
  const put = (client: HttpClient, body: unknown) =>
    client.fetch('/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  type Refusal = { status: number; code?: number; error?: string; description?: string };
  const refusal = async (res: Response): Promise<Refusal> => ({
    status: res.status,
    ...((await res.json()) as Omit<Refusal, 'status'>),
  });

  it("offers the demo's South African nine until an administrator saves settings", async () => {
    const read = await settings();
    expect(read.languages.map((l: { tag: string }) => l.tag)).toEqual(DEMO_TAGS);
    expect(read).toMatchObject({ defaultLanguage: 'en-ZA', urlLanguage: 'en-ZA', updatedAt: null });
  });

  it('refuses a tag that is not BCP 47, a tag twice, a default not offered, with a sentence (400)', async () => {
    expect(await refusal(await put(admin, { ...US, languages: [{ tag: 'en_US!', name: '' }] }))).toEqual({
      status: 400,
      code: 400,
      error: 'Invalid input',
      description:
        'Language 1: "en_US!" is not a BCP 47 language tag; write one such as en-US, es-US or zu-ZA.',
    });
    const twice = await put(admin, { ...US, languages: [...US.languages, { tag: 'EN-us', name: 'x' }] });
    expect((await refusal(twice)).description).toBe('Language 3: en-US is offered twice; keep it once.');
    const notOffered = await put(admin, { ...US, defaultLanguage: 'fr' });
    expect((await refusal(notOffered)).description).toBe(
      'The default language "fr" is not one of the offered languages (en-US, es-US); choose one of them.',
    );
    expect((await settings()).updatedAt).toBeNull();
  });

  it("attacker: a non-admin's write is 403, 1 000 languages or huge names are 400, nothing changes", async () => {
    expect((await put(editor, US)).status).toBe(403);
    expect((await editor.trpc('mutation', 'settings.save', US)).status).toBe(403);
    const many = Array.from({ length: 1000 }, (_, i) => ({ tag: `x-${i}`, name: 'n' }));
    expect((await put(admin, { ...US, languages: many })).status).toBe(400);
    expect((await admin.trpc('mutation', 'settings.save', { ...US, languages: many })).status).toBe(400);
    const huge = [{ tag: 'en-US', name: 'E'.repeat(100_000) }];
    expect((await put(admin, { ...US, languages: huge })).status).toBe(400);
    const long = [{ tag: 'en-US', name: 'E'.repeat(61) }];
    expect((await refusal(await put(admin, { ...US, languages: long }))).description).toBe(
      'The name of en-US has 61 characters; keep it under 60.',
    );
    const broken = [{ tag: 'en-US', name: 'English\n<script>' }];
    expect((await refusal(await put(admin, { ...US, languages: broken }))).description).toBe(
      'The name of en-US holds a control character (a tab or a line break); remove it.',
    );
    const fortyOne = Array.from({ length: 41 }, (_, i) => ({ tag: `en-x-a${i}`, name: '' }));
    expect((await refusal(await put(admin, { ...US, languages: fortyOne }))).description).toBe(
      '41 languages are too many: offer at most 40 for alert texts.',
    );
    expect((await settings()).updatedAt).toBeNull();
    expect((await t.client().get('/readyz')).status).toBe(200);
  });

  it('asks before removing languages that live alerts or templates use, names them, and loses no text', async () => {
    // A live alert with an isiZulu text and a template with one, before the operator's own languages.
    const zulu: FeedEntity = {
      id: 'alert-zulu',
      alert: {
        activePeriod: [{ start: Math.floor(Date.now() / 1000) }],
        informedEntity: [{ routeId: 'L1' }],
        // With the English header every alert carries (the default language, required).
        headerText: {
          translation: [
            { language: 'zu-ZA', text: 'Izitimela ziyephuza' },
            { language: 'en-ZA', text: 'Trains are late' },
          ],
        },
      },
    } as FeedEntity;
    expect((await postEntity(editor, '/feed/service_alert', zulu)).status).toBe(200);
    const template = {
      name: 'Isixwayiso',
      cause: 'OTHER_CAUSE',
      effect: 'OTHER_EFFECT',
      severity: 'INFO',
      texts: { 'zu-ZA': { headerText: 'Isixwayiso', descriptionText: '', url: '' } },
    };
    expect((await admin.trpc('mutation', 'alertTemplates.save', template)).status).toBe(200);

    const refused = await refusal(await put(admin, US));
    expect(refused).toMatchObject({ status: 409, code: 409, error: 'Languages in use' });
    expect(refused.description).toBe(
      'English (en-ZA) is used by the alert "Trains are late" and 10 templates "Disruption: buses replace trains", "Disruption: delays", ' +
        '"Disruption: pick up only", "Disruption: platform change", "Disruption: service replaced" and 5 more. ' +
        'isiZulu (zu-ZA) is used by the alert "Izitimela ziyephuza" and the template "Isixwayiso". ' +
        'Their texts are kept either way; confirm to stop offering them.',
    );
    expect((await settings()).updatedAt).toBeNull();

    const saved = await put(admin, { ...US, confirmRemoval: true });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      languages: [
        { tag: 'en-US', name: 'English (United States)' },
        { tag: 'es-US', name: 'Español' },
      ],
      defaultLanguage: 'en-US',
      urlLanguage: 'en-US',
      updatedBy: ADMIN.username,
    });
    // The alert still serves its isiZulu text; the template keeps it, shown as not offered.
    const [row] = await t.deps.db.select({ json: feedEntities.json }).from(feedEntities);
    expect(JSON.stringify(row!.json)).toContain('Izitimela ziyephuza');
    const templates = (await editor.trpc('query', 'alertTemplates.list')).body.result.data as {
      name: string;
      texts: Record<string, unknown>;
      completeness: { language: string; offered: boolean }[];
    }[];
    const kept = templates.find((x) => x.name === 'Isixwayiso')!;
    expect(Object.keys(kept.texts)).toEqual(['zu-ZA']);
    expect(kept.completeness.map((c) => [c.language, c.offered])).toEqual([
      ['en-US', true],
      ['es-US', true],
      ['zu-ZA', false],
    ]);
  });

  it('records every change in the audit trail, with what changed', async () => {
    const res = await admin.get('/audit/entries?kind=operator_settings');
    const { entries } = (await res.json()) as { entries: { by: string; action: string; summary: string }[] };
    expect(entries.map(({ by, action, summary }) => ({ by, action, summary }))).toEqual([
      {
        by: ADMIN.username,
        action: 'update',
        summary:
          'Operator settings: added en-US, es-US; removed en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve; ' +
          'default language en-ZA → en-US; URL language en-ZA → en-US; required languages en-US. ' +
          'Languages offered: en-US, es-US.',
      },
    ]);
  });

  it('the linter, the served alert and the summary workbook follow the settings', async () => {
    const alert = {
      id: 'alert-us',
      alert: {
        activePeriod: [{ start: Math.floor(Date.now() / 1000) }],
        informedEntity: [{ routeId: 'L1' }],
        cause: 'CONSTRUCTION',
        effect: 'REDUCED_SERVICE',
        headerText: {
          translation: [
            { language: 'en-US', text: 'Weekend service reduced' },
            { language: 'es-US', text: 'Servicio reducido el fin de semana' },
            { language: 'en-ZA', text: 'Weekend service reduced (ZA)' },
          ],
        },
        descriptionText: {
          translation: [
            { language: 'es-US', text: 'Trenes cada hora.' },
            { language: 'en-US', text: 'Trains every hour.' },
          ],
        },
      },
    };
    const lint = (await editor.trpc('query', 'feed.lintAlert', { entity: alert })).body.result.data as {
      code: string;
      message: string;
    }[];
    expect(lint.filter((n) => n.code === 'alert_language_not_offered').map((n) => n.message)).toEqual([
      'Language "en-ZA" is not one of the operator\'s languages (en-US, es-US); use one of those tags.',
    ]);
    const saved = await editor.trpc('mutation', 'feed.saveAlert', { entity: alert, baseRevision: 0 });
    expect(saved.status).toBe(200);

    const bytes = new Uint8Array(await (await t.client().get('/feed/alerts')).arrayBuffer());
    const served = rt.FeedMessage.decode(bytes).entity.find((e) => e.id === 'alert-us')!.alert!;
    expect(served.headerText!.translation!.map((tr) => [tr.language, tr.text])).toEqual([
      ['en-US', 'Weekend service reduced'],
      ['es-US', 'Servicio reducido el fin de semana'],
      ['en-ZA', 'Weekend service reduced (ZA)'],
    ]);

    const period = { from: null, to: null, fromDay: null, toDay: null };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await makeSummaryWorkbook(t.deps, { period, timezone: 'America/Los_Angeles' })) as never,
    );
    const sheet = workbook.getWorksheet('Alert log')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(11)).toEqual([
      'Header (en-US)',
      'Description (en-US)',
      'Header (es-US)',
      'Description (es-US)',
      'Texts in languages not offered',
      'Status',
      'Active for (h:mm)',
    ]);
    const row = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2)).find(
      (r) => r.getCell(1).value === 'alert-us',
    )!;
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1).value;
    expect(cell('Header (en-US)')).toBe('Weekend service reduced');
    expect(cell('Description (en-US)')).toBe('Trains every hour.');
    expect(cell('Header (es-US)')).toBe('Servicio reducido el fin de semana');
    expect(cell('Description (es-US)')).toBe('Trenes cada hora.');
    expect(cell('Texts in languages not offered')).toBe('en-ZA: Weekend service reduced (ZA)');
  });
});
