import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Two controllers on one train (no silent overwrite, history per entity): each test below failed on the screens before the fix.

/** 06:40 in the agency's zone on the next weekday from today (train 103, 06:30 → 07:25, is running). */
const weekdayMorning = (): Date => wallTime(nextDateOn(MON_TO_FRI), '06:40');

describe.skipIf(!hasChromium)('two controllers on one train', () => {
  let t: TestApp;
  let b: TestBrowser;
  let colleague: HttpClient;
  let tripId: string;
  let updateId: string;

  const colleagueSaves = async (delay: number, baseRevision: number) => {
    const res = await colleague.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        ...(updateId ? { id: updateId } : {}),
        tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 2, arrival: { delay } }] },
      },
      baseRevision,
    });
    expect(res.status).toBe(200);
    updateId = res.body.result.data.id;
  };

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    t.clock.now = weekdayMorning();
    await t.clientWithRoles(['view', 'edit'], 'controller');
    colleague = await t.clientWithRoles(['view', 'edit'], 'colleague');
    const found = await colleague.trpc('query', 'schedule.trips', { number: '103', service: 'WD' });
    tripId = found.body.result.data[0].trip_id;
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('1: choosing a train that has an update opens it with who changed it; a stale save is refused and reloads', async () => {
    const { page } = b;
    await colleagueSaves(300, 0);
    await page.goto('/trip_update');
    await page.getByLabel('Train number').fill('0103');
    await page.getByTestId('trip-result').filter({ hasText: '-103' }).click();
    const status = page.getByTestId('last-changed');
    await status.waitFor();
    expect(await status.textContent()).toMatch(
      /^Train 103 already has an update on this date\.\s*Last changed by colleague at /,
    );
    // The colleague's 5 minutes are in the editor, not an empty train.
    const delay = page
      .locator('table.stop-times tbody tr')
      .nth(2)
      .getByLabel(/^Delay in minutes/);
    expect(await delay.inputValue()).toBe('5');

    // The colleague saves again while this editor is open: Save is refused, nothing is lost.
    await colleagueSaves(600, 1);
    await page.locator('table.stop-times tbody tr').nth(6).getByLabel(/^Skip/).check();
    await page.getByRole('button', { name: 'Save trip update' }).click();
    const conflict = page.getByTestId('edit-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toMatch(
      /Train .*103 was changed by colleague at .* since you opened it/,
    );
    await screenshot(page, 'desk-edit-conflict');
    expect(page.url()).toContain('/trip_update');

    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    // The editor starts again from the colleague's 10 minutes.
    await expect.poll(() => delay.inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator(`tr[data-trip-id="${tripId}"]`);
    expect(await row.getByTestId('trip-effect').textContent()).toBe('+10 min');
  });

  it('1: the alert editor refuses a save over a colleague’s later one and offers to reload', async () => {
    const { page } = b;
    const now = Math.floor(t.clock.now!.getTime() / 1000);
    const alert = (text: string, id?: string) => ({
      ...(id ? { id } : {}),
      alert: {
        activePeriod: [{ start: now, end: now + 3600 }],
        informedEntity: [{ routeId: 'STH' }],
        headerText: { translation: [{ text, language: 'en' }] },
      },
    });
    const first = await colleague.trpc('mutation', 'feed.saveAlert', {
      entity: alert('Lift out of order'),
      baseRevision: 0,
    });
    const alertId = first.body.result.data.id;
    await page.goto('/?show=alerts');
    await page
      .getByTestId('alerts-table')
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.getByTestId('last-changed').waitFor();
    expect(await page.getByTestId('last-changed').textContent()).toMatch(/Last changed by colleague/);
    await colleague.trpc('mutation', 'feed.saveAlert', {
      entity: alert('Lift working again', alertId),
      baseRevision: 1,
    });
    await page.getByLabel('Header (en)').fill('Lift out of order until noon');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page
      .getByTestId('edit-conflict')
      .getByText(/This alert was changed by colleague/)
      .waitFor();
    await page.getByTestId('edit-conflict').getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Header (en)').inputValue()).toBe('Lift working again');
  });

  it('6: a delete names the train and can be undone; the history is one click away', async () => {
    const { page } = b;
    await page.goto('/');
    const row = page.locator(`tr[data-trip-id="${tripId}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(b.dialogs.at(-1)).toBe('Delete the update of train 103?');
    await row.waitFor({ state: 'detached' });
    const banner = page.getByTestId('banner-success').filter({ hasText: 'Successfully deleted.' });
    await banner.getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    expect(await row.getByTestId('trip-effect').textContent()).toBe('+10 min');

    await row.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('history-table');
    await history.waitFor();
    const entries = await history.locator('tr.history-entry').allTextContents();
    // newest first: the undo, the delete, the controller's save, the colleague's two saves
    expect(
      entries.map((e) => e.match(/(colleague|controller)(Saved|Deleted|Delete undone)/)?.slice(1)),
    ).toEqual([
      ['controller', 'Delete undone'],
      ['controller', 'Deleted'],
      ['controller', 'Saved'],
      ['colleague', 'Saved'],
      ['colleague', 'Saved'],
    ]);
    expect(entries[3]).toContain('tripUpdate.stopTimeUpdate[0].arrival.delay: 300 → 600');
    await screenshot(page, 'desk-history');
  });
});
