import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('the API documentation page /docs in a browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp();
    b = await openBrowser(t.url);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('renders every operation from the product’s own files, within its CSP, asking nothing of the internet', async () => {
    const { page, context } = b;
    const elsewhere: string[] = [];
    // Anything not addressed to the product is recorded and refused, as it would fail offline.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(t.url) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto('/docs');
    await page.locator('.opblock').first().waitFor();
    const spec = (await (await fetch(`${t.url}/docs/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    const operations = Object.values(spec.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(await page.locator('.opblock').count()).toBe(operations);
    await expect(page.getByText('Feed desk REST API').first().isVisible()).resolves.toBe(true);
    // One operation opened: its parameters and answers render from the schema.
    await page.locator('.opblock-summary-path[data-path="/db/get_stop_times_trip"]').click();
    await page.getByText('tripid').first().waitFor();
    await screenshot(page, 'api-docs');
    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
  });
});
