import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('login and users in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('shows a failed login in a red box, then logs in and stores the username and roles cookies', async () => {
    const { page } = b;
    await page.goto('/');
    await expect(page.getByLabel('Remember me').isChecked()).resolves.toBe(true);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.evaluate((el) => el.classList.contains('alert-danger'))).toBe(true);
    expect((await error.textContent())?.length).toBeGreaterThan(5);
    await screenshot(page, 'login-failed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await logIn(page, ADMIN.username, ADMIN.password);
    const cookies = Object.fromEntries((await b.context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.username).toBe(ADMIN.username);
    expect(decodeURIComponent(cookies.roles ?? '')).toBe('view,edit,gtfs,excel,admin');
    await page.getByRole('link', { name: 'New trip update' }).first().waitFor();
    await screenshot(page, 'home-admin');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lets an admin create a view-only user, who sees no edit links and is told /upload_gtfs needs the gtfs role', async () => {
    const { page } = b;
    await page.goto('/list_user');
    await page.getByRole('link', { name: 'New user' }).click();
    await page.getByLabel('Username').fill('viewer');
    await page.getByLabel('Password', { exact: true }).fill('viewer-password-1');
    await page.getByLabel('Repeat password').fill('viewer-password');
    await page.getByText('Password and repeat password do not match!').waitFor();
    expect(await page.getByLabel(/^view/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('Your password and the repeat password do not match.').waitFor();
    await page.getByLabel('Repeat password').fill('viewer-password-1');
    expect(await page.getByText('Password and repeat password do not match!').count()).toBe(0);
    await screenshot(page, 'add-user');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Successfully added this user.' }).waitFor();
    await page.waitForURL('**/list_user');
    await page.getByRole('cell', { name: 'viewer', exact: true }).waitFor();
    await screenshot(page, 'list-user');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await Promise.all([page.waitForURL(`${t.url}/`), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect((await b.context.cookies()).map((c) => c.name)).not.toContain('roles');
    await logIn(page, 'viewer', 'viewer-password-1');
    await page.getByTestId('trips-table').waitFor();
    expect(
      await page.getByRole('link', { name: /New trip update|New service alert|Upload schedule/ }).count(),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);

    await page.goto('/upload_gtfs');
    // Logged in already: the missing role is named, no login form is offered.
    await page.getByText('This screen needs the gtfs role').waitFor();
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.getByLabel(/Schedule workbook/).count()).toBe(0);
  });

  it('logs out everywhere from the top bar: the session on another device ends too', async () => {
    const { page } = b;
    const phone = await t.clientWithRoles(['view'], 'roamer');
    const me = async () => (await phone.trpc('query', 'auth.me')).body.result.data;
    expect(await me()).toMatchObject({ username: 'roamer' });
    await b.context.clearCookies();
    await logIn(page, 'roamer', 'a-long-password-1');
    // Logging out everywhere is a POST (docs/rest-api.md "/auth"): a GET is refused.
    const logouts: string[] = [];
    const note = (request: { url(): string; method(): string }) => {
      if (request.url().includes('logout'))
        logouts.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', note);
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    page.off('request', note);
    expect(logouts).toEqual(['POST /trpc/auth.logout']);
    expect(await me()).toBeNull();
  });
});
