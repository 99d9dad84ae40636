import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, wallTime } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { agencyDemoWorkbook } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

// This test failed before the fix (the log had no warning line; the report gave UTC).

/** 06:40 in the agency's zone on 20 December 2028: the demo schedule ends on 31 December 2028. */
const NOW = wallTime('2028-12-20', '06:40');

describe.skipIf(!hasChromium)('upload warnings a planner must see', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    t.clock.now = NOW;
    b = await openBrowser(t.url);
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-upload-'));
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('puts a schedule ending within 30 days in the upload log, and the report in the agency zone', async () => {
    const { page } = b;
    await page.goto('/upload_gtfs');
    const file = join(dir, 'demo.xlsx');
    writeFileSync(file, await agencyDemoWorkbook());
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: '✅ Successfully uploaded the gtfs excel file.' })
      .waitFor({ timeout: 60_000 });
    const lines = (await page.getByTestId('upload-log').textContent())!.split('\n').filter(Boolean);
    expect(lines.filter((l) => l.startsWith('⚠'))).toEqual([
      '⚠ The schedule ends on 2028-12-31 (feed_info.feed_end_date), within 30 days: upload the next one before then.',
    ]);
    await screenshot(page, 'upload-planner-warning');

    const report = await page.request.get('/static/shared/result/report.html');
    expect(await report.text()).toContain(
      `<tr><th>Validated at</th><td>2028-12-20 06:40:00 ${AGENCY_ZONE}</td></tr>`,
    );
  });
});
