import { buildDemoTimetableWorkbook } from '@feeddesk/server/gtfs/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

// Rider truth, the web app's part (the agency's zone, drafted texts, placeholders, text limits,
// conflicts), tried as a new user would, with the agency in Los Angeles, the operator's default
// zone Johannesburg and the browser in Tokyo.

const AGENCY_ZONE = 'America/Los_Angeles';
const BROWSER_ZONE = 'Asia/Tokyo';

const dateIn = (zone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
const timeIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** The first weekday at least two days from now in the agency's zone: its trains have not run yet. */
function comingWeekday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  for (;;) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: AGENCY_ZONE, weekday: 'short' }).format(day);
    if (weekday !== 'Sat' && weekday !== 'Sun') return dateIn(AGENCY_ZONE, day);
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

type Translations = { translation: { text: string; language?: string }[] };
type AlertsJson = {
  entity?: {
    id: string;
    alert: {
      impactPeriod?: { start?: string | number; end?: string | number }[];
      informedEntity?: { trip?: { tripId: string }; routeId?: string }[];
      headerText?: Translations;
      descriptionText?: Translations;
    };
  }[];
};
const alerts = async (t: TestApp) =>
  ((await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as AlertsJson).entity ?? [];
const textOf = (t: Translations | undefined) => t?.translation.map((x) => x.text).join(' | ') ?? '';

describe.skipIf(!hasChromium)(
  'rider truth in the browser: an agency far from Johannesburg, the browser in Tokyo',
  () => {
    let t: TestApp;
    let b: TestBrowser;
    let admin: HttpClient;
    let colleague: HttpClient;

    beforeAll(async () => {
      t = await startTestApp({ serveWeb: true });
      admin = t.client();
      await admin.login(ADMIN.username, ADMIN.password);
      const upload = await uploadSchedule(
        admin,
        await buildDemoTimetableWorkbook({ timezone: AGENCY_ZONE }),
        'gtfs.xlsx',
      );
      expect(upload.final).toMatchObject({ status: 'done' });
      const info = await admin.trpc('query', 'schedule.info');
      expect(info.body.result.data.timezone).toBe(AGENCY_ZONE);
      await t.clientWithRoles(['view', 'edit'], 'controller');
      colleague = await t.clientWithRoles(['view', 'edit'], 'colleague');
      b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
      await logIn(b.page, 'controller', 'a-long-password-1');
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await t?.close();
    });

    it('1: "New alert" opened by its address and saved at once starts now, in the agency’s zone', async () => {
      const { page } = b;
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
      // A reload, a bookmark or a new tab: nothing about the schedule is in the page yet.
      const opening = new Date();
      await page.goto('/service_alert');
      const startTime = await page.getByLabel('Start time').inputValue();
      const startDate = await page.getByLabel('Start date').inputValue();
      const opened = new Date();
      // The form fills "now" once the schedule's zone has come, somewhere between the two: on a
      // busy machine that can be the next minute.
      expect([dateIn(AGENCY_ZONE, opening), dateIn(AGENCY_ZONE, opened)]).toContain(startDate);
      expect([timeIn(AGENCY_ZONE, opening), timeIn(AGENCY_ZONE, opened)]).toContain(startTime);
      await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
      await page.getByTestId('affected-list').getByText('Route:Southern Line').waitFor();
      await page.getByLabel('Header (English)').fill('Southern Line: lift out of order at Cape Town');
      b.dialogs.length = 0;
      await page.getByRole('button', { name: 'Save alert' }).click(); // confirms "no end"
      await page.getByTestId('banner-success').filter({ hasText: 'Successfully saved Alert' }).waitFor();
      const saved = (await alerts(t)).find((e) => textOf(e.alert.headerText).includes('lift out of order'));
      const start = Number(saved?.alert.impactPeriod?.[0]?.start);
      // The impact starts within the minute it was saved, not hours later (9.98 h with Caltrain).
      expect(Math.abs(start - opened.getTime() / 1000)).toBeLessThan(90);
      await page.goto('/?show=alerts');
      const row = page.getByTestId('alerts-table').locator('tbody tr', { hasText: 'lift out of order' });
      await row.waitFor();
      expect(await row.getAttribute('data-state')).toBe('active');
    });

    it('2: a disruption’s drafted text names exactly the trains left ticked, and asks before replacing the controller’s words', async () => {
      const { page } = b;
      const date = comingWeekday();
      await page.goto('/disruptions');
      // The service date starts as today in the agency's zone, not Tokyo's.
      expect(await page.getByLabel('Service date').inputValue()).toBe(dateIn(AGENCY_ZONE, new Date()));
      await fillDisruption(page, {
        serviceDate: date,
        route: { label: 'Southern Line' },
        from: '06:00',
        until: '09:00',
        reason: 'Signal fault at Woodstock.',
      });
      const preview = await previewDisruption(page);
      const rows = preview.locator('tbody tr');
      await rows.first().waitFor();
      const tripIds = await rows.locator('td:nth-child(2)').allTextContents();
      expect(tripIds.length).toBeGreaterThanOrEqual(4);
      const number = (tripId: string) => tripId.split('-').pop()!;
      const description = page.getByLabel('Description (en-ZA)');
      const all = await description.inputValue();
      for (const id of tripIds) expect(all).toContain(number(id));

      // Two trains run after all: the draft names only the others.
      const [first, second, ...rest] = tripIds;
      await page.getByLabel(`Change ${first}`).uncheck();
      await page.getByLabel(`Change ${second}`).uncheck();
      // Each untick drafts anew: wait for the draft of both (the first one's may come in between).
      await expect
        .poll(
          async () => {
            const text = await description.inputValue();
            return text.includes(number(first!)) || text.includes(number(second!));
          },
          { timeout: 10_000 },
        )
        .toBe(false);
      const redrafted = await description.inputValue();
      for (const id of rest) expect(redrafted).toContain(number(id));

      // The controller writes their own header; unticking one more asks before replacing it.
      await page.getByLabel('Header (en-ZA)').fill('Southern Line: some morning trains cancelled');
      const dropped = rest.shift()!;
      await page.getByLabel(`Change ${dropped}`).uncheck();
      const offer = page.getByTestId('draft-outdated');
      await offer.waitFor();
      expect(await page.getByLabel('Header (en-ZA)').inputValue()).toBe(
        'Southern Line: some morning trains cancelled',
      );
      const apply = page.getByRole('button', { name: `Apply to ${rest.length} trips` });
      expect(await apply.isDisabled()).toBe(true);
      await screenshot(page, 'disruption-draft-outdated');
      await offer.getByRole('button', { name: 'Use the new draft' }).click();
      await offer.waitFor({ state: 'detached' });
      expect(await description.inputValue()).not.toContain(number(dropped));

      await apply.click();
      await page
        .getByTestId('banner-success')
        .filter({ hasText: `Disruption applied to ${rest.length} trips` })
        .waitFor();
      const served = (await alerts(t)).find((e) =>
        textOf(e.alert.descriptionText).includes('Signal fault at Woodstock'),
      );
      const told = textOf(served?.alert.descriptionText);
      for (const id of rest) expect(told).toContain(number(id));
      for (const id of [first!, second!, dropped]) expect(told).not.toContain(number(id));
      expect(served?.alert.informedEntity?.map((e) => e.trip?.tripId).sort()).toEqual([...rest].sort());
    });

    it('3: a template chosen before the route and period says which placeholder is missing, is not published so, and fills in later', async () => {
      const { page } = b;
      const made = await admin.trpc('mutation', 'alertTemplates.save', {
        name: 'Lift fault',
        cause: 'TECHNICAL_PROBLEM',
        effect: 'ACCESSIBILITY_ISSUE',
        severity: 'WARNING',
        texts: {
          'en-ZA': {
            headerText: '{route}: lift out of order until {until}',
            descriptionText: 'Use the stairs.',
            url: '',
          },
        },
      });
      expect(made.status).toBe(200);
      const before = (await alerts(t)).length;
      await page.goto('/service_alert');
      await page.getByLabel('Start from a template').selectOption({ label: 'Lift fault (1 languages)' });
      await page.getByRole('button', { name: 'Use template' }).click();
      const header = page.getByLabel('Header (English)');
      expect(await header.inputValue()).toBe('{route}: lift out of order until {until}');
      const check = page.getByTestId('check-header-en-ZA');
      await check.waitFor();
      expect(await check.textContent()).toContain('{route} (choose a route below)');
      expect(await check.textContent()).toContain('{until} (set the end of the period)');

      await page.getByRole('button', { name: 'Save alert' }).click();
      await page.getByText('A text still holds a {placeholder}').waitFor();
      expect((await alerts(t)).length).toBe(before);
      await screenshot(page, 'alert-placeholder-missing');

      // The route and the end chosen afterwards fill the template's placeholders.
      await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Northern Line' });
      await expect.poll(() => header.inputValue()).toBe('Northern Line: lift out of order until {until}');
      await page.getByLabel('End date').fill(dateIn(AGENCY_ZONE, new Date(Date.now() + 86_400_000)));
      await page.getByLabel('End time').fill('18:00');
      await expect.poll(() => header.inputValue()).toBe('Northern Line: lift out of order until 18:00');
      await check.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save alert' }).click();
      await page.getByTestId('banner-success').filter({ hasText: 'Successfully saved Alert' }).waitFor();
      const saved = (await alerts(t)).find((e) =>
        textOf(e.alert.headerText).startsWith('Northern Line: lift'),
      );
      expect(textOf(saved?.alert.headerText)).toBe('Northern Line: lift out of order until 18:00');
    });

    it('6: long texts are checked as they are typed (by POST), their limits said at the field, never a raw error', async () => {
      const { page } = b;
      const bodies: string[] = [];
      const methods = new Map<string, string>();
      page.on('request', (request) => {
        const url = request.url();
        if (url.includes('feed.lintAlert') || url.includes('consistency.preview')) {
          methods.set(url.includes('feed.lintAlert') ? 'lint' : 'preview', request.method());
          bodies.push(request.postData() ?? '');
        }
      });
      const before = (await alerts(t)).length;
      await page.goto('/service_alert');
      await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Central Line' });
      await page.getByTestId('affected-list').getByText('Route:Central Line').waitFor();
      const longHeader =
        `Central Line: ${'trains run late after a signal fault near Maitland '.repeat(10)}`.trim();
      await page.getByLabel('Header (English)').fill(longHeader);
      // The header's limit is said at the field before saving, with the rule's own threshold.
      const headerCheck = page.getByTestId('check-header-en-ZA');
      await headerCheck.waitFor();
      expect(await headerCheck.textContent()).toContain(
        `${[...longHeader].length} characters: journey planners cut headers longer than 100`,
      );
      // A description of 9 000 characters: in a URL the check would be refused (431); in a body it runs.
      const words = 'Allow extra time and check the departure boards at the station. ';
      await page.getByLabel('Description (English)').fill(words.repeat(Math.floor(9000 / words.length)));
      const notice = page.getByTestId('lint-notices').locator('[data-code="alert_description_too_long"]');
      await notice.waitFor();
      await expect.poll(() => methods.get('lint')).toBe('POST');
      expect(bodies.some((body) => body.includes('Allow extra time'))).toBe(true);

      // Above the feed's 10 000 characters: said at the field, and Save refuses before any request.
      await page.getByLabel('Description (English)').fill('x'.repeat(10_050));
      const descriptionCheck = page.getByTestId('check-description-en-ZA');
      await expect
        .poll(() => descriptionCheck.textContent())
        .toBe(
          '10 050 characters: the feed takes at most 10 000. Shorten it, and link to a page for the rest.',
        );
      await page.getByRole('button', { name: 'Save alert' }).click();
      await page.getByText('A text is longer than the feed takes').waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(/too_big|"code"|"maximum"/);
      expect((await alerts(t)).length).toBe(before);
      await screenshot(page, 'alert-long-texts');
    });

    it('7: leaving an editor with changes asks first; after a conflict the controller keeps their entries on top of the colleague’s', async () => {
      const { page } = b;
      const now = Math.floor(Date.now() / 1000);
      const alert = (header: string, description: string, id?: string) => ({
        ...(id ? { id } : {}),
        alert: {
          impactPeriod: [{ start: now, end: now + 7200 }],
          informedEntity: [{ routeId: 'STH' }],
          headerText: { translation: [{ text: header, language: 'en-ZA' }] },
          descriptionText: { translation: [{ text: description, language: 'en-ZA' }] },
        },
      });
      const first = await colleague.trpc('mutation', 'feed.saveAlert', {
        entity: alert('Woodstock: lift out of order', 'Use the ramp.'),
        baseRevision: 0,
      });
      expect(first.status).toBe(200);
      const id = first.body.result.data.id as string;

      await page.goto(`/service_alert?id=${encodeURIComponent(id)}`);
      const header = page.getByLabel('Header (English)');
      await expect.poll(() => header.inputValue()).toBe('Woodstock: lift out of order');
      await header.fill('Woodstock: lift out of order until 14:00');

      // A link inside the app asks; Cancel keeps the controller on their edit.
      b.dialogs.length = 0;
      b.dismissNextDialog();
      await openScreen(page, 'Feed');
      await expect.poll(() => b.dialogs.length).toBe(1);
      expect(b.dialogs[0]).toBe('You have changes that are not saved. Leave this page and lose them?');
      expect(page.url()).toContain('/service_alert');
      expect(await header.inputValue()).toBe('Woodstock: lift out of order until 14:00');
      // Reload or closing the tab: the browser's own question (beforeunload is cancelled).
      expect(
        await page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        }),
      ).toBe(true);

      // Meanwhile the colleague rewrites the description.
      const second = await colleague.trpc('mutation', 'feed.saveAlert', {
        entity: alert('Woodstock: lift out of order', 'Use the ramp at the north entrance.', id),
        baseRevision: 1,
      });
      expect(second.status).toBe(200);
      await page.getByRole('button', { name: 'Save alert' }).click();
      const compare = page.getByTestId('conflict-compare');
      await compare.waitFor();
      const side = (field: string, which: 'theirs' | 'mine') =>
        compare.locator(`tr[data-field="${field}"] td[data-side="${which}"]`).textContent();
      expect(await side('Header (en-ZA)', 'theirs')).toBe('Woodstock: lift out of order');
      expect(await side('Header (en-ZA)', 'mine')).toBe('Woodstock: lift out of order until 14:00');
      expect(await side('Description (en-ZA)', 'theirs')).toBe('Use the ramp at the north entrance.');
      await screenshot(page, 'alert-conflict-compare');
      await compare.getByRole('button', { name: 'Keep my entries on top of theirs' }).click();
      await compare.waitFor({ state: 'detached' });
      expect(await header.inputValue()).toBe('Woodstock: lift out of order until 14:00');
      expect(await page.getByLabel('Description (English)').inputValue()).toBe(
        'Use the ramp at the north entrance.',
      );
      await page.getByRole('button', { name: 'Save alert' }).click();
      await page.getByTestId('banner-success').filter({ hasText: 'Successfully saved Alert' }).waitFor();
      const saved = (await alerts(t)).find((e) => e.id === id);
      expect(textOf(saved?.alert.headerText)).toBe('Woodstock: lift out of order until 14:00');
      expect(textOf(saved?.alert.descriptionText)).toBe('Use the ramp at the north entrance.');
    });

    it('7: a train a colleague changed meanwhile: both versions side by side, the controller’s stop kept on top of theirs', async () => {
      const { page } = b;
      const found = await colleague.trpc('query', 'schedule.trips', { number: '103', service: 'WD' });
      const tripId = found.body.result.data[0].trip_id as string;
      // A run that has not happened yet: without a date the save names today's run, which from about
      // 08:30 in Los Angeles (16:30 UTC) is over, so the update expired at once and the background
      // expiry (every 10 s) deleted it somewhere in the middle of this test.
      const startDate = comingWeekday().replaceAll('-', '');
      const colleagueSaves = (delay: number, baseRevision: number, id?: string) =>
        colleague.trpc('mutation', 'feed.saveTripUpdate', {
          entity: {
            ...(id ? { id } : {}),
            tripUpdate: {
              trip: { tripId, startDate },
              stopTimeUpdate: [{ stopSequence: 2, arrival: { delay } }],
            },
          },
          baseRevision,
        });
      const first = await colleagueSaves(300, 0);
      expect(first.status).toBe(200);
      const id = first.body.result.data.id as string;
      await page.goto(`/trip_update?id=${encodeURIComponent(id)}`);
      const stops = page.locator('table.stop-times tbody tr');
      const delay = stops.nth(2).getByLabel(/^Delay in minutes/);
      await expect.poll(() => delay.inputValue()).toBe('5');
      expect((await colleagueSaves(600, 1, id)).status).toBe(200);
      // The colleague's save reaches this screen live; the controller's editor stays as they opened it.
      await stops.nth(6).getByLabel(/^Skip/).check();
      expect(await delay.inputValue()).toBe('5');
      await page.getByRole('button', { name: 'Save trip update' }).click();
      const compare = page.getByTestId('conflict-compare');
      await compare.waitFor();
      const pairs = await compare
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('[data-side="theirs"]')?.textContent,
            tr.querySelector('[data-side="mine"]')?.textContent,
          ]),
        );
      expect(pairs).toContainEqual(['+10 min', '+5 min']);
      expect(pairs).toContainEqual(['+10 min', 'skipped']);
      await compare.getByRole('button', { name: 'Keep my entries on top of theirs' }).click();
      await compare.waitFor({ state: 'detached' });
      expect(await delay.inputValue()).toBe('10');
      expect(await stops.nth(6).getByLabel(/^Skip/).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Save trip update' }).click();
      await page.waitForURL(`${t.url}/`);
      const updates = (await (await fetch(`${t.url}/feed/updates?format=json`)).json()) as {
        entity?: {
          id: string;
          tripUpdate: {
            stopTimeUpdate?: {
              stopSequence: number;
              arrival?: { delay?: number };
              scheduleRelationship?: string;
            }[];
          };
        }[];
      };
      const served = updates.entity?.find((e) => e.id === id)?.tripUpdate.stopTimeUpdate ?? [];
      expect(served.find((u) => u.stopSequence === 2)?.arrival?.delay).toBe(600);
      expect(served.filter((u) => u.scheduleRelationship === 'SKIPPED')).toHaveLength(1);
    });
  },
);
