import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Dialog, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); a browser is never downloaded (docs/quality.md). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
// Browser tests skip on a laptop without Chromium, never in CI (.ci/run installs it).
if (!hasChromium && process.env.CI)
  throw new Error(`CI needs Chromium at ${CHROMIUM} (apt-get install -y chromium).`);

const here = dirname(fileURLToPath(import.meta.url));
export const webDist = join(here, '../../web/dist');
export const screenshotDir = join(here, '../output/screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type TestBrowser = {
  context: BrowserContext;
  page: Page;
  /** Messages of every confirm/alert shown so far; each dialog is accepted unless told otherwise. */
  dialogs: string[];
  /** The next dialog is dismissed (Cancel) instead of accepted. */
  dismissNextDialog(): void;
  close(): Promise<void>;
};

/**
 * The browser's own zone (it never matters): by default America/New_York, a third zone
 * beside the agency's (AGENCY_ZONE, tests/support/agency-zone.ts) and the operator's Johannesburg;
 * FEEDDESK_BROWSER_TZ chooses another for the whole suite.
 */
export const BROWSER_ZONE = process.env.FEEDDESK_BROWSER_TZ || 'America/New_York';

/** Chromium on a new empty profile, on a laptop-sized window; `timezoneId` sets the browser's zone. */
export async function openBrowser(
  baseURL: string,
  options: { timezoneId?: string } = {},
): Promise<TestBrowser> {
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('No built web app: run `cd web && npx vite build` before the browser tests.');
  const profile = mkdtempSync(join(tmpdir(), 'feeddesk-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    baseURL,
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    timezoneId: options.timezoneId ?? BROWSER_ZONE,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const dialogs: string[] = [];
  let dismiss = false;
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    const answer = dismiss ? dialog.dismiss() : dialog.accept();
    dismiss = false;
    void answer;
  });
  page.on('pageerror', (error) => console.error('[browser]', error.message));
  return {
    context,
    page,
    dialogs,
    dismissNextDialog: () => {
      dismiss = true;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function logIn(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Log in' }).click()]);
  await page.getByTestId('current-user').waitFor();
}

/** A full-page screenshot for a person to look at (tests/output/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core in the page; returns the serious and critical violations (the bar). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // A banner fading in is half transparent: axe would judge its contrast mid-transition. Wait for
  // running CSS transitions and animations to end first.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  // Evaluated over the DevTools protocol: the app's CSP (script-src 'self') would refuse a script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) console.error('axe:', JSON.stringify(serious));
  return serious;
}

/**
 * Opens a screen from the top bar as a person does: its link, or first the job (Live desk,
 * Schedule, Reports, Administration) that holds it when the bar groups the screens.
 */
export async function openScreen(page: Page, label: string) {
  // The bar is drawn once the signed-in user is known (checking before that finds no link); on a
  // narrow screen it sits behind "Menu".
  await page.getByTestId('current-user').waitFor({ state: 'attached' });
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.locator('a[href]').filter({ hasText: new RegExp(`^${label}$`) });
  if (!(await link.isVisible())) {
    for (const group of await nav.locator('.dropdown-toggle').all()) {
      await group.click();
      if (await link.isVisible()) break;
      await group.click();
    }
  }
  await link.click();
}

/**
 * Fills the Disruptions screen's form as a controller does: the service date (YYYY-MM-DD); the
 * trains, as a route (an option of "Route" by its label or value, or by its index once the routes
 * are listed) or as train numbers and trip ids; the departure window; the reason. The action and
 * its fields are left to the caller (the reason is a field of its own, kept whatever the action);
 * `previewDisruption` then asks for the preview.
 */
export async function fillDisruption(
  page: Page,
  disruption: {
    serviceDate: string;
    route?: { label: string } | { value: string } | { index: number };
    trains?: string;
    from?: string;
    until?: string;
    reason: string;
  },
): Promise<void> {
  const { serviceDate, route, trains, from, until, reason } = disruption;
  await page.getByLabel('Service date').fill(serviceDate);
  if (route) {
    const select = page.getByLabel('Route', { exact: true });
    // The routes come with the schedule: an option by its index is there only once they are.
    if ('index' in route) await select.locator('option').nth(route.index).waitFor({ state: 'attached' });
    await select.selectOption(route);
  }
  if (trains !== undefined) await page.getByLabel('Or these trains (numbers or trip ids)').fill(trains);
  if (from !== undefined) await page.getByLabel('From (departure)').fill(from);
  if (until !== undefined) await page.getByLabel('Until (not incl.)').fill(until);
  await page.getByLabel('Reason').fill(reason);
}

/** Asks for the preview of the disruption filled in; its region (there once the preview came). */
export async function previewDisruption(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Preview' }).click();
  return page.getByRole('region', { name: 'Preview' });
}
