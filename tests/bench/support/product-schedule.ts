import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { HttpClient } from '../../support/http-client.ts';

/** A response that must be 200; anything else ends the benchmark with what the product said. */
export async function expectOk(response: Promise<Response>, what: string): Promise<Response> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** A user made by the admin through POST /auth/add_user (roles as the form takes them), logged in. */
export async function addUser(
  admin: HttpClient,
  url: string,
  username: string,
  roles: string,
  password = 'bench-user-password',
): Promise<HttpClient> {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  form.append('roles', roles);
  await expectOk(admin.fetch('/auth/add_user', { method: 'POST', body: form }), `add ${username}`);
  const client = new HttpClient(url);
  await expectOk(client.login(username, password), `login ${username}`);
  return client;
}

export type Version = { id: number; status: string; sourceName: string; error: string | null };

/** The schedule versions as the versions screen lists them. */
export async function listVersions(client: HttpClient): Promise<Version[]> {
  const res = await expectOk(client.get('/gtfs/versions'), 'versions');
  return ((await res.json()) as { versions: Version[] }).versions;
}

/** Until a version newer than `after` is current (or failed), as the versions screen shows it. */
export async function waitForVersion(
  client: HttpClient,
  after: number,
  startedMs: number,
  maxSeconds: number,
): Promise<Version> {
  for (;;) {
    const newer = (await listVersions(client)).find(
      (v) => v.id > after && (v.status === 'current' || v.error),
    );
    if (newer) return newer;
    if (performance.now() - startedMs > maxSeconds * 1000)
      throw new Error(`no new version after ${maxSeconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Uploads a zip through POST /gtfs/upload_gtfs as the planner's form does and waits until its
 * version is current; returns it and the seconds it took.
 */
export async function uploadSchedule(
  planner: HttpClient,
  zip: Uint8Array,
  name: string,
  maxSeconds: number,
): Promise<{ version: Version; seconds: number }> {
  const before = Math.max(0, ...(await listVersions(planner)).map((v) => v.id));
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([zip as Uint8Array<ArrayBuffer>]), name);
  await expectOk(planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form }), 'upload');
  const version = await waitForVersion(planner, before, started, maxSeconds);
  if (version.error) throw new Error(`the upload failed: ${version.error}`);
  return { version, seconds: (performance.now() - started) / 1000 };
}

/** The date `days` after today, YYYYMMDD, in the agency's zone. */
export function dateIn(zone: string, days: number): string {
  const d = new Date(Date.now() + days * DAY_MS);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(d)
    .replaceAll('-', '');
}

const DAY_MS = 86_400_000;
const toDate = (yyyymmdd: string) =>
  Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8));
const fromDate = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The zip with its calendar moved forward by whole weeks (weekdays kept) so that it runs over the
 * coming days: the product runs on the real clock, and a shared feed's calendar has usually ended
 * by the time the benchmark runs (planned works are for dates from tomorrow on; a disruption's
 * trip updates for days long past would be out of date).
 */
export function calendarFromNow(zip: Uint8Array, log: (line: string) => void = console.log): Uint8Array {
  const files = unzipSync(zip);
  const calendar = strFromU8(files['calendar.txt']!).split(/\r?\n/);
  const ends = calendar.slice(1).flatMap((line) => line.match(/(\d{8})\s*$/)?.slice(1) ?? []);
  if (ends.length === 0) return zip;
  const lastEnd = Math.max(...ends.map(toDate));
  const weeks = Math.max(0, Math.ceil((Date.now() - lastEnd) / (7 * DAY_MS)) + 1);
  if (weeks === 0) return zip;
  const shift = (text: string) =>
    text.replace(/\b(20\d{6})\b/g, (d) => fromDate(toDate(d) + weeks * 7 * DAY_MS));
  files['calendar.txt'] = strToU8([calendar[0], ...calendar.slice(1).map(shift)].join('\n'));
  if (files['calendar_dates.txt']) {
    const dates = strFromU8(files['calendar_dates.txt']).split(/\r?\n/);
    files['calendar_dates.txt'] = strToU8([dates[0], ...dates.slice(1).map(shift)].join('\n'));
  }
  log(`calendar moved ${weeks} weeks forward, to end ${fromDate(lastEnd + weeks * 7 * DAY_MS)}`);
  return zipSync(files, { level: 1 });
}
