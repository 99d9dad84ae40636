import { createUser } from '@feeddesk/server/users/create-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('the audit trail screen', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    for (const name of ['alice', 'bob', 'carol'])
      await createUser(t.deps, {
        username: name,
        password: 'a-long-password-1',
        roles: ['view'],
        by: ADMIN.username,
      });
    b = await openBrowser(t.url);
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('shows who changed what, filters it, and exports the filtered rows as CSV', async () => {
    const { page } = b;
    await openScreen(page, 'Audit');
    const table = page.getByRole('table', { name: 'Audit trail' });
    await table.getByText('Created user carol with roles view.').waitFor();
    expect(await page.getByTestId('audit-count').textContent()).toBe('1–4 of 4');

    await page.getByLabel('Who').fill('adm');
    await page.getByLabel('Entity id').fill('bo');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByTestId('audit-count').textContent()).toBe('1–1 of 1');
    expect(await table.locator('tbody tr').first().textContent()).toMatch(
      /adminuser createbobCreated user bob/,
    );
    await screenshot(page, 'audit-trail');

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/audit/export?by=adm&entity=bo');
    const csv = await (await page.request.get(href!)).text();
    expect(
      csv
        .trim()
        .split('\n')
        .map((l) => l.split(',').slice(1).join(',')),
    ).toEqual([
      'by,kind,action,entity_id,summary',
      'admin,user,create,bob,Created user bob with roles view.',
    ]);
  }, 120_000);
});
