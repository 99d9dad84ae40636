import { crc32 } from 'node:zlib';
import { encodeFeedEntity } from '@feeddesk/proto';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '../support/agency-zone.ts';
import type { HttpClient } from '../support/http-client.ts';
import { followOverSocket } from '../support/live.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';
import { expectCleanError, expectNoLeak } from './helpers.ts';

/** The zone of the demo workbook this file loads (demoWorkbook, not the suite's agency zone). */
const DEMO_ZONE = 'Africa/Johannesburg';

/**
 * A corpus of bad input sent to every REST route, tRPC procedure and the socket. Each
 * gets a clear 4xx with a useful message (uploads: a job that ends in error with one), no 500, no
 * stack trace, nothing changes, and the server keeps serving.
 */

const SQL_AND_LONG = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  '%',
  '_',
  '\\',
  '%_\\%',
  "') UNION SELECT username, password_hash FROM users --",
  '$1',
  '\u0000',
  '😀🚆',
  '../../../etc/passwd',
  'x'.repeat(201),
  'y'.repeat(5000),
];

/** A stored zip (no compression), entries in the given order, duplicates allowed. */
function storedZip(entries: [string, Uint8Array][]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, Buffer.from(data));
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

const MINIMAL_GTFS: Record<string, string> = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nA,Bad,https://example.org,Africa/Johannesburg\n',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nS1,One,-33.9,18.4\nS2,Two,-33.95,18.45\n',
  'routes.txt': 'route_id,agency_id,route_long_name,route_type\nR,A,Bad line,2\n',
  'trips.txt': 'route_id,service_id,trip_id\nR,WD,T1\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,S1,1\nT1,08:10:00,08:10:00,S2,2\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20240101,20281231\n',
};
const text = (s: string) => new TextEncoder().encode(s);

/** The demo workbook, changed by `edit`, as bytes. */
async function editedDemo(edit: (wb: ExcelJS.Workbook, timetable: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await demoWorkbook()) as never);
  const timetable = wb.worksheets.find((ws) =>
    ws.getRow(3).values?.toString().toUpperCase().includes('TRAIN NO'),
  )!;
  expect(timetable, 'a timetable sheet in the demo workbook').toBeDefined();
  edit(wb, timetable);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The first time cell of a timetable (row > 3, column > 1, a time value). */
function firstTimeCell(ws: ExcelJS.Worksheet): ExcelJS.Cell {
  for (let r = 4; r <= ws.rowCount; r++) {
    for (let c = 2; c <= ws.columnCount; c++) {
      const cell = ws.getCell(r, c);
      if (cell.value instanceof Date || (typeof cell.value === 'string' && /^\d{1,2}:\d\d/.test(cell.value)))
        return cell;
    }
  }
  throw new Error('no time cell');
}

describe('bad input', () => {
  let t: TestApp;
  let admin: HttpClient;
  let tripId: string;
  /** What must not change: the schedule, the feeds, the users, the summaries. */
  let fingerprint: () => Promise<string>;
  let before: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { UNZIPPED_MAX_MB: '4', UPLOAD_MAX_MB: '2' } });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    await uploadSchedule(admin, await demoWorkbook(), 'demo.xlsx');
    const trips = (await (await admin.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    tripId = trips[0]!.trip_id;
    const saved = await t.deps.db.$count((await import('@feeddesk/drizzle')).feedEntities);
    expect(saved).toBe(0);
    fingerprint = async () => {
      const parts = await Promise.all(
        [
          '/db/get_routes',
          '/db/get_services',
          '/db/trips_to_routes',
          '/db/get_stops',
          '/feed/updates?format=json',
          '/feed/alerts?format=json',
          '/auth/list_users',
          '/excel/list_excel',
          '/gtfs/time_since_last_schedule',
        ].map(async (p) => `${p}: ${await (await admin.get(p)).text()}`),
      );
      return parts.join('\n').replace(/"timestamp":"?\d+"?/g, '');
    };
    before = await fingerprint();
  });
  afterAll(() => t?.close());

  const stillServing = async () => {
    expect((await t.client().get('/feed/updates')).status).toBe(200);
    expect(await fingerprint()).toBe(before);
  };

  it('refuses garbage, truncated, random and oversized protobuf with 400/413 and a message', async () => {
    const valid = encodeFeedEntity({
      id: 'bad-input-tu',
      tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 1, arrival: { delay: 60 } }] },
    });
    const bodies: [string, Uint8Array][] = [
      ['one 0xff byte', new Uint8Array([0xff])],
      ['text', text('hello, this is not protobuf')],
      ['wire type 7', new Uint8Array([0x0f, 0x01])],
      ['length past the end', new Uint8Array([0x12, 0x7f, 0x01])],
      ['varint never ending', new Uint8Array(20).fill(0x80)],
      ['huge length', new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f])],
      ['empty', new Uint8Array()],
      ['entity without id', encodeFeedEntity({ id: '', tripUpdate: { trip: { tripId } } }).subarray(2)],
    ];
    for (let n = 1; n < valid.length; n += Math.max(1, Math.floor(valid.length / 12))) {
      bodies.push([`truncated to ${n} of ${valid.length}`, valid.subarray(0, n)]);
    }
    fc.sample(fc.uint8Array({ minLength: 1, maxLength: 300 }), { numRuns: 60, seed: 7 }).forEach((b, i) => {
      bodies.push([`random ${i}`, b]);
    });
    for (const path of ['/feed/trip_update', '/feed/service_alert']) {
      for (const [name, body] of bodies) {
        const res = await admin.fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array(body),
        });
        if (res.status === 200) {
          // random bytes may decode to a valid entity: then it was a real save; take it back out
          const { id } = await res.json();
          const kindPath = path === '/feed/trip_update' ? 'updates' : 'alerts';
          await admin.fetch(`/feed/${kindPath}/delete_feed_entity`, {
            method: 'DELETE',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ entity_id: id, deleteFromLog: true }),
          });
          continue;
        }
        const error = await expectCleanError(res, [400, 422]);
        expect(error.description, `${path} ${name}`).toMatch(/[A-Za-z]{3,}.*\./);
      }
      const big = await admin.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-protobuf' },
        body: new Uint8Array(3 * 1024 * 1024),
      });
      expect((await expectCleanError(big, 413)).description).toMatch(/too large/i);
    }
    await stillServing();
  });

  it('refuses wrong content types and invalid JSON with 4xx and a message', async () => {
    const entity = new Uint8Array(encodeFeedEntity({ id: 'ct', tripUpdate: { trip: { tripId } } }));
    const cases: [string, string, RequestInit][] = [
      ['POST', '/feed/trip_update', { headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      ['POST', '/feed/trip_update', { headers: { 'content-type': 'application/json' }, body: '{"id":"x"}' }],
      ['POST', '/feed/trip_update', { headers: { 'content-type': 'application/json' }, body: '{bad json' }],
      ['POST', '/feed/service_alert', { headers: { 'content-type': 'image/png' }, body: entity }],
      ['POST', '/feed/service_alert', { headers: { 'content-type': 'application/xml' }, body: '<a/>' }],
      ['POST', '/feed/trip_update', { body: new Blob([entity]) }],
      ['POST', '/auth/login', { headers: { 'content-type': 'application/json' }, body: '{"username": ' }],
      ['POST', '/auth/add_user', { headers: { 'content-type': 'application/json' }, body: '[1,2' }],
      ['PUT', '/auth/modify_user', { headers: { 'content-type': 'application/json' }, body: 'null' }],
      [
        'DELETE',
        '/feed/updates/delete_feed_entity',
        { headers: { 'content-type': 'application/json' }, body: '{"entity_id":' },
      ],
      [
        'DELETE',
        '/feed/updates/delete_feed_entity',
        { headers: { 'content-type': 'application/json' }, body: '{"entity_id":{"$ne":null}}' },
      ],
      ['POST', '/gtfs/upload_gtfs', { headers: { 'content-type': 'application/zip' }, body: entity }],
      ['POST', '/gtfs/upload_gtfs', { headers: { 'content-type': 'multipart/form-data' }, body: 'x' }],
      [
        'POST',
        '/gtfs/upload_gtfs',
        { headers: { 'content-type': 'multipart/form-data; boundary=zz' }, body: '--zz\r\nbroken' },
      ],
      [
        'POST',
        '/trpc/feed.saveAlert',
        { headers: { 'content-type': 'application/json' }, body: '{"entity":' },
      ],
      ['POST', '/trpc/users.create', { headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      [
        'POST',
        '/trpc/feed.delete',
        { headers: { 'content-type': 'application/json' }, body: '"just a string"' },
      ],
      [
        'POST',
        '/trpc/summaries.create',
        { headers: { 'content-type': 'application/json' }, body: '{"from":[]}' },
      ],
      ['POST', '/excel/make_excel?from=2025-13-45', {}],
      ['POST', '/excel/make_excel?from=2025-09-30&to=2025-09-01', {}],
    ];
    const found: string[] = [];
    for (const [method, path, init] of cases) {
      const res = await admin.fetch(path, { ...init, method });
      const body = await res.text();
      expectNoLeak(body);
      if (res.status < 400 || res.status >= 500)
        found.push(`${method} ${path} ${init.body}: ${res.status} ${body}`);
      if (!path.startsWith('/trpc/') && res.status >= 400) {
        const json = JSON.parse(body);
        expect(json.code, path).toBe(res.status);
        expect(json.description.length, path).toBeGreaterThan(10);
      }
      if (path.startsWith('/trpc/')) expect(JSON.parse(body).error.message.length).toBeGreaterThan(5);
    }
    expect(found).toEqual([]);
    await stillServing();
  });

  it('answers SQL metacharacters and very long strings in every query parameter with 200 or 400', async () => {
    const found: string[] = [];
    // Yesterday's runs still under way are listed whatever the service (the operating day, GET
    // /db/get_trips in docs/rest-api.md): just after midnight in the demo's zone some may be.
    const today = dateIn(DEMO_ZONE, Date.now()).replaceAll('-', '');
    const todaysRuns = (rows: { start_date?: string }[], byService: boolean) =>
      byService ? rows.filter((row) => row.start_date === today) : rows;
    const rest = [
      '/db/get_stops?stopname=',
      '/db/get_trips?route=',
      '/db/get_trips?service=',
      '/db/get_trips?number=',
      '/db/get_trips?after=',
      '/db/get_stop_times_trip?tripid=',
      '/feed/updates?format=',
      '/feed/alerts?format=json&x=',
      '/excel/make_excel?from=',
      '/excel/make_excel?to=',
      '/static/shared/gtfs.zip?x=',
      '/gtfs/time_since_last_schedule?x=',
    ];
    for (const prefix of rest) {
      for (const value of SQL_AND_LONG) {
        const method = prefix.startsWith('/excel/make_excel') ? 'POST' : 'GET';
        const res = await admin.fetch(prefix + encodeURIComponent(value), { method });
        const body = await res.text();
        expectNoLeak(body);
        if (![200, 400, 404].includes(res.status))
          found.push(`${method} ${prefix}${value.slice(0, 30)}: ${res.status}`);
        // none of them is a real stop, route, trip or number: an answer is empty, never "everything"
        if (res.status === 200 && prefix.startsWith('/db/') && !prefix.includes('after=')) {
          const answer = todaysRuns(JSON.parse(body), prefix.includes('service='));
          expect(answer, `${prefix}${value.slice(0, 30)}`).toEqual([]);
        }
        if (res.status === 400) expect(JSON.parse(body).description.length).toBeGreaterThan(10);
      }
    }
    const trpc: [string, (v: string) => unknown][] = [
      ['schedule.stops', (v) => ({ stopname: v })],
      ['schedule.trips', (v) => ({ route: v })],
      ['schedule.trips', (v) => ({ service: v })],
      ['schedule.trips', (v) => ({ number: v })],
      ['schedule.trips', (v) => ({ after: v })],
      ['schedule.stopTimes', (v) => ({ tripId: v })],
      ['feed.get', (v) => ({ kind: 'alert', id: v })],
      ['feed.list', (v) => ({ kind: v })],
    ];
    for (const [path, input] of trpc) {
      for (const value of SQL_AND_LONG) {
        const res = await admin.trpc('query', path, input(value));
        expectNoLeak(JSON.stringify(res.body));
        if (![200, 400, 404].includes(res.status)) found.push(`${path} ${value.slice(0, 30)}: ${res.status}`);
        if (res.status === 200 && path.startsWith('schedule.') && !('after' in (input(value) as object))) {
          const answer = todaysRuns(res.body.result.data, 'service' in (input(value) as object));
          expect(answer, `${path} ${value.slice(0, 30)}`).toEqual([]);
        }
      }
    }
    // malformed tRPC inputs themselves
    for (const raw of ['{', 'null', '"x"', '[]', encodeURIComponent('{"stopname":{"$gt":""}}')]) {
      const res = await admin.get(`/trpc/schedule.stops?input=${raw}`);
      if (res.status >= 500) found.push(`schedule.stops?input=${raw}: ${res.status}`);
      expectNoLeak(await res.text());
    }
    expect(found).toEqual([]);
    await stillServing();
  });

  it('refuses a NUL byte in forms, JSON, protobuf strings and tRPC inputs with 4xx, not 500', async () => {
    const nul = 'a\u0000b';
    const responses: [string, Response][] = [
      ['login form', await t.client().postForm('/auth/login', { username: nul, password: 'long-enough-1' })],
      [
        'add_user form',
        await admin.postForm('/auth/add_user', { username: nul, password: 'long-enough-1', roles: 'view' }),
      ],
      [
        'delete entity JSON',
        await admin.fetch('/feed/alerts/delete_feed_entity', {
          method: 'DELETE',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ entity_id: nul }),
        }),
      ],
      [
        'alert protobuf',
        await admin.fetch('/feed/service_alert', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: Buffer.from(
            encodeFeedEntity({
              id: nul,
              alert: { informedEntity: [{ stopId: nul }], headerText: { translation: [{ text: nul }] } },
            }),
          ),
        }),
      ],
      [
        'trip update protobuf',
        await admin.fetch('/feed/trip_update', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: Buffer.from(encodeFeedEntity({ id: nul, tripUpdate: { trip: { tripId: nul } } })),
        }),
      ],
      ['delete user path', await admin.delete(`/auth/delete_user/${encodeURIComponent(nul)}`)],
    ];
    for (const [name, res] of responses)
      await expectCleanError(res, [400, 401, 403, 404, 422]).catch((e) => {
        throw new Error(`${name}: ${e}`);
      });
    for (const [kindOf, path, input] of [
      ['mutation', 'users.create', { username: nul, password: 'long-enough-1', roles: ['view'] }],
      ['mutation', 'feed.delete', { kind: 'alert', id: nul }],
      ['mutation', 'auth.login', { username: nul, password: 'long-enough-1' }],
      [
        'mutation',
        'feed.saveAlert',
        { entity: { id: nul, alert: { headerText: { translation: [{ text: nul }] } } } },
      ],
      ['query', 'feed.get', { kind: 'alert', id: nul }],
      ['query', 'schedule.stopTimes', { tripId: nul }],
    ] as const) {
      const res = await admin.trpc(kindOf, path, input);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
    await stillServing();
  });

  it('never lets a name reach the file system: path tricks in /excel names and upload file names', async () => {
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd.xlsx',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      'a%00.xlsx',
      '....%2F%2Fx.xlsx',
      '%5C..%5C..%5Cwindows.xlsx',
      encodeURIComponent('x'.repeat(300)),
    ]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await admin.fetch(`/excel/${name}`, { method });
        await expectCleanError(res, [400, 404]);
      }
    }
    const traversal = await admin.get('/static/shared/../../../package.json');
    expect([400, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('"name"');

    for (const fileName of [
      '../../../etc/passwd.zip',
      '..\\..\\evil.xlsx',
      'a\u0000b.zip',
      '%2e%2e%2fx.zip',
    ]) {
      const form = new FormData();
      form.append('file', new Blob([text('not a schedule')]), fileName);
      const res = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
      expect(res.status, fileName).toBe(200);
      const messages = await followOverSocket(t.url, admin.cookieHeader, await res.text(), 'event');
      expect(messages.at(-1)!.status).toBe('error');
      for (const m of messages) {
        expect(m.message).not.toContain('../');
        expect(m.message).not.toContain('..\\');
        expect(m.message).not.toContain('\u0000');
        expectNoLeak(m.message);
      }
    }
    await stillServing();
  });

  it('refuses oversized uploads (413) and a request without a file (400)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)]), 'big.zip');
    const res = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
    expect((await expectCleanError(res, 413)).description).toMatch(/^The file is larger than \d+ MB\.$/);
    const empty = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: new FormData() });
    expect((await expectCleanError(empty, 400)).description).toBe('Upload file!');
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([text('a')]), 'a.zip');
    twoFiles.append('file', new Blob([text('b')]), 'b.zip');
    const two = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: twoFiles });
    expect(two.status).toBeLessThan(500);
    if (two.status === 200) await followOverSocket(t.url, admin.cookieHeader, await two.text(), 'event');
    else await expectCleanError(two);
    await stillServing();
  });

  /** Uploads: the job ends in error with a sentence naming the problem; the schedule is untouched. */
  const badUploads: [string, () => Promise<Uint8Array> | Uint8Array, string, RegExp][] = [
    ['a text file named .zip', () => text('route_id,route_name\n1,x\n'), 'feed.zip', /not a zip/i],
    [
      'random bytes named .xlsx',
      () => new Uint8Array(4096).map((_, i) => (i * 31) % 251),
      'x.xlsx',
      /not a zip|neither/i,
    ],
    ['an empty file', () => new Uint8Array(), 'empty.zip', /empty/i],
    [
      'a zip bomb',
      () => zipSync({ 'stops.txt': new Uint8Array(40 * 1024 * 1024) }, { level: 9 }),
      'bomb.zip',
      /unpacks to more than|bomb/i,
    ],
    [
      'a zip bomb that lies about its size',
      () => {
        const zip = zipSync({ 'stop_times.txt': new Uint8Array(40 * 1024 * 1024) }, { level: 9 });
        const view = Buffer.from(zip);
        view.writeUInt32LE(100, 22); // local header: uncompressed size
        const cd = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
        view.writeUInt32LE(100, cd + 24); // central directory: uncompressed size
        return new Uint8Array(view);
      },
      'liar.zip',
      /unpacks to more than|bomb|size|damaged|corrupt/i,
    ],
    [
      'a zip with the feed inside a folder',
      () =>
        zipSync(
          Object.fromEntries(Object.entries(MINIMAL_GTFS).map(([k, v]) => [`feed/gtfs/${k}`, text(v)])),
        ),
      'nested.zip',
      /folder/i,
    ],
    [
      'a zip with duplicate entries',
      () =>
        storedZip([
          ...Object.entries(MINIMAL_GTFS).map(([k, v]) => [k, text(v)] as [string, Uint8Array]),
          ['stops.txt', text('stop_id,stop_name\nEVIL,Duplicate\n')],
        ]),
      'dupes.zip',
      /more than once|duplicate/i,
    ],
    [
      'a zip with a path escaping the folder',
      () =>
        storedZip([
          ['../../evil.txt', text('x')],
          ...Object.entries(MINIMAL_GTFS)
            .map(([k, v]) => [k, text(v)] as [string, Uint8Array])
            .slice(0, 2),
        ]),
      'escape.zip',
      /outside the archive|missing|required/i,
    ],
    [
      'a zip of an unrelated file',
      () => zipSync({ 'photo.jpg': new Uint8Array(100) }),
      'photo.zip',
      /missing|required|agency|no .*file/i,
    ],
    [
      'a workbook without the Stops and Routes sheets',
      () =>
        editedDemo((wb) => {
          for (const name of ['Stops', 'Routes']) wb.removeWorksheet(wb.getWorksheet(name)!.id);
        }),
      'missing-sheets.xlsx',
      /Stops|Routes/,
    ],
    [
      'a workbook with merged cells over the times',
      () =>
        editedDemo((_wb, ws) => {
          const cell = firstTimeCell(ws);
          ws.mergeCells(Number(cell.row), Number(cell.col), Number(cell.row) + 1, Number(cell.col) + 1);
        }),
      'merged.xlsx',
      /merged/i,
    ],
    [
      'a workbook with a formula instead of a time',
      () =>
        editedDemo((_wb, ws) => {
          firstTimeCell(ws).value = { formula: 'NOW()', result: undefined } as never;
        }),
      'formula.xlsx',
      /formula/i,
    ],
    [
      'a workbook with wrong cell types (a boolean time, a date as stop)',
      () =>
        editedDemo((_wb, ws) => {
          const cell = firstTimeCell(ws);
          cell.value = true;
          ws.getCell(Number(cell.row), 1).value = new Date(Date.UTC(2025, 0, 1));
        }),
      'types.xlsx',
      /![^\s]+|cell|row/i,
    ],
    [
      'an xlsx that is not a workbook (a zip holding a workbook-like name)',
      () => zipSync({ 'xl/worksheets/sheet1.xml': text('<x/>') }),
      'fake.xlsx',
      /workbook|missing|agency/i,
    ],
  ];

  it.each(badUploads)(
    'refuses %s with a sentence and keeps the schedule',
    async (_name, bytes, fileName, message) => {
      const { final, messages } = await uploadSchedule(admin, await bytes(), fileName);
      expect(final.status).toBe('error');
      expect(final.message).toMatch(message);
      expect(final.message).toMatch(/\.( |$)/); // a sentence
      for (const m of messages) expectNoLeak(m.message);
      await stillServing();
    },
  );

  it('[heavy] refuses a workbook with 100 000 empty rows quickly, or reads it, and stays up', async () => {
    const bytes = await editedDemo((_wb, ws) => {
      const last = ws.rowCount;
      for (let r = last + 1; r <= last + 100_000; r++) ws.getCell(r, 1).numFmt = '@';
    });
    const started = Date.now();
    const { final } = await uploadSchedule(admin, bytes, 'empty-rows.xlsx');
    expect(Date.now() - started).toBeLessThan(90_000);
    // Empty rows carry no data: the schedule is the demo's again (same content) or refused with a reason.
    if (final.status === 'error') expect(final.message).toMatch(/row|empty|large/i);
    else expect(final.status).toBe('done');
    const after = await fingerprint();
    const stable = (s: string) => s.split('\n').filter((l) => !l.startsWith('/gtfs/time_since'));
    expect(stable(after)).toEqual(stable(before));
    before = after;
  }, 120_000);

  it('survives bad Socket.IO traffic and keeps answering', async () => {
    const socket = io(t.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie: admin.cookieHeader },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const errors: string[] = [];
    socket.on('error-message', (m: { message: string }) => errors.push(m.message));
    const payloads: unknown[] = [
      undefined,
      null,
      42,
      { room: 42 },
      { room: 'x'.repeat(101) },
      { room: "'; DROP TABLE jobs; --" },
      { room: '../../etc/passwd' },
      { room: { $ne: null } },
      [1, 2, 3],
      'not-a-uuid',
    ];
    for (const p of payloads) socket.emit('join-room', p);
    socket.emit('no-such-event', { x: 1 });
    const deadline = Date.now() + 20_000;
    while (errors.length < payloads.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(errors).toHaveLength(payloads.length);
    for (const e of errors) {
      expectNoLeak(e);
      expect(e.length).toBeGreaterThan(10);
    }
    // A frame over the size limit ends this connection only.
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    socket.emit('join-room', { room: 'z'.repeat(200 * 1024) });
    expect(await closed).toMatch(/transport|server/);
    socket.close();
    // Without a cookie, or with a forged one: refused with a message.
    for (const cookie of ['', 'session=forged-token', `session=${'a'.repeat(5000)}`]) {
      const refused = io(t.url, {
        path: '/ws',
        transports: ['websocket'],
        extraHeaders: cookie ? { cookie } : {},
        reconnection: false,
      });
      const message = await new Promise<string>((resolve) => {
        refused.on('connect', () => resolve('connected'));
        refused.on('connect_error', (e) => resolve(e.message));
      });
      refused.close();
      expect(message).toMatch(/log in/i);
    }
    await stillServing();
  });
});
