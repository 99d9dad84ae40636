import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A screen whose path is also a REST call (/settings): a browser's reload gets the page, every
 * other caller the call (docs/rest-api.md "Common rules"). A web build of its own (WEB_DIST), so
 * the test needs no `vite build`.
 */
describe('a screen on the path of a call', () => {
  const page = '<!doctype html><title>feed desk</title><div id="root"></div>';
  const dist = mkdtempSync(join(tmpdir(), 'feeddesk-web-'));
  writeFileSync(join(dist, 'index.html'), page);
  let t: TestApp;
  let viewer: HttpClient;
  const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'; // Chromium's navigation

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, env: { WEB_DIST: dist } });
    viewer = await t.clientWithRoles(['view'], 'viewer');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a reload of /settings with the page, logged in or not', async () => {
    for (const client of [viewer, t.client()]) {
      const res = await client.get('/settings', { headers: { accept: HTML } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('vary')).toMatch(/accept/i);
      expect(await res.text()).toBe(page);
    }
  });

  it('keeps the call for JSON, */* and an Accept that refuses HTML', async () => {
    for (const accept of ['application/json', '*/*', 'text/html;q=0, application/json']) {
      const res = await viewer.get('/settings', { headers: { accept } });
      expect(res.status, accept).toBe(200);
      expect(await res.json()).toMatchObject({
        languages: expect.any(Array),
        defaultLanguage: expect.any(String),
      });
    }
    // Not logged in, the call still refuses: the page holds nothing of the settings.
    expect((await t.client().get('/settings', { headers: { accept: 'application/json' } })).status).toBe(401);
    // A write is never a page.
    const put = await viewer.fetch('/settings', {
      method: 'PUT',
      headers: { accept: HTML, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(put.status).not.toBe(200);
  });

  it('gives the page only for screens: a call that is no screen stays the call', async () => {
    const calls = await viewer.get('/db/get_routes', { headers: { accept: HTML } });
    expect(calls.headers.get('content-type')).toMatch(/^application\/json/);
    const feed = await t.client().get('/feed/alerts', { headers: { accept: HTML } });
    expect(feed.headers.get('content-type')).toMatch(/protobuf/);
    // A path made to look like the screen is not it.
    const odd = await viewer.get('/settings/../db/get_routes', { headers: { accept: HTML } });
    expect(await odd.text()).not.toBe(page);
  });
});
