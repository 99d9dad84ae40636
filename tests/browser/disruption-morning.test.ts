import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn, timeIn } from '../support/agency-zone.ts';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  previewDisruption,
  type TestBrowser,
} from '../support/browser.ts';
import {
  PENINSULA_STOPS,
  PENINSULA_TRAINS,
  PENINSULA_ZONE,
  storePeninsulaLine,
} from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

// A controller works a whole disruption morning in the browser (two single
// delays, a cancellation with "Tell riders", a disruption with two trains unticked, a template
// alert, the lift), the agency in Los Angeles and the browser in Tokyo. After every step the
// served feeds, decoded as a journey planner would, never contradict themselves, and every time
// riders see is the wall-clock time the controller typed, read in the agency's zone.

const BROWSER_ZONE = 'Asia/Tokyo';
const rt = GtfsRealtimeBindings.transit_realtime;

/** The first weekday at least two days from now in the agency's zone: its trains have not run yet. */
function comingWeekday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  for (;;) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: PENINSULA_ZONE, weekday: 'short' }).format(
      day,
    );
    if (weekday !== 'Sat' && weekday !== 'Sun') return dateIn(PENINSULA_ZONE, day);
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

type Translated = { translation?: { text?: string }[] } | null | undefined;
type Served = {
  entity?: {
    id: string;
    tripUpdate?: {
      trip: { tripId?: string; startDate?: string; scheduleRelationship?: number | string };
      stopTimeUpdate?: {
        stopSequence?: number;
        stopId?: string;
        arrival?: { time?: number; delay?: number };
        departure?: { time?: number; delay?: number };
      }[];
    };
    alert?: {
      impactPeriod?: { start?: number; end?: number }[];
      activePeriod?: { start?: number; end?: number }[];
      informedEntity?: { trip?: { tripId?: string }; routeId?: string }[];
      headerText?: Translated;
      descriptionText?: Translated;
    };
  }[];
};

const texts = (t: Translated) => (t?.translation ?? []).map((x) => x.text ?? '');
const CANCELED = rt.TripDescriptor.ScheduleRelationship.CANCELED;

describe.skipIf(!hasChromium)('a disruption morning worked in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  const date = comingWeekday();
  const startDate = date.replaceAll('-', '');

  const served = async (path: string): Promise<Served> => {
    const bytes = new Uint8Array(await (await fetch(`${t.url}${path}`)).arrayBuffer());
    return rt.FeedMessage.toObject(rt.FeedMessage.decode(bytes), {
      longs: Number,
      arrays: true,
      enums: Number,
    }) as Served;
  };
  /** The scheduled arrival of `train` at stop `stop` on the service date, as seconds since the epoch. */
  const scheduled = (train: string, stop: string) => {
    const leaves = PENINSULA_TRAINS.find(([n]) => n === train)![1];
    const after = PENINSULA_STOPS.find(([id]) => id === stop)![2];
    const minutes = leaves + after;
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return Math.round(new Date(`${date}T${hhmm}:00${offsetOn(date)}`).getTime() / 1000);
  };
  /** The agency's UTC offset on `day` at noon, e.g. "-08:00" (PST) or "-07:00" (PDT). */
  const offsetOn = (day: string) => {
    const noon = new Date(`${day}T12:00:00Z`);
    const name = new Intl.DateTimeFormat('en-US', { timeZone: PENINSULA_ZONE, timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((p) => p.type === 'timeZoneName')!.value; // "GMT-08:00"
    return name.replace('GMT', '') || '+00:00';
  };
  /** What riders are told at `stop` of `train`: the wall-clock arrival in the agency's zone. */
  const riderTime = (feed: Served, train: string, stop: string) => {
    const update = feed.entity?.find((e) => e.tripUpdate?.trip.tripId === train)?.tripUpdate;
    const sequence = PENINSULA_STOPS.findIndex(([id]) => id === stop) + 1;
    const stu = update?.stopTimeUpdate?.find((u) => u.stopId === stop || u.stopSequence === sequence);
    const event = stu?.arrival ?? stu?.departure;
    if (!event) return undefined;
    const at = event.time ? event.time : scheduled(train, stop) + (event.delay ?? 0);
    return timeIn(PENINSULA_ZONE, at * 1000);
  };

  /** No contradiction anywhere in the served feeds; returns them for the step's own checks. */
  const consistentFeeds = async () => {
    const updates = await served('/feed/updates');
    const alerts = await served('/feed/alerts');
    for (const e of updates.entity ?? []) {
      if (e.tripUpdate?.trip.scheduleRelationship === CANCELED)
        expect(e.tripUpdate.stopTimeUpdate ?? [], `cancelled ${e.tripUpdate.trip.tripId}`).toEqual([]);
    }
    for (const e of alerts.entity ?? []) {
      const words = [...texts(e.alert?.headerText), ...texts(e.alert?.descriptionText)];
      for (const text of words) expect(text).not.toMatch(/\{\w+\}/);
      const trips = (e.alert?.informedEntity ?? []).flatMap((i) => (i.trip?.tripId ? [i.trip.tripId] : []));
      if (trips.length === 0) continue;
      // An alert about trains names exactly the trains it is linked to.
      const all = words.join(' ');
      const named = PENINSULA_TRAINS.map(([n]) => n).filter((n) => new RegExp(`\\b${n}\\b`).test(all));
      expect(named.sort(), `alert ${e.id}: ${all}`).toEqual([...trips].sort());
    }
    return { updates, alerts };
  };
  const cancelled = (feed: Served) =>
    (feed.entity ?? [])
      .filter((e) => e.tripUpdate?.trip.scheduleRelationship === CANCELED)
      .map((e) => e.tripUpdate!.trip.tripId)
      .sort();
  const tripAlerts = (feed: Served) =>
    (feed.entity ?? [])
      .map((e) => (e.alert?.informedEntity ?? []).flatMap((i) => (i.trip?.tripId ? [i.trip.tripId] : [])))
      .filter((trips) => trips.length > 0)
      .map((trips) => trips.sort().join(','))
      .sort();

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await storePeninsulaLine(t.deps);
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
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
    await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
    await logIn(b.page, 'controller', 'a-long-password-1');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('delays, a cancellation told to riders, a disruption with two trains unticked, a template alert and the lift', async () => {
    const { page } = b;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);

    /** A single delay typed as the new time at one stop, in the agency's wall clock. */
    const delay = async (train: string, stop: string, newTime: string) => {
      await page.goto('/trip_update');
      await page.getByLabel('Date', { exact: true }).fill(date);
      await page.getByLabel('Train number').fill(train);
      await page.getByTestId('trip-result').first().click();
      const name = PENINSULA_STOPS.find(([id]) => id === stop)![1];
      await page.getByLabel(`New time at ${name}`).fill(newTime);
      await page.getByRole('button', { name: 'Save trip update' }).click();
      await page.waitForURL(`${t.url}/`);
    };

    // 1 and 2: two single delays; riders see the times typed, at the stops they were typed for.
    await delay('301', 'SJD', '07:16');
    let feeds = await consistentFeeds();
    expect(riderTime(feeds.updates, '301', 'SJD')).toBe('07:16');
    await delay('303', 'MHL', '07:22');
    feeds = await consistentFeeds();
    expect(riderTime(feeds.updates, '301', 'SJD')).toBe('07:16');
    expect(riderTime(feeds.updates, '303', 'MHL')).toBe('07:22');
    expect(cancelled(feeds.updates)).toEqual([]);

    // 3: train 307 cancelled, riders told with the drafted alert.
    await page.goto('/trip_update');
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Train number').fill('307');
    await page.getByTestId('trip-result').first().click();
    await page.getByLabel('Cancel the whole trip').check();
    await page.getByRole('button', { name: 'Tell riders' }).click();
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Alert published.' }).waitFor();
    feeds = await consistentFeeds();
    expect(cancelled(feeds.updates)).toEqual(['307']);
    expect(tripAlerts(feeds.alerts)).toEqual(['307']);

    // 4: a disruption from 06:50: trains 303, 305 and 307; 303 runs late and 307 is told already.
    await page.goto('/disruptions');
    await fillDisruption(page, {
      serviceDate: date,
      route: { label: 'Local' },
      from: '06:50',
      until: '09:00',
      reason: 'No crew.',
    });
    const rows = (await previewDisruption(page)).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.locator('td:nth-child(2)').allTextContents()).toEqual(['303', '305', '307']);
    await page.getByLabel('Change 303').uncheck();
    await page.getByLabel('Change 307').uncheck();
    // Drafted again for the trains still ticked: a debounce and a dry run on the server, which
    // on a loaded machine takes more than expect.poll's default second.
    await expect
      .poll(
        async () => {
          const text = await page.getByLabel(/^Description \(/).inputValue();
          return text.includes('305') && !text.includes('303') && !text.includes('307');
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const apply = page.getByRole('button', { name: 'Apply to 1 trips' });
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);
    await apply.click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption applied to 1 trips' }).waitFor();
    feeds = await consistentFeeds();
    expect(cancelled(feeds.updates)).toEqual(['305', '307']);
    expect(tripAlerts(feeds.alerts)).toEqual(['305', '307']);
    // The unticked train's delay is what riders still see.
    expect(riderTime(feeds.updates, '303', 'MHL')).toBe('07:22');

    // 5: a template alert for the line, its period chosen in the agency's wall clock.
    await page.goto('/service_alert');
    await page.getByLabel('Start date').fill(date);
    await page.getByLabel('Start time').fill('06:45');
    await page.getByLabel('End date').fill(date);
    await page.getByLabel('End time').fill('10:30');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Local' });
    await page.getByTestId('affected-list').getByText('Route:Local').waitFor();
    await page.getByLabel('Start from a template').selectOption({ label: 'Lift fault (1 languages)' });
    await page.getByRole('button', { name: 'Use template' }).click();
    await expect
      .poll(() => page.getByLabel('Header (English)').inputValue())
      .toBe('Local: lift out of order until 10:30');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Successfully saved Alert' }).waitFor();
    feeds = await consistentFeeds();
    const lift = feeds.alerts.entity?.find((e) =>
      texts(e.alert?.headerText).some((x) => x.includes('lift out')),
    );
    const period = lift?.alert?.impactPeriod?.[0] ?? lift?.alert?.activePeriod?.[0];
    expect([
      dateIn(PENINSULA_ZONE, period!.start! * 1000),
      timeIn(PENINSULA_ZONE, period!.start! * 1000),
    ]).toEqual([date, '06:45']);
    expect([
      dateIn(PENINSULA_ZONE, period!.end! * 1000),
      timeIn(PENINSULA_ZONE, period!.end! * 1000),
    ]).toEqual([date, '10:30']);
    expect(lift?.alert?.informedEntity).toEqual([{ routeId: 'LOC' }]);

    // 6: the disruption lifted: train 305 runs again, its alert ended; the rest of the morning stays.
    await page.goto('/disruptions');
    await page.getByRole('button', { name: 'Lift' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption lifted' }).waitFor();
    feeds = await consistentFeeds();
    expect(cancelled(feeds.updates)).toEqual(['307']);
    expect(feeds.updates.entity?.some((e) => e.tripUpdate?.trip.tripId === '305')).toBe(false);
    expect(tripAlerts(feeds.alerts)).toEqual(['307']);
    expect(
      feeds.alerts.entity?.some((e) => texts(e.alert?.descriptionText).some((x) => x.includes('No crew'))),
    ).toBe(false);
    expect(riderTime(feeds.updates, '301', 'SJD')).toBe('07:16');
    expect(riderTime(feeds.updates, '303', 'MHL')).toBe('07:22');
    expect(feeds.updates.entity?.every((e) => e.tripUpdate?.trip.startDate === startDate)).toBe(true);
  }, 240_000);
});
