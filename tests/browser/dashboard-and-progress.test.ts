import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { oneImportAtATime } from '@feeddesk/server/schedule/import/one-import-at-a-time';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { sampleFeed, sampleFiles } from '@feeddesk/server/schedule/test-support/sample-feed';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, agencyDay, wallTime } from '../support/agency-zone.ts';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { agencyDemoWorkbook } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/** Every state the page's progress bar shows from now on ([aria-valuenow, aria-valuetext]). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: [number, string][] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const look = () => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const state: [number, string] = [
        Number(bar.getAttribute('aria-valuenow')),
        bar.getAttribute('aria-valuetext')!,
      ];
      const last = seen.at(-1);
      if (!last || last[0] !== state[0] || last[1] !== state[1]) seen.push(state);
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: [number, string][] }).progressSeen);
}

const bar = (page: Page, name: string) => page.getByRole('progressbar', { name });

/** `YYYY-MM-DD` in the agency's zone, `days` from today. */
const localDay = agencyDay;

describe.skipIf(!hasChromium)('progress bars and the punctuality dashboard in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url);
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-progress-'));
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows an upload going through its phases to 100 %, also to a second tab and after a reload', async () => {
    const { page } = b;
    // Another import holds the server's one import slot, so the upload waits for the test's go.
    let go = () => {};
    const slot = oneImportAtATime(() => new Promise<void>((resolve) => (go = resolve)));
    const file = join(dir, 'demo.xlsx');
    writeFileSync(file, await agencyDemoWorkbook());
    await page.goto('/upload_gtfs');
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    // At 0 % the bar itself has no width: wait for it to be there, not to be painted.
    await bar(page, 'Upload progress').waitFor({ state: 'attached' });
    expect(await bar(page, 'Upload progress').getAttribute('aria-valuenow')).toBe('0');

    // A late joiner: a second tab opened while the upload runs follows it; so does a reload.
    const late = await b.context.newPage();
    await late.goto('/upload_gtfs');
    await bar(late, 'Upload progress').waitFor({ state: 'attached' });
    await late.reload();
    await bar(late, 'Upload progress').waitFor({ state: 'attached' });
    expect(await bar(late, 'Upload progress').getAttribute('aria-valuetext')).toBe('Starting – 0%');
    const seenHere = await recordProgress(page);
    const seenThere = await recordProgress(late);

    go();
    await slot;
    for (const p of [page, late]) {
      await p
        .getByRole('progressbar', { name: 'Upload progress' })
        .and(p.locator('[aria-valuetext="Finished – 100%"]'))
        .waitFor({ timeout: 60_000 });
    }
    await screenshot(page, 'upload-progress-done');
    for (const seen of [await seenHere(), await seenThere()]) {
      const values = seen.map(([value]) => value);
      expect(values).toEqual([...values].sort((x, y) => x - y));
      expect(seen.at(-1)).toEqual([100, 'Finished – 100%']);
      // At least one working phase showed on the way (a fast phase may pass between two paints).
      expect(seen.some(([, text]) => /^(Reading|Validating|Writing|Loading) – \d+%$/.test(text))).toBe(true);
    }
    expect(await late.getByTestId('upload-log').textContent()).toMatch(/✅ Successfully uploaded/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await late.close();
  });

  it('shows a summary being made with its bar reaching 100 %', async () => {
    const { page } = b;
    await page.goto('/list_excel');
    await page.getByRole('button', { name: 'Create new' }).click();
    await page
      .getByRole('progressbar', { name: 'Summary progress' })
      .and(page.locator('[aria-valuetext="Finished – 100%"]'))
      .waitFor({ timeout: 60_000 });
  });

  it('charts the chosen period and shows the same figures as tables', async () => {
    const { page } = b;
    await storeScheduleVersion(t.deps, {
      // The sample line with its agency in the suite's zone: the dashboard's days are the agency's.
      feed: sampleFeed({
        'agency.txt': sampleFiles['agency.txt']!.replace('Africa/Johannesburg', AGENCY_ZONE),
      }),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'test',
      jobId: null,
    });
    const recent = localDay(-2);
    const older = localDay(-20);
    // Every alert carries a header in the operator's required language (en-ZA).
    const header = { headerText: { translation: [{ text: 'Notice', language: 'en-ZA' }] } };
    const save = async (
      day: string,
      kind: 'alert' | 'trip_update',
      json: { alert?: object; tripUpdate?: object },
    ) => {
      t.clock.now = wallTime(day, '08:00');
      const entity = json.alert ? { ...json, alert: { ...header, ...json.alert } } : json;
      await saveFeedEntity(t.deps, { kind, entity: { json: entity }, by: 'desk', log: true });
    };
    await save(recent, 'alert', { alert: { informedEntity: [{ routeId: 'NTH' }], cause: 'STRIKE' } });
    await save(recent, 'trip_update', {
      tripUpdate: { trip: { tripId: 'WD-0123', scheduleRelationship: 'CANCELED' } },
    });
    await save(older, 'alert', { alert: { informedEntity: [{ stopId: 'EER' }], cause: 'WEATHER' } });
    await save(older, 'trip_update', {
      tripUpdate: {
        trip: { tripId: 'WD-1234' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', scheduleRelationship: 'SKIPPED' }],
      },
    });
    t.clock.now = null;

    await page.goto('/');
    await openScreen(page, 'Punctuality');
    await page.waitForURL('**/dashboard');
    const causes = page.getByRole('img', { name: /^Alerts per cause\./ });
    await causes.waitFor();
    // Last 7 days (the default): the strike, not the storm of three weeks ago.
    expect(await causes.getAttribute('aria-label')).toBe('Alerts per cause. STRIKE: Alerts 1');
    expect(
      await page
        .getByRole('img', { name: /^Cancelled and delayed trains per route\./ })
        .getAttribute('aria-label'),
    ).toBe('Cancelled and delayed trains per route. Northern Line (NTH): Cancelled 1, Delayed 0');
    await screenshot(page, 'dashboard-7-days');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByRole('img', { name: 'Alerts per cause. STRIKE: Alerts 1; WEATHER: Alerts 1' }).waitFor();
    await page
      .getByRole('img', { name: 'Stations most skipped. Eerste River (EER): Trains skipping 1' })
      .waitFor();

    await page.getByLabel('Show figures as tables').check();
    const table = page.getByRole('table', { name: 'Alerts per cause' });
    await table.waitFor();
    expect(await table.getByRole('row').allInnerTexts()).toEqual([
      'Cause\tAlerts',
      'STRIKE\t1',
      'WEATHER\t1',
    ]);
    await screenshot(page, 'dashboard-30-days-tables');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The screen has its own address (a reload or a bookmark), served as the app, not 404 JSON.
    expect((await page.reload())?.status()).toBe(200);
    await page.getByRole('img', { name: /^Alerts per cause\./ }).waitFor();

    // A period typed in: from yesterday on, neither alert is in it.
    await page.getByLabel('From', { exact: true }).fill(localDay(-1));
    await page
      .getByRole('figure')
      .filter({ hasText: 'Alerts per cause' })
      .getByText('No figures in this period.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
