import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { publishAlert, setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Entry = { id: string; title: string; updated: string; lang: string; summary?: string };

/** The entries of an Atom document, parsed by an XML parser (a document that is not well-formed throws). */
function entriesOf(xml: string): { feed: Record<string, unknown>; entries: Entry[] } {
  const doc = convert(xml, { format: 'object' }) as { feed: Record<string, unknown> };
  const raw = doc.feed.entry;
  const list = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) as Record<string, unknown>[];
  // xmlbuilder2's object form keeps the entities as written: decode XML's five.
  const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  const decode = (s: string) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => entities[e]!);
  const text = (v: unknown) =>
    decode(typeof v === 'object' && v !== null ? String((v as { '#': string })['#']) : String(v));
  return {
    feed: doc.feed,
    entries: list.map((e) => ({
      id: text(e.id),
      title: text(e.title),
      updated: text(e.updated),
      lang: String(e['@xml:lang']),
      ...(e.summary ? { summary: text(e.summary) } : {}),
    })),
  };
}

/**
 * GET /alerts.atom (docs/rest-api.md "Riders' pages"): the live alerts as Atom, one entry per
 * alert with a stable id, filtered by routes and stops with the rule of docs/contract-notes.md.
 */
describe('the alerts as an Atom feed', () => {
  let t: TestApp;
  let editor: HttpClient;
  let rider: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await setUpRiderNetwork(t);
    editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    rider = t.client();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.now = wallTime('2026-12-04', '23:50');
    await clearLiveFeeds(t);
    await publishAlert(editor, {
      id: 'north',
      informed: [{ routeId: 'N' }],
      en: 'North line slow',
      af: 'Noordlyn stadig',
    });
    await publishAlert(editor, {
      id: 'platform',
      informed: [{ stopId: 'C2' }],
      en: 'Platform C2 closed',
      af: 'Platform C2 gesluit',
    });
    await publishAlert(editor, {
      id: 'train',
      informed: [{ trip: { tripId: 'S1' } }],
      en: 'Train S1 short',
      af: 'Trein S1 kort',
    });
    await publishAlert(editor, {
      id: 'network',
      informed: [{ agencyId: 'AG' }],
      en: 'Strike on Monday',
      af: 'Staking Maandag',
    });
  });

  const atom = async (query = '') => {
    const res = await rider.get(`/alerts.atom${query}`);
    expect(res.status, query).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    return entriesOf(await res.text());
  };
  const ids = async (query: string) =>
    (await atom(query)).entries.map((e) => e.id.replace('urn:feeddesk:alert:', '')).sort();

  it('has one entry per live alert, each with a stable id, a title and when it changed', async () => {
    const { feed, entries } = await atom();
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe('en-ZA');
    expect(entries.map((e) => [e.id, e.title, e.lang]).sort()).toEqual([
      ['urn:feeddesk:alert:network', 'Strike on Monday', 'en-ZA'],
      ['urn:feeddesk:alert:north', 'North line slow', 'en-ZA'],
      ['urn:feeddesk:alert:platform', 'Platform C2 closed', 'en-ZA'],
      ['urn:feeddesk:alert:train', 'Train S1 short', 'en-ZA'],
    ]);
    for (const e of entries) expect(Date.parse(e.updated)).toBe(t.clock.now!.getTime());
  });

  it('keeps an alert’s id and moves its updated when it changes', async () => {
    t.clock.now = new Date(t.clock.now!.getTime() + 120_000);
    await publishAlert(editor, {
      id: 'north',
      informed: [{ routeId: 'N' }],
      en: 'North line stopped',
      af: 'Noordlyn gestop',
    });
    const north = (await atom()).entries.find((e) => e.id === 'urn:feeddesk:alert:north')!;
    expect(north.title).toBe('North line stopped');
    expect(Date.parse(north.updated)).toBe(t.clock.now!.getTime());
    const others = (await atom()).entries.filter((e) => e.id !== north.id);
    expect(others.every((e) => Date.parse(e.updated) === t.clock.now!.getTime() - 120_000)).toBe(true);
  });

  it('filters by route (its own alerts, its trains’, its stops’) and by stop (its station’s, the routes calling there)', async () => {
    expect(await ids('?route=N')).toEqual(['network', 'north']);
    expect(await ids('?route=S')).toEqual(['network', 'platform', 'train']);
    expect(await ids('?stop=CEN')).toEqual(['network', 'north', 'platform']);
    expect(await ids('?stop=C1')).toEqual(['network', 'north', 'platform']);
    expect(await ids('?stop=DEL')).toEqual(['network', 'north']);
    expect(await ids('?route=N&stop=ECH')).toEqual(['network', 'north']);
    expect(await ids('?route=NOPE')).toEqual(['network']);
  });

  it('speaks the language asked, and escapes whatever the operator wrote', async () => {
    const af = await atom('?lang=af');
    expect(af.feed['@xml:lang']).toBe('af-ZA');
    expect(af.entries.find((e) => e.id.endsWith(':north'))!.title).toBe('Noordlyn stadig');
    await publishAlert(editor, {
      id: 'odd <&>',
      informed: [{ routeId: 'S' }],
      en: 'Trains & buses <b>"late"</b> ]]> here',
      af: 'Treine & busse',
    });
    const odd = (await atom('?route=S')).entries.find((e) => e.id === 'urn:feeddesk:alert:odd%20%3C%26%3E')!;
    expect(odd.title).toBe('Trains & buses <b>"late"</b> ]]> here');
  });

  it('answers 304 while nothing changed, and refuses too many routes with a sentence', async () => {
    const first = await rider.get('/alerts.atom?route=N');
    const again = await rider.get('/alerts.atom?route=N', {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const many = Array.from({ length: 51 }, (_, i) => `R${i}`).join(',');
    const res = await rider.get(`/alerts.atom?route=${many}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { description: string }).description).toBe(
      'Follow at most 50 routes in one feed (51 given); split them over several feeds.',
    );
    const huge = await rider.get(`/alerts.atom?stop=${'x'.repeat(3000)}`);
    expect(huge.status).toBe(400);
  });
});
