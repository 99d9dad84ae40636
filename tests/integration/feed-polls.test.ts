import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Raw = { status: number; headers: Record<string, unknown>; body: Buffer };

/** One GET as a poller sends it, read byte for byte (fetch would unzip and add headers of its own). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        // Per response, not per answer: the clock's date and the connection's own headers.
        const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Anonymous polls of the public feeds are answered before Fastify routes them
 * (server/src/http/public-gets.ts); any other query goes through the Fastify route (its schema
 * drops unknown query fields). Both must give the same answer, byte for byte, header for header.
 */
describe('a poll answered before Fastify and the same poll through the route', () => {
  let t: TestApp;
  /** The polls answered before Fastify, as the access log and the metrics are told of them. */
  const answered: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    t.app.publicGets.observe((route, path, status) => answered.push(`${route} ${path} ${status}`));
    t.clock.now = new Date(Math.ceil(Date.now() / 15_000) * 15_000 + 3_600_000 + 1_000);
  });
  afterAll(() => t?.close());

  it.each(['/feed/updates', '/feed/alerts', '/feed/positions'])(
    '%s: the same 200s (protobuf, gzip, JSON) and 304s',
    async (path) => {
      const fast = (query: string, headers?: Record<string, string>) =>
        get(`${t.url}${path}${query}`, headers);
      const routed = (query: string, headers?: Record<string, string>) =>
        get(`${t.url}${path}${query ? `${query}&` : '?'}poller=routed`, headers);
      await fast(''); // reads the feed: from now on the poll is answered from the snapshot

      const ok = await fast('');
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('application/x-protobuf');
      expect(ok.headers['content-length']).toBe(String(ok.body.length));
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
      expect(ok.headers['access-control-allow-origin']).toBe('*');
      const etag = String(ok.headers.etag);
      const lastModified = String(ok.headers['last-modified']);
      const json = await fast('?format=json');
      expect(json.headers.etag).toBe(`${etag.slice(0, -1)}-json"`);
      expect(JSON.parse(json.body.toString()).header.timestamp).toBe(t.clock.now!.getTime() / 1000 - 1);

      const cases: [string, Record<string, string>][] = [
        ['', {}],
        ['?format=pb', {}],
        ['', { 'accept-encoding': 'gzip, deflate' }],
        ['?format=json', { 'accept-encoding': 'gzip' }],
        ['', { 'if-none-match': etag }],
        ['', { 'if-none-match': `"other", ${etag}` }],
        ['', { 'if-none-match': '"other"' }],
        ['', { 'if-modified-since': lastModified }],
        ['?format=json', { 'if-none-match': String(json.headers.etag) }],
        ['?format=json', { 'if-none-match': etag }],
      ];
      for (const [query, headers] of cases) {
        const before = answered.length;
        const a = await fast(query, headers);
        const b = await routed(query, headers);
        const where = `${path}${query} ${JSON.stringify(headers)}`;
        expect(answered.slice(before), where).toEqual([`/feed/:feed ${path} ${a.status}`]);
        expect(a.headers, where).toEqual(b.headers);
        expect(a.status, where).toBe(b.status);
        expect(a.body.equals(b.body), where).toBe(true);
      }
      expect((await fast('', { 'if-none-match': etag })).status).toBe(304);
      expect((await fast('', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    },
  );

  it('leaves requests with an Authorization header and bad queries to the route', async () => {
    await get(`${t.url}/feed/updates`);
    const before = answered.length;
    const refused = await get(`${t.url}/feed/updates`, { authorization: 'Bearer fdk_not-a-token' });
    expect(refused.status).toBe(401);
    expect((await get(`${t.url}/feed/updates?format=xml`)).status).toBe(400);
    expect(answered.length).toBe(before);
  });
});
