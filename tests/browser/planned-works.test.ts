import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDay, nextDateOn } from '../support/agency-zone.ts';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  previewDisruption,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type FeedJson = { entity?: { id: string }[] };
const feed = async (t: TestApp, path: string) =>
  (await (await fetch(`${t.url}${path}?format=json`)).json()) as FeedJson;

/**
 * The weekend-works flow (docs/contract-notes.md "Planned works in the schedule"): a planner cancels a
 * line's trains of next Saturday in the schedule itself, then finds the new version, which
 * planned works it holds, and what changed from the one before.
 */
describe.skipIf(!hasChromium)('planned works in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  // At least tomorrow, in the agency's zone (the browser runs in another one).
  const saturday = nextDateOn(['Sat'], agencyDay(1));
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit', 'gtfs'], 'planner');
    b = await openBrowser(t.url);
    await logIn(b.page, 'planner', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('plans next Saturday’s cancellation as planned works and sees the new version and its diff', async () => {
    const { page } = b;
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await fillDisruption(page, {
      serviceDate: saturday,
      route: { index: 1 },
      reason: 'Weekend track renewal',
    });
    await page.getByLabel('In the schedule (planned works)').check();
    const preview = await previewDisruption(page);
    await preview.waitFor();
    const count = await preview.locator('tbody tr').count();
    expect(count).toBeGreaterThan(0);
    await screenshot(page, 'planned-works-preview');

    await page
      .getByRole('button', { name: `Publish planned works for ${count} trips in a new schedule version` })
      .click();
    await page
      .getByTestId('banner-success')
      .filter({
        hasText: `Planned works published: schedule version 2 is now current, ${count} trips do not run on ${saturday.replaceAll('-', '')} as timetabled; alert published.`,
      })
      .waitFor({ timeout: 60_000 });
    await page
      .getByRole('table', { name: 'Disruptions' })
      .getByText('Planned works in schedule version 2')
      .waitFor();
    // Nothing in the trip updates: the schedule holds it. The alert is out now.
    expect((await feed(t, '/feed/updates')).entity ?? []).toEqual([]);
    expect((await feed(t, '/feed/alerts')).entity?.length).toBe(1);

    await openScreen(page, 'Schedule versions');
    await expect
      .poll(() => page.getByTestId('version-2').textContent())
      .toContain(`Planned works: Weekend track renewal on ${saturday}`);
    expect(await page.getByTestId('version-1').textContent()).not.toContain('Planned works');
    const totals = page.getByTestId('diff-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toMatch(
      /^From version 1 to version 2: 0 trips added, 0 removed, 0 retimed; 0 stops added, 0 removed; [1-9]\d* services with changed days\.$/,
    );
    await screenshot(page, 'planned-works-version');
  }, 180_000);
});
