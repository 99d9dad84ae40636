import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, logIn, openBrowser, type TestBrowser } from '../support/browser.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

type SocketFault = 'refuse' | 'drop';

/**
 * Runs in the page before the app: job sockets (/trpc) are refused ('refuse'), or the first one
 * opens and is dropped at its first job message while later ones are refused ('drop'). Port 9 has no
 * listener, so the browser sees a failed connection. `__jobSockets` counts the attempts.
 */
function breakJobSockets(fault: SocketFault) {
  const Native = window.WebSocket;
  const counter = window as unknown as { __jobSockets: number };
  counter.__jobSockets = 0;
  class Faulty extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const job = String(url).includes('/trpc');
      const refused = job && (fault === 'refuse' || counter.__jobSockets > 0);
      super(refused ? 'ws://127.0.0.1:9/trpc' : url, protocols);
      if (!job) return;
      counter.__jobSockets += 1;
      // Dropped at the first message of a job: the socket also carries the live schedule,
      // whose first message comes at once, before any upload.
      if (!refused) {
        const drop = (event: MessageEvent) => {
          if (!String(event.data).includes('"jobId"')) return;
          this.removeEventListener('message', drop);
          this.close();
        };
        this.addEventListener('message', drop);
      }
    }
  }
  window.WebSocket = Faulty;
}

// Not a workbook: the job validates it (a report) and refuses it, quickly.
const BROKEN = {
  name: 'broken.xlsx',
  mimeType: 'application/octet-stream',
  buffer: Buffer.from('not a workbook'),
};

describe.skipIf(!hasChromium)('live job connection in the browser (docs/spec.md §2, §8, §9)', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url);
    await logIn(b.page, ADMIN.username, ADMIN.password);
    // An earlier upload left a validation report.
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const earlier = await uploadSchedule(admin, BROKEN.buffer, 'earlier.xlsx');
    expect(earlier.messages.some((m: { validation_report?: boolean }) => m.validation_report)).toBe(true);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  /** A new tab of the logged-in browser whose job sockets fail as told. */
  async function tabWith(fault: SocketFault) {
    const page = await b.context.newPage();
    await page.addInitScript(breakJobSockets, fault);
    return page;
  }

  it('says the first connection failed, stops after 5 reconnection attempts, and links no earlier report', async () => {
    const page = await tabWith('refuse');
    await page.goto('/upload_gtfs');
    await page.getByLabel(/Schedule workbook/).setInputFiles(BROKEN);
    await page.getByRole('button', { name: 'Upload' }).click();
    const connection = page.getByTestId('upload-connection');
    await connection.filter({ hasText: 'Failed to connect Connection to status of upload' }).waitFor();
    // Giving up ends the wait for the job: the Upload button is free again.
    await page
      .getByRole('button', { name: 'Upload' })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 60_000 });
    // The socket is first opened at page load for the live schedule. When that first try has
    // already failed and the client waits to retry as the upload subscribes, the upload joins
    // that outage (6 tries in all); otherwise it makes its own first connection (7). Either way
    // 5 reconnection attempts at most, and none after giving up (the longest pause is 5 s).
    const sockets = () => page.evaluate(() => (window as unknown as { __jobSockets: number }).__jobSockets);
    const tried = await sockets();
    expect(tried).toBeGreaterThanOrEqual(1 + 5);
    expect(tried).toBeLessThanOrEqual(1 + 1 + 5);
    await page.waitForTimeout(6_000);
    expect(await sockets()).toBe(tried);
    expect(await connection.textContent()).toBe('– Failed to connect Connection to status of upload');
    // docs/spec.md §2: no message of this upload arrived, so none carried a report.
    expect(await page.getByRole('link', { name: 'Validation report' }).count()).toBe(0);
    await page.close();
  });

  it('says an open connection was lost', async () => {
    const page = await tabWith('drop');
    await page.goto('/upload_gtfs');
    await page.getByLabel(/Schedule workbook/).setInputFiles(BROKEN);
    await page.getByRole('button', { name: 'Upload' }).click();
    const connection = page.getByTestId('upload-connection');
    await connection.filter({ hasText: 'Lost Connection to status of upload' }).waitFor();
    expect(await connection.textContent()).toBe('– Lost Connection to status of upload');
    await page.close();
  });

  it("shows 'Failed to connect to file status.' when the summary job cannot be followed", async () => {
    const page = await tabWith('refuse');
    await page.goto('/list_excel');
    await page.getByRole('button', { name: 'Create new' }).click();
    const banner = page.getByTestId('banner-error').filter({ hasText: 'Failed to connect to file status.' });
    await banner.waitFor();
    expect(await banner.count()).toBe(1);
    await page.close();
  });

  it('links the validation report that a message of this upload carried', async () => {
    const { page } = b;
    await page.goto('/upload_gtfs');
    await page.getByLabel(/Schedule workbook/).setInputFiles(BROKEN);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('upload-log').filter({ hasText: 'Validated:' }).waitFor();
    // This upload's report (refused: not the public one, which stays the current schedule's).
    expect(await page.getByRole('link', { name: 'Validation report' }).getAttribute('href')).toMatch(
      /^\/static\/shared\/result\/report\.html\?job=[\w-]+$/,
    );
  });
});
