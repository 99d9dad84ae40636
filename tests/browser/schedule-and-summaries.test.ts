import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { agencyDemoWorkbook } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('schedule upload and summaries in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url);
    dir = mkdtempSync(join(tmpdir(), 'feeddesk-upload-'));
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('uploads the workbook with a live log that grows line by line, then links the report', async () => {
    const { page } = b;
    await page.goto('/upload_gtfs');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Upload file!').waitFor();
    await screenshot(page, 'upload-empty');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const file = join(dir, 'demo.xlsx');
    writeFileSync(file, await agencyDemoWorkbook());
    await page.getByLabel(/Schedule workbook/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
    const log = page.getByTestId('upload-log');
    await log.waitFor();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: '✅ Successfully uploaded the gtfs excel file.' })
      .waitFor({ timeout: 60_000 });
    const lines = (await log.textContent())!.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)).toMatch(/^✅ Successfully uploaded the gtfs excel file\./);
    expect(await page.getByRole('link', { name: 'Validation report' }).getAttribute('href')).toMatch(
      /^\/static\/shared\/result\/report\.html\?job=[\w-]+$/,
    );
    expect(await page.getByRole('link', { name: 'Download GTFS zip' }).getAttribute('href')).toBe(
      '/static/shared/gtfs.zip',
    );
    await screenshot(page, 'upload-done');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/');
    await page
      .getByTestId('workbook-modified')
      .filter({ hasText: /Last modified \d{4}-\d{2}-\d{2} \d{2}:\d{2}/ })
      .waitFor();
  });

  it('creates a summary spreadsheet with a spinner, lists it and downloads it', async () => {
    const { page } = b;
    await page.goto('/list_excel');
    await page.getByText('No summaries yet.').waitFor();
    await page.getByRole('button', { name: 'Create new' }).click();
    const banner = page.getByTestId('banner-success').filter({ hasText: 'Sucessfully create summary excel' });
    await banner.waitFor({ timeout: 60_000 });
    const name = (await banner.textContent())!.match(/Sucessfully create summary excel (\S+\.xlsx)/)![1]!;
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await screenshot(page, 'list-excel');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download ${name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const saved = join(dir, name);
    await download.saveAs(saved);
    // An xlsx is a zip: it starts with PK.
    expect((await import('node:fs')).readFileSync(saved).subarray(0, 2).toString()).toBe('PK');
  });
});
