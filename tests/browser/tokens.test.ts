import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('the API token screen in the browser', () => {
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

  it('creates a token shown once, which works on REST, then revokes it at once', async () => {
    const { page } = b;
    await logIn(page, ADMIN.username, ADMIN.password);
    await openScreen(page, 'API tokens');
    await page.waitForURL('**/tokens');
    await page.getByText('No API tokens yet.').waitFor();

    await page.getByLabel('System').fill('AVL system');
    await page.getByLabel(/^edit/).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByLabel('New token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^fdk_[\w-]{43}$/);
    await page.getByText('it is shown only this once').waitFor();
    const row = page.getByRole('row', { name: /AVL system/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/AVL system.*view.*edit.*never/);
    await screenshot(page, 'api-tokens');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The token works for the system, and its first use shows up on the screen.
    const avl = new HttpClient(t.url, { bearer: token });
    expect((await avl.get('/db/get_routes')).status).toBe(200);
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).not.toMatch(/never/);
    // Shown once: after the reload the token is nowhere on the page.
    expect(await page.getByLabel('New token').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    await page.getByRole('button', { name: 'Revoke AVL system' }).click();
    await page.getByText("Revoked the token 'AVL system'.").waitFor();
    expect(b.dialogs.at(-1)).toBe(
      'Revoke the token of AVL system? The system is refused from its next request.',
    );
    await page.getByText('No API tokens yet.').waitFor();
    expect((await avl.get('/db/get_routes')).status).toBe(401);
  });
});
