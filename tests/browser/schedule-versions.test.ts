import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { agencyDemoWorkbook } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The demo timetable's GTFS zip as a wrong timetable: one train dropped and another arriving two
 * minutes later at its last stop.
 */
function wrongTimetable(zip: Uint8Array): { bytes: Uint8Array; dropped: string; retimed: string } {
  const files = unzipSync(zip);
  const [tripHeader, ...tripLines] = strFromU8(files['trips.txt']!).trim().split(/\r?\n/);
  const tripCol = tripHeader!.split(',').indexOf('trip_id');
  const dropped = tripLines[0]!.split(',')[tripCol]!;
  const retimed = tripLines[1]!.split(',')[tripCol]!;
  files['trips.txt'] = strToU8([tripHeader, ...tripLines.slice(1)].join('\n'));
  const [header, ...lines] = strFromU8(files['stop_times.txt']!).trim().split(/\r?\n/);
  const cols = header!.split(',');
  const [trip, arr, dep] = ['trip_id', 'arrival_time', 'departure_time'].map((c) => cols.indexOf(c));
  const kept = lines.filter((l) => l.split(',')[trip!] !== dropped);
  const last = kept.findLastIndex((l) => l.split(',')[trip!] === retimed);
  const cells = kept[last]!.split(',');
  const later = (time: string) => {
    const [h, m, s] = time.split(':').map(Number);
    const secs = h! * 3600 + m! * 60 + s! + 120;
    return [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
  };
  cells[arr!] = later(cells[arr!]!);
  cells[dep!] = later(cells[dep!]!);
  kept[last] = cells.join(',');
  files['stop_times.txt'] = strToU8([header, ...kept].join('\n'));
  return { bytes: zipSync(files), dropped, retimed };
}

describe.skipIf(!hasChromium)('a planner rolls back a wrong timetable', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await t.clientWithRoles(['gtfs', 'view'], 'planner');
    b = await openBrowser(t.url);
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-versions-'));
    await logIn(b.page, 'planner', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (name: string, bytes: Uint8Array) => {
    const { page } = b;
    await page.goto('/upload_gtfs');
    const file = join(dir, name);
    writeFileSync(file, bytes);
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: 'Successfully uploaded' })
      .waitFor({ timeout: 90_000 });
  };

  it('uploads a wrong timetable, sees what changed per route, rolls back and sees the current version change', async () => {
    const { page } = b;
    await upload('timetable.xlsx', await agencyDemoWorkbook());
    const zip = new Uint8Array(await (await page.request.get('/static/shared/gtfs.zip')).body());
    const wrong = wrongTimetable(zip);
    await upload('wrong-timetable.zip', wrong.bytes);

    await openScreen(page, 'Schedule versions');
    await page.getByTestId('retention').waitFor();
    expect(await page.getByTestId('retention').textContent()).toContain('the last 5 versions');
    await expect
      .poll(() => page.getByTestId('version-2').textContent())
      .toMatch(/^2 current.*planner.*wrong-timetable\.zip/);
    expect(await page.getByTestId('version-1').textContent()).toMatch(
      /^1 previous.*planner.*timetable\.xlsx/,
    );

    const totals = page.getByTestId('diff-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toBe(
      'From version 1 to version 2: 0 trips added, 1 removed, 1 retimed; 0 stops added, 0 removed; 0 services with changed days.',
    );
    const perRoute = page.getByRole('table', { name: 'Changes per route' });
    await perRoute.locator('summary', { hasText: 'removed' }).click();
    await perRoute.getByText(new RegExp(`^${wrong.dropped} `)).waitFor();
    await perRoute.locator('summary', { hasText: 'retimed' }).click();
    await perRoute.getByText(new RegExp(`^${wrong.retimed} .*\\(was `)).waitFor();
    await screenshot(page, 'schedule-versions-diff');

    await page.getByRole('button', { name: 'Roll back to version 1' }).click();
    const report = page.getByTestId('rollback-report');
    await report.waitFor();
    expect(b.dialogs.at(-1)).toBe(
      'Roll back to Version 1 · timetable.xlsx? It becomes the current schedule at once; version 2 becomes the previous one (roll back again to undo).',
    );
    expect(await page.getByTestId('rollback-findings').textContent()).toMatch(
      /^After rollback: \d+ findings\.$/,
    );
    await expect.poll(() => page.getByTestId('version-1').textContent()).toMatch(/^1 current/);
    expect(await page.getByTestId('version-2').textContent()).toMatch(/^2 previous/);
    // The diff now reads from the restored version back to the wrong one.
    await expect
      .poll(() => totals.textContent())
      .toBe(
        'From version 2 to version 1: 1 trips added, 0 removed, 1 retimed; 0 stops added, 0 removed; 0 services with changed days.',
      );
    await screenshot(page, 'schedule-versions-rolled-back');
  }, 240_000);
});
