import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDay, MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import { pendingList, setApproval } from '../support/approvals.ts';
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
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type AlertsJson = { entity: { id: string; alert: { headerText: { translation: { text: string }[] } } }[] };

/**
 * Two-person approval on the screens (docs/contract-notes.md "Two-person approval and publication
 * times"): a controller's alerts wait in the feed list with their author, one for a time after
 * midnight in the agency's zone (the browser is in a third zone); an approver approves one into
 * the public feed and rejects the other with a reason.
 */
describe.skipIf(!hasChromium)('approving a controller’s alerts', () => {
  let t: TestApp;
  let b: TestBrowser;
  let admin: HttpClient;
  const NOW_HEADER = 'Approval: signal fault at Muizenberg';
  const LATER_HEADER = 'Approval: night works after midnight';
  const served = async (header: string) =>
    ((await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as AlertsJson).entity.some(
      (e) => e.alert.headerText.translation[0]?.text === header,
    );

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    // An administrator who edits too: reads the pending list as the controllers do.
    admin = await t.clientWithRoles(['admin', 'edit']);
    await setApproval(admin, 'alerts');
    await t.clientWithRoles(['view', 'edit'], 'controller');
    await t.clientWithRoles(['view', 'approve'], 'approver');
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const writeAlert = async (header: string) => {
    const { page } = b;
    await page.goto('/service_alert');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
    await page.getByTestId('affected-list').getByText('Route:Southern Line').waitFor();
    await page.getByLabel('Header (English)').fill(header);
  };

  it('shows the controller’s saves as pending and scheduled, with author, and keeps them out of the feed', async () => {
    const { page } = b;
    await writeAlert(NOW_HEADER);
    await page.getByLabel('Emergency — publish now (approved afterwards)').waitFor();
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.waitForURL(`${t.url}/?show=alerts`);
    const pending = page.getByTestId('pending-list').getByRole('row').filter({ hasText: NOW_HEADER });
    await expect.poll(() => pending.getByTestId('pending-state').textContent()).toBe('Pending approval');
    expect(await pending.getByTestId('pending-author').textContent()).toBe('controller');
    // The author sees no Approve button on their own save.
    expect(await pending.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Half past midnight tomorrow, in the agency's zone, typed in a browser in another zone.
    const date = agencyDay(1);
    await writeAlert(LATER_HEADER);
    await page.getByLabel(/^Date \(/).fill(date);
    await page.getByLabel('Time', { exact: true }).fill('00:30');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.waitForURL(`${t.url}/?show=alerts`);
    const later = page.getByTestId('pending-list').getByRole('row').filter({ hasText: LATER_HEADER });
    await expect.poll(() => later.getByTestId('pending-state').textContent()).toBe('Pending approval');
    const items = await pendingList(admin);
    expect(items.find((i) => i.header === LATER_HEADER)!.publishAt).toBe(
      wallTime(date, '00:30').toISOString(),
    );
    await screenshot(page, 'approvals-pending');
    expect(await served(NOW_HEADER)).toBe(false);
    expect(await served(LATER_HEADER)).toBe(false);
  });

  it('lets the approver approve one into the feed and reject the other with a reason', async () => {
    const { page } = b;
    await b.context.clearCookies();
    await logIn(page, 'approver', 'a-long-password-1');
    await page.goto('/?show=alerts');
    const now = page.getByTestId('pending-list').getByRole('row').filter({ hasText: NOW_HEADER });
    await now.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => served(NOW_HEADER), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => now.count()).toBe(0);

    const later = page.getByTestId('pending-list').getByRole('row').filter({ hasText: LATER_HEADER });
    await later.getByRole('button', { name: 'Reject…' }).click();
    await later.getByLabel('Reason for the rejection').fill('Works are on Sunday night, not tomorrow.');
    await later.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => later.getByTestId('pending-state').textContent()).toBe('Rejected');
    expect(await later.getByTestId('pending-reason').textContent()).toBe(
      'approver: Works are on Sunday night, not tomorrow.',
    );
    await screenshot(page, 'approvals-decided');
    expect(await served(LATER_HEADER)).toBe(false);
  });

  it('applies a controller’s disruption at once and shows its alert pending approval, with its time', async () => {
    const { page } = b;
    // 05:00 in the agency's zone on the next weekday: the morning trains are still to come.
    const date = nextDateOn(MON_TO_FRI);
    t.clock.now = wallTime(date, '05:00');
    await b.context.clearCookies();
    await logIn(page, 'controller', 'a-long-password-1');
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await fillDisruption(page, {
      serviceDate: date,
      route: { index: 1 },
      from: '06:00',
      until: '09:00',
      reason: 'Signal fault at Woodstock.',
    });
    const preview = await previewDisruption(page);
    await preview.waitFor();
    const count = await preview.locator('tbody tr').count();
    const HEADER = 'Approval: morning trains cancelled';
    await page.getByLabel('Header (en-ZA)').fill(HEADER);
    expect(await page.getByTestId('alert-approval-note').textContent()).toBe(
      'Approval is on: the alert waits until another user with the approve role approves it; the trains are changed now.',
    );
    // The alert enters the feed at 07:30 of that day in the agency's zone, once approved.
    await page.getByLabel(/^Date \(/).fill(date);
    await page.getByLabel('Time', { exact: true }).fill('07:30');
    const apply = page.getByRole('button', { name: `Apply to ${count} trips` });
    await expect.poll(() => apply.isEnabled(), { timeout: 15_000 }).toBe(true);
    await apply.click();
    const state = page.getByTestId('applied-alert-state');
    await state.waitFor({ timeout: 15_000 });
    expect(await state.textContent()).toMatch(
      /^Alert pending approval: riders see it once another user with the approve role approves it .*07:30.* at the earliest; the trains are changed now\.$/,
    );
    await page
      .getByTestId('banner-success')
      .filter({ hasText: `Disruption applied to ${count} trips, alert pending approval.` })
      .waitFor();
    await page
      .getByRole('table', { name: 'Disruptions' })
      .getByText('Cancel + alert (pending approval)')
      .waitFor({ timeout: 15_000 });
    // The service date as the rest of the screen writes dates, not the GTFS 20261207.
    await page
      .getByRole('table', { name: 'Disruptions' })
      .getByRole('cell', { name: date, exact: true })
      .waitFor();
    await screenshot(page, 'approvals-disruption-pending');
    const updates = (await (await fetch(`${t.url}/feed/updates?format=json`)).json()) as {
      entity?: unknown[];
    };
    expect(updates.entity?.length).toBe(count);
    expect(await served(HEADER)).toBe(false);
    const item = (await pendingList(admin)).find((i) => i.header === HEADER)!;
    expect(item).toMatchObject({ state: 'pending', createdBy: 'controller' });
    expect(item.publishAt).toBe(wallTime(date, '07:30').toISOString());
  });
});
