import { createHash } from 'node:crypto';
import { sampleFiles } from '@feeddesk/server/schedule/test-support/sample-feed';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, hasSharedData, readShared, uploadSchedule } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
/** The sample line, valid: its colour '#FF0000' tries the loader's leniency, which a zip upload is not. */
const validFiles: Record<string, string> = {
  ...sampleFiles,
  'routes.txt': sampleFiles['routes.txt']!.replace('#FF0000', 'FF0000'),
};
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;

describe('schedule upload', () => {
  let t: TestApp;
  let planner: HttpClient;
  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['view', 'gtfs'], 'planner');
  });
  afterAll(() => t?.close());

  it('answers 0 before any schedule is loaded and 404 for the downloads', async () => {
    expect(await (await t.client().get('/gtfs/time_since_last_schedule')).text()).toBe('0');
    const zip = await t.client().get('/static/shared/gtfs.zip');
    expect(zip.status).toBe(404);
    expect((await zip.json()).description).toMatch(/Upload the schedule/);
  });

  it('refuses an upload without a file with "Upload file!", and without the gtfs role', async () => {
    const res = await planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: new FormData() });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe('Upload file!');
    const editor = await t.clientWithRoles(['view', 'edit']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1])]), 'x.zip');
    expect((await editor.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form })).status).toBe(403);
    expect((await t.client().fetch('/gtfs/upload_gtfs', { method: 'POST', body: form })).status).toBe(401);
  });

  it('loads the timetable workbook with a growing live log, then serves queries and downloads', async () => {
    const { messages, final } = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    expect(messages[0]!.status).toBe('working');
    expect(messages.some((m) => m.validation_report)).toBe(true);
    expect(final.status).toBe('done');
    expect(final.message).toMatch(/^✅ Successfully uploaded the gtfs excel file\./);

    const routes = (await (await planner.get('/db/get_routes')).json()) as {
      route_id: string;
      route_color: string;
    }[];
    expect(routes.length).toBe(3);
    expect(routes.every((r) => /^[0-9A-F]{6}$/i.test(r.route_color))).toBe(true);
    expect(await (await planner.get('/db/get_services')).json()).toEqual(['WD', 'WE']);

    const trips = (await (await planner.get('/db/get_trips?service=WD&after=12:00:00')).json()) as {
      trip_id: string;
      inprogress: number;
    }[];
    expect(trips.length).toBeGreaterThan(5);
    expect(trips.every((tr) => tr.trip_id.startsWith('WD-'))).toBe(true);
    const stopTimes = (await (
      await planner.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(trips[0]!.trip_id)}`)
    ).json()) as {
      stopSequence: number;
      arrival: string;
    }[];
    expect(stopTimes.map((s) => s.stopSequence)).toEqual(stopTimes.map((_, i) => i));
    expect(stopTimes[0]!.arrival).toMatch(/^\d\d:\d\d:\d\d$/);

    const since = Number(await (await t.client().get('/gtfs/time_since_last_schedule')).text());
    expect(Math.abs(since - Date.now() / 1000)).toBeLessThan(120);
    const xlsx = await t.client().get('/static/shared/gtfs.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('last-modified')).toBeTruthy();
    expect(Buffer.from(await xlsx.arrayBuffer()).equals(Buffer.from(await demoWorkbook()))).toBe(true);
    const zip = await t.client().get('/static/shared/gtfs.zip');
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const report = await (await t.client().get('/static/shared/result/report.json')).json();
    expect(report.summary.counts.errors).toBe(0);
    expect((await t.client().get('/static/shared/result/report.html')).headers.get('content-type')).toMatch(
      /text\/html/,
    );
    // Each download carries its size and the SHA-256 of its bytes as ETag; a match is 304.
    for (const path of ['gtfs.xlsx', 'gtfs.zip', 'result/report.json', 'result/report.html']) {
      const res = await t.client().get(`/static/shared/${path}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-length'), path).toBe(String(bytes.length));
      const etag = res.headers.get('etag');
      expect(etag, path).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
      const again = await t.client().get(`/static/shared/${path}`, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
    }
  });

  it('refuses a broken file, names the problem, and keeps the previous schedule serving', async () => {
    const before = await (await planner.get('/db/get_routes')).json();
    const { final } = await uploadSchedule(planner, new TextEncoder().encode('not a zip file'), 'broken.zip');
    expect(final.status).toBe('error');
    expect(final.message).toMatch(/current one keeps serving/);
    expect(await (await planner.get('/db/get_routes')).json()).toEqual(before);
  });

  it('says a zip was uploaded when a GTFS zip was, not an excel file', async () => {
    const { final } = await uploadSchedule(planner, zipOf(validFiles), 'sample.zip');
    expect(final.status).toBe('done');
    expect(final.message).toMatch(/^✅ Successfully uploaded the GTFS zip file\. Loaded 3 routes/);
  });

  it("keeps the current schedule's report public after a refused upload, whose report its job links", async () => {
    const good = await uploadSchedule(planner, zipOf(validFiles), 'good.zip');
    expect(good.final.status).toBe('done');
    const publicReport = async () => (await t.client().get('/static/shared/result/report.json')).json();
    const before = await publicReport();
    expect(before.summary.counts.errors).toBe(0);
    const storedZips = async () =>
      (
        await t.deps.database.raw.sql`select count(*)::int as n from stored_files where kind = 'schedule_zip'`
      )[0]!.n;
    const zipsBefore = await storedZips();
    const bad = await uploadSchedule(
      planner,
      zipOf({ ...validFiles, 'stop_times.txt': validFiles['stop_times.txt']!.replace('06:00:00', '6h') }),
      'bad.zip',
    );
    expect([bad.final.status, bad.final.validation_report]).toEqual(['error', true]);
    expect(await publicReport()).toEqual(before);
    // A refused upload keeps no zip.
    expect(await storedZips()).toBe(zipsBefore);
    const html = await t.client().get('/static/shared/result/report.html');
    expect(await html.text()).not.toContain('invalid_time');
    const refused = await (await t.client().get(`/static/shared/result/report.json?job=${bad.jobId}`)).json();
    expect(refused.notices.map((n: { code: string }) => n.code)).toContain('invalid_time');
    const own = await (await t.client().get(`/static/shared/result/report.json?job=${good.jobId}`)).json();
    expect(own).toEqual(before);
    expect((await t.client().get('/static/shared/result/report.html?job=no-such-job')).status).toBe(404);
  });

  it.skipIf(!hasSharedData)(
    'reports the malformed time of the real workbook with its sheet and cell',
    async () => {
      const { final, jobId } = await uploadSchedule(
        planner,
        readShared('workbooks/prasa-western-cape-with-error.xlsx'),
        'prasa.xlsx',
      );
      expect(final.status).toBe('error');
      expect(final.validation_report).toBe(true);
      expect(final.message).toContain("'CNTR WD (2)'!R25");
      const report = await (await t.client().get(`/static/shared/result/report.json?job=${jobId}`)).json();
      expect(report.notices.map((n: { code: string }) => n.code)).toContain('invalid_time');
    },
  );

  it.skipIf(!hasSharedData)('loads the real PRASA workbook: 459 trips', async () => {
    const { final } = await uploadSchedule(
      planner,
      readShared('workbooks/prasa-western-cape.xlsx'),
      'prasa.xlsx',
    );
    expect(final.status).toBe('done');
    const map = (await (await planner.get('/db/trips_to_routes')).json()) as Record<string, string>;
    expect(Object.keys(map).length).toBe(459);
    const stops = (await (await planner.get('/db/get_stops?stopname=cape')).json()) as [string, string][];
    expect(stops.map((s) => s[0])).toContain('CAPE TOWN');
    // Its calendars have ended: a search for today says so, and when it runs, instead of nothing.
    const today = (await planner.trpc('query', 'schedule.info')).body.result.data.today as string;
    const day = (await planner.trpc('query', 'schedule.serviceDay', { date: today })).body.result.data;
    expect(day.serviceIds).toEqual([]);
    expect(day.runsTo < today).toBe(true);
    expect(day.noService).toBe(
      `The current schedule has no service on ${iso(today)}; it runs from ${iso(day.runsFrom)} to ${iso(day.runsTo)}.`,
    );
  });

  it('finds the trips calling at a stop', async () => {
    const { final } = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    expect(final.status).toBe('done');
    const all = (await (await planner.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    const first = all[0]!.trip_id;
    const stopsOfFirst = (await (await planner.get(`/db/get_stop_times_trip?tripid=${first}`)).json()) as {
      stopId: string;
    }[];
    const at = (await (
      await planner.get(`/db/get_trips?service=WD&stop=${encodeURIComponent(stopsOfFirst[1]!.stopId)}`)
    ).json()) as {
      trip_id: string;
    }[];
    expect(at.map((tr) => tr.trip_id)).toContain(first);
    expect(at.length).toBeLessThan(all.length);
  });

  it('takes files over REST only: a multipart body to tRPC is refused, naming the upload route', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await demoWorkbook())]), 'demo.xlsx');
    for (const path of ['/trpc/schedule.upload', '/trpc/schedule.rollback']) {
      const res = await planner.fetch(path, { method: 'POST', body: form });
      expect(res.status, path).toBe(415);
      const { error } = (await res.json()) as { error: { message: string; data: { appCode: string } } };
      expect(error.data.appCode).toBe('unsupported_media_type');
      expect(error.message).toContain('POST /gtfs/upload_gtfs');
    }
  });

  it('gives the same answers over tRPC', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const rest = await (await admin.get('/db/get_routes')).json();
    const trpc = await admin.trpc('query', 'schedule.routes');
    expect(trpc.body.result.data).toEqual(rest);
    const info = await admin.trpc('query', 'schedule.info');
    expect(info.body.result.data.timezone).toBe('Africa/Johannesburg');
  });
});
