import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  previewDisruption,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { corridorTime, corridorZip, NORTHBOUND } from '../support/corridor-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type FeedJson = {
  entity?: { id: string; tripUpdate?: { trip: { tripId: string; scheduleRelationship?: string } } }[];
};

/**
 * As a controller of a Caltrain-like operator does it: the timetable has no direction_id;
 * the upload log says directions were derived, and "the trains towards San Francisco" are cancelled
 * from the Disruptions screen, exactly the northbound ones. The browser runs in a third zone.
 */
describe.skipIf(!hasChromium)('trains selected by where they go', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await t.clientWithRoles(['view', 'edit', 'gtfs'], 'controller');
    b = await openBrowser(t.url, { timezoneId: 'Asia/Kolkata' });
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-directions-'));
    await logIn(b.page, 'controller', 'a-long-password-1');
    // After logging in: a session cookie dated 2025 would have expired in the browser already.
    t.clock.now = corridorTime('05:00');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a timetable without directions, then cancels the trains towards San Francisco', async () => {
    const { page } = b;
    await page.goto('/upload_gtfs');
    const file = join(dir, 'corridor.zip');
    writeFileSync(file, corridorZip());
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('banner-success').waitFor({ timeout: 60_000 });
    const log = (await page.getByTestId('upload-log').textContent())!.split('\n');
    expect(log.filter((l) => l.includes('direction_id derived')).sort()).toEqual([
      'Notice: direction_id derived for 2 trips of route B7 from their termini (0 towards San Francisco, 1 towards San Jose Diridon).',
      'Notice: direction_id derived for 4 trips of route L1 from their termini (0 towards San Francisco, 1 towards Gilroy / San Jose Diridon).',
    ]);

    await page.goto('/disruptions');
    await fillDisruption(page, { serviceDate: '2025-09-23', reason: 'Trespasser at Palo Alto.' });
    const direction = page.getByLabel('Direction');
    await direction.locator('option', { hasText: 'towards San Francisco' }).waitFor({ state: 'attached' });
    expect(await direction.locator('option').allTextContents()).toEqual([
      'Both',
      'towards San Francisco',
      'towards San Jose Diridon',
    ]);
    await direction.selectOption({ label: 'towards San Francisco' });
    const preview = await previewDisruption(page);
    await preview.waitFor();
    expect(await preview.getByTestId('train-terminus').allTextContents()).toEqual([
      '101 → San Francisco 07:10',
      '103 → San Francisco 08:00',
      '701 → San Francisco 07:45',
    ]);
    await screenshot(page, 'disruption-towards-san-francisco');

    await page.getByRole('button', { name: 'Apply to 3 trips' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption applied to 3 trips' }).waitFor();
    const updates =
      ((await (await fetch(`${t.url}/feed/updates?format=json`)).json()) as FeedJson).entity ?? [];
    expect(updates.map((e) => e.tripUpdate?.trip.tripId).sort()).toEqual([...NORTHBOUND].sort());
    expect(updates.every((e) => e.tripUpdate?.trip.scheduleRelationship === 'CANCELED')).toBe(true);

    // Per route, the route's own termini: the Local's southbound trains end at two.
    await page.getByLabel('Route').selectOption({ label: 'Local' });
    await expect
      .poll(() => direction.locator('option').allTextContents())
      .toEqual(['Both', 'towards San Francisco', 'towards Gilroy / San Jose Diridon']);
  });
});
