import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@feeddesk/drizzle';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, logIn, openBrowser, type TestBrowser } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The schedule's GTFS zip with every route renamed: "<name> (new timetable)". */
function renamedRoutes(zip: Uint8Array): { bytes: Uint8Array; names: string[] } {
  const files = unzipSync(zip);
  const [header, ...lines] = strFromU8(files['routes.txt']!).trim().split(/\r?\n/);
  const column = header!.split(',').indexOf('route_long_name');
  const names: string[] = [];
  const renamed = lines.map((line) => {
    const cells = line.split(',');
    cells[column] = `${cells[column]} (new timetable)`;
    names.push(cells[column]!);
    return cells.join(',');
  });
  files['routes.txt'] = strToU8([header, ...renamed].join('\n'));
  return { bytes: zipSync(files), names };
}

const routeOptions = (page: Page) =>
  page
    .locator('#search-route option')
    .evaluateAll((options) => options.map((o) => o.textContent ?? '').sort());

/**
 * A new current schedule loaded by another process reaches the screens already open in
 * this browser, without a reload: the trip search's routes and the upload screen's report link.
 */
describe.skipIf(!hasChromium)('open screens follow a schedule loaded elsewhere', () => {
  let t: TestApp;
  let other: TestApp;
  let b: TestBrowser;
  let planner: HttpClient;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    // Another process on the same PostgreSQL: the gateway alone, with its own pool and bus.
    const second = await openDb(t.db.url, { max: 5 });
    other = await startTestApp({
      database: { database: second, url: t.db.url, drop: () => second.close() },
      trpc: false,
    });
    planner = await t.clientWithRoles(['gtfs', 'edit'], 'planner');
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    b = await openBrowser(t.url);
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-live-schedule-'));
    await logIn(b.page, 'planner', 'a-long-password-1');
    // Starting the app and loading the schedule is slow on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await other?.close();
    await other?.db.drop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refreshes the trip search routes in one tab and the upload report link in another', async () => {
    const search = b.page;
    await search.goto('/trip_update');
    await search.locator('#search-route').waitFor({ timeout: 30_000 });
    await expect.poll(() => routeOptions(search), { timeout: 30_000 }).toContain('Southern Line');
    const before = await routeOptions(search);
    // Set in the page: still there afterwards means the screen was never reloaded.
    await search.evaluate(() => {
      (window as unknown as { kept: boolean }).kept = true;
    });

    const uploads = await b.context.newPage();
    await uploads.goto('/upload_gtfs');
    const file = join(dir, 'demo-again.xlsx');
    writeFileSync(file, await demoWorkbook());
    await uploads.getByLabel(/Schedule workbook/).setInputFiles(file);
    await uploads.getByRole('button', { name: 'Upload' }).click();
    await uploads.getByTestId('banner-success').waitFor({ timeout: 90_000 });
    const report = uploads.getByRole('link', { name: 'Validation report', exact: true });
    const jobReport = await report.getAttribute('href');
    expect(jobReport).toMatch(/^\/static\/shared\/result\/report\.html\?job=[\w-]+$/);

    const zip = new Uint8Array(await (await planner.get('/static/shared/gtfs.zip')).arrayBuffer());
    const renamed = renamedRoutes(zip);
    const onOther = other.client();
    for (const [name, cookie] of planner.cookies) onOther.cookies.set(name, cookie);
    const loaded = await uploadSchedule(onOther, renamed.bytes, 'renamed.zip');
    expect(loaded.final.status).toBe('done');

    await expect
      .poll(() => routeOptions(search), { timeout: 15_000 })
      .toEqual(['Any route', ...renamed.names].sort());
    expect(before).not.toEqual(await routeOptions(search));
    expect(await search.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

    // The upload screen's links follow the schedule that serves now, and say so.
    await expect
      .poll(() => report.getAttribute('href'), { timeout: 15_000 })
      .toBe('/static/shared/result/report.html');
    expect(await uploads.getByTestId('upload-replaced').textContent()).toMatch(
      /^Schedule version 3 is now current \(it replaced version 2, loaded by this upload\)/,
    );
    expect(
      await uploads.getByRole('link', { name: "This upload's validation report" }).getAttribute('href'),
    ).toBe(jobReport);
  }, 240_000);
});
