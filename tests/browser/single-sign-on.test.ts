import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  openBrowser,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** docs/single-sign-on.md in Chromium: the login page, a real OpenID provider's pages, and back. */
describe.skipIf(!hasChromium)('single sign-on in the browser', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await startTestApp({
      serveWeb: true,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Metrorail Directory',
        OIDC_ROLES_CLAIM: 'groups',
        OIDC_ROLE_MAP: 'rail-controllers=edit, rail-it=admin',
      },
    });
    provider.register(`${t.url}/auth/oidc/callback`);
    b = await openBrowser(t.url);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    await provider?.close();
  });

  /** The provider's development pages: any password signs in as the account typed, then consent. */
  async function throughProvider(account: string) {
    const { page } = b;
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs a new controller in with their directory account and the role their group gives', async () => {
    provider.accounts.set('naledi.k', {
      preferred_username: 'naledi.k',
      groups: ['rail-controllers', 'staff'],
    });
    const { page } = b;
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Sign in with Metrorail Directory' });
    await button.waitFor();
    await page.getByLabel('Username').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'login-single-sign-on');
    await button.click();
    await page.waitForURL(`${provider.issuer}/**`);
    await throughProvider('naledi.k');
    await page.waitForURL(`${t.url}/`);
    await expect(page.getByTestId('current-user').textContent()).resolves.toContain('naledi.k');
    await page.getByRole('link', { name: 'New trip update' }).first().waitFor();
    const cookies = Object.fromEntries((await b.context.cookies()).map((c) => [c.name, c]));
    expect(cookies.roles?.value).toBe('edit');
    // A browser session: it ends with the browser (docs/single-sign-on.md).
    expect(cookies.session?.expires).toBe(-1);
    await screenshot(page, 'signed-in-single-sign-on');

    // Logging out of the desk ends its session only; the login page offers the directory again.
    await Promise.all([page.waitForURL(`${t.url}/`), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.getByRole('link', { name: 'Sign in with Metrorail Directory' }).waitFor();
  });

  it('tells a directory account without a desk group what to do, on the login page', async () => {
    provider.accounts.set('visitor.z', { preferred_username: 'visitor.z', groups: ['staff'] });
    // Another person's browser: the provider still remembers naledi.k in the first one.
    await b.close();
    b = await openBrowser(t.url);
    const { page } = b;
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in with Metrorail Directory' }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await throughProvider('visitor.z');
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Your directory account gives you no role in the feed desk.');
    expect(page.url()).toBe(`${t.url}/`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'single-sign-on-no-role');
  });
});
