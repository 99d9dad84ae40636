import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSummaryWorkbook } from '@feeddesk/server/summaries/make-summary-workbook';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
// MobilityData's own bindings read the served bytes, as a journey planner would.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { PENINSULA_STOPS, PENINSULA_TRAINS, PENINSULA_ZONE } from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
/** The browser in a third zone, neither the agency's (Los Angeles) nor Johannesburg. */
const BROWSER_ZONE = 'Asia/Kolkata';
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** The Caltrain-like line of tests/support/peninsula-line.ts as a GTFS zip whose agency says en-US. */
function peninsulaZip(): Uint8Array {
  const files: Record<string, string> = {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone,agency_lang\nPCJ,Peninsula Rail,https://example.org,${PENINSULA_ZONE},en-US`,
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nLOC,PCJ,L,Local,2',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon',
      ...PENINSULA_STOPS.map(([id, name], i) => `${id},${name},${37 + i * 0.1},${-121.6 - i * 0.1}`),
    ].join('\n'),
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,1,1,20250101,20301231',
    'trips.txt': [
      'route_id,service_id,trip_id,trip_short_name,direction_id',
      ...PENINSULA_TRAINS.map(([train]) => `LOC,WD,${train},${train},0`),
    ].join('\n'),
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...PENINSULA_TRAINS.flatMap(([train, leaves]) =>
        PENINSULA_STOPS.map(
          ([stop, , after], i) =>
            `${train},${clock(leaves + after)},${clock(leaves + after)},${stop},${i + 1}`,
        ),
      ),
    ].join('\n'),
  };
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(`${text}\n`)])),
  );
}

/**
 * End to end: an operator with en-US and es-US only. Its schedule suggests en-US, the
 * administrator adopts it, adds es-US and stops offering the South African nine in the browser; a
 * template and an alert in both languages; the served alert carries en-US and es-US; the summary
 * workbook has each text under its own language's header.
 */
describe.skipIf(!hasChromium)('an operator with its own languages (en-US and es-US)', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir = '';
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-languages-'));
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the upload log says the schedule's language and changes nothing", async () => {
    const { page } = b;
    const file = join(dir, 'peninsula.zip');
    writeFileSync(file, peninsulaZip());
    await page.goto('/upload_gtfs');
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    const log = page.getByTestId('upload-log');
    await log.getByText(/Successfully uploaded/).waitFor({ timeout: 60_000 });
    expect(await log.textContent()).toContain(
      "The schedule's language is en-US; offered languages are en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve. " +
        'Administrators can offer en-US in one click on the Settings screen; nothing was changed.',
    );
    const settings = await (await page.request.get('/settings')).json();
    expect(settings.updatedAt).toBeNull();
  });

  it('adopts the suggestion in one click, adds es-US, stops offering the nine after being told what uses them', async () => {
    const { page } = b;
    await openScreen(page, 'Settings');
    const suggestion = page.getByTestId('schedule-language-suggestion');
    expect(await suggestion.locator('p').textContent()).toBe(
      "The schedule's language is en-US; offered languages are en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve.",
    );
    await suggestion.getByRole('button', { name: 'Offer English (United States) (en-US)' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Settings saved.' }).waitFor();
    await suggestion.waitFor({ state: 'detached' });

    // A tag that is not BCP 47 is refused where it is typed.
    await page.getByLabel('Language tag to add (BCP 47)').fill('spanish!');
    await page.getByRole('button', { name: 'Add language' }).click();
    await page
      .getByText('"spanish!" is not a BCP 47 language tag; write one such as en-US, es-US or zu-ZA.')
      .waitFor();
    await page.getByLabel('Language tag to add (BCP 47)').fill('es-us');
    await page.getByRole('button', { name: 'Add language' }).click();
    expect(await page.getByLabel('Name of es-US').inputValue()).toBe('Spanish (United States)');
    await page.getByLabel('Name of es-US').fill('Español');
    for (const tag of ['en-ZA', 'af-ZA', 'xh-ZA', 'zu-ZA', 'nd', 'st', 'ts', 'tn', 've'])
      await page.getByRole('button', { name: `Remove ${tag}`, exact: true }).click();
    await page.getByLabel(/Default language/).selectOption('en-US');
    await page.getByLabel(/URL language/).selectOption('en-US');
    await page.getByRole('button', { name: 'Save settings' }).click();

    // The disruption templates are written in en-ZA: the screen says so and asks.
    const inUse = page.getByTestId('languages-in-use');
    await inUse.waitFor();
    expect(await inUse.locator('p').textContent()).toMatch(
      /^English \(en-ZA\) is used by 10 templates "Disruption: buses replace trains"/,
    );
    await screenshot(page, 'operator-settings-in-use');
    await inUse.getByRole('button', { name: /^Stop offering en-ZA; keep their texts$/ }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Settings saved.' }).last().waitFor();
    await inUse.waitFor({ state: 'detached' });
    // The first save's banner may still be shown: wait for the settings themselves (a busy CI
    // machine answered /settings before the second save had landed).
    await expect
      .poll(async () => (await (await page.request.get('/settings')).json()).defaultLanguage, {
        timeout: 10_000,
      })
      .toBe('en-US');
    const saved = await (await page.request.get('/settings')).json();
    expect(saved).toMatchObject({
      languages: [
        { tag: 'en-US', name: 'English (United States)' },
        { tag: 'es-US', name: 'Español' },
      ],
      defaultLanguage: 'en-US',
      urlLanguage: 'en-US',
    });
    await screenshot(page, 'operator-settings');
  });

  it('keeps a template in en-US and es-US, starts an alert from it, serves both tags and summarises each under its header', async () => {
    const { page } = b;
    await page.goto('/alert_templates');
    await page.getByLabel('Name').fill('Weekend works');
    await page.getByLabel('Cause').selectOption('CONSTRUCTION');
    await page.getByLabel('Effect').selectOption('REDUCED_SERVICE');
    await page.getByLabel('Header (English (United States))').fill('{route}: fewer trains this weekend');
    await page.getByLabel('Description (English (United States))').fill('Trains every hour.');
    await page.getByLabel('URL (English (United States))').fill('https://example.org/works');
    await page.getByRole('tab', { name: 'Español' }).click();
    await page.getByLabel('Header (Español)').fill('{route}: menos trenes este fin de semana');
    await page.getByLabel('Description (Español)').fill('Trenes cada hora.');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Template saved.' }).waitFor();
    const row = page.locator('tr[data-template="Weekend works"]');
    await row.waitFor();
    expect(
      await row
        .locator('[data-language]')
        .evaluateAll((badges) =>
          badges.map((el) => `${el.getAttribute('data-language')}:${el.getAttribute('data-state')}`),
        ),
    ).toEqual(['en-US:complete', 'es-US:complete']);

    await page.goto('/service_alert');
    await page.getByLabel('Route', { exact: true }).selectOption('LOC');
    await page.getByTestId('affected-list').getByText('Route:Local').waitFor();
    await page.getByLabel('Start from a template').selectOption({ label: 'Weekend works (2 languages)' });
    await page.getByRole('button', { name: 'Use template' }).click();
    expect(await page.getByLabel('Header (English (United States))').inputValue()).toBe(
      'Local: fewer trains this weekend',
    );
    await page.getByRole('tab', { name: 'Español' }).click();
    expect(await page.getByLabel('Header (Español)').inputValue()).toBe(
      'Local: menos trenes este fin de semana',
    );
    // The language menu offers the operator's languages only: both are in use already.
    expect(await page.getByLabel('Language to add').count()).toBe(0);
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: '✅ Successfully saved Alert!' }).waitFor();
    const table = page.getByTestId('alerts-table').locator('tbody tr', { hasText: 'Local: fewer trains' });
    await table.waitFor();
    expect(await table.textContent()).toContain('English (United States), Español');

    const bytes = new Uint8Array(await (await fetch(`${t.url}/feed/alerts`)).arrayBuffer());
    const [entity] = rt.FeedMessage.decode(bytes).entity;
    const alert = entity!.alert!;
    expect(alert.headerText!.translation!.map((tr) => [tr.language, tr.text])).toEqual([
      ['en-US', 'Local: fewer trains this weekend'],
      ['es-US', 'Local: menos trenes este fin de semana'],
    ]);
    expect(alert.descriptionText!.translation!.map((tr) => [tr.language, tr.text])).toEqual([
      ['en-US', 'Trains every hour.'],
      ['es-US', 'Trenes cada hora.'],
    ]);
    expect(alert.url!.translation!.map((tr) => [tr.language, tr.text])).toEqual([
      ['en-US', 'https://example.org/works'],
    ]);

    const workbook = new ExcelJS.Workbook();
    const period = { from: null, to: null, fromDay: null, toDay: null };
    await workbook.xlsx.load(
      (await makeSummaryWorkbook(t.deps, { period, timezone: PENINSULA_ZONE })) as never,
    );
    const sheet = workbook.getWorksheet('Alert log')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.filter((h) => /^(Header|Description|Texts) /.test(String(h)))).toEqual([
      'Header (en-US)',
      'Description (en-US)',
      'Header (es-US)',
      'Description (es-US)',
    ]);
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1).value;
    expect([cell('Header (en-US)'), cell('Header (es-US)')]).toEqual([
      'Local: fewer trains this weekend',
      'Local: menos trenes este fin de semana',
    ]);
    expect([cell('Description (en-US)'), cell('Description (es-US)')]).toEqual([
      'Trains every hour.',
      'Trenes cada hora.',
    ]);
  });
});
