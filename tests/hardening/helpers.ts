import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import postgres from 'postgres';
import { io } from 'socket.io-client';
import { expect } from 'vitest';
import { postgresUrl } from '../support/databases.ts';
import type { HttpClient } from '../support/http-client.ts';

/** A response must be a contract error: JSON `{code, error, description}`, no stack, no server internals. */
export async function expectCleanError(res: Response, status?: number | number[]): Promise<ErrorJson> {
  const text = await res.text();
  const wanted = status === undefined ? undefined : Array.isArray(status) ? status : [status];
  if (wanted) expect(wanted, `status ${res.status}: ${text.slice(0, 300)}`).toContain(res.status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expectNoLeak(text);
  const body = JSON.parse(text) as ErrorJson;
  expect(body.code).toBe(res.status);
  expect(typeof body.error).toBe('string');
  expect(body.description.length, `an empty message for ${res.status}`).toBeGreaterThan(5);
  return body;
}

export type ErrorJson = { code: number; error: string; description: string };

/** No stack trace, file path or database error text reaches a client. */
export function expectNoLeak(text: string) {
  expect(text).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|server\/src|\.ts:\d+/);
  expect(text).not.toMatch(/syntax error at or near|duplicate key value|violates .* constraint/i);
}

/** Polls `check` until it returns a value other than undefined, at most `timeoutMs`. */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(lastError ?? '')}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Connects to Socket.IO /ws with a cookie: resolves 'connected' or the connect error message. */
export function trySocket(url: string, cookie: string): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: false,
      timeout: 20_000,
    });
    socket.on('connect', () => {
      socket.close();
      resolve({ ok: true });
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve({ ok: false, message: error.message });
    });
  });
}

/** Every subset of `items` (2^n of them). */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => (mask >> i) & 1));
  return out;
}

/**
 * Polls answered from memory: none waited for the database (a poll due a new stamp waited a whole
 * second each 15-second slot before), the median as on an idle product. p99 < 50 ms and max <
 * 200 ms are asserted where the machine has its cores to itself (load average below their count):
 * on a shared one other work stalls the product's thread as much as any fault.
 */
export function expectPromptPolls(latencies: number[]): void {
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  expect(q(0.5)).toBeLessThan(20);
  expect(latencies.at(-1)!).toBeLessThan(900);
  if (loadavg()[0]! < availableParallelism()) {
    expect(q(0.99)).toBeLessThan(50);
    expect(latencies.at(-1)!).toBeLessThan(200);
  } else console.log(`load average ${loadavg()[0]!.toFixed(1)}: p99 and max not asserted`);
}

/**
 * A GTFS zip of one line whose load takes a while: `trips` trips of `stopsPerTrip` stops two
 * minutes apart, their ids begun with `prefix` (agency P, route PR, stops P0…, trips P-0…) and
 * their names with `name`. `service`: 'daily' runs every day until 2099 in UTC, the trips leaving
 * a minute apart from 04:00 over 900 minutes; 'weekdays' (service PWD) runs Monday to Friday until
 * 2028 in Africa/Johannesburg, over 1000 minutes.
 */
export function timetableZip(options: {
  trips: number;
  stopsPerTrip: number;
  prefix: string;
  name: string;
  service: 'daily' | 'weekdays';
}): Uint8Array {
  const { trips, stopsPerTrip, prefix: p, name } = options;
  const daily = options.service === 'daily';
  const service = daily ? 'DAILY,1,1,1,1,1,1,1,20240101,20991231' : `${p}WD,1,1,1,1,1,0,0,20240101,20281231`;
  const spread = daily ? 900 : 1000;
  const enc = (s: string) => new TextEncoder().encode(s);
  const stops = ['stop_id,stop_name,stop_lat,stop_lon'];
  for (let s = 0; s < stopsPerTrip; s++)
    stops.push(`${p}${s},${name} stop ${s},${-33.9 - s * 0.01},${18.4 + s * 0.01}`);
  const tripRows = ['route_id,service_id,trip_id'];
  const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
  for (let t = 0; t < trips; t++) {
    tripRows.push(`${p}R,${service.split(',')[0]},${p}-${t}`);
    const start = 4 * 3600 + (t % spread) * 60;
    for (let s = 0; s < stopsPerTrip; s++) {
      const secs = start + s * 120;
      const hms = [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      stopTimes.push(`${p}-${t},${hms},${hms},${p}${s},${s + 1}`);
    }
  }
  const timezone = daily ? 'UTC' : 'Africa/Johannesburg';
  return zipSync({
    'agency.txt': enc(
      `agency_id,agency_name,agency_url,agency_timezone\n${p},${name},https://example.org,${timezone}\n`,
    ),
    'routes.txt': enc(`route_id,agency_id,route_long_name,route_type\n${p}R,${p},${name} line,2\n`),
    'calendar.txt': enc(
      `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n${service}\n`,
    ),
    'stops.txt': enc(`${stops.join('\n')}\n`),
    'trips.txt': enc(`${tripRows.join('\n')}\n`),
    'stop_times.txt': enc(`${stopTimes.join('\n')}\n`),
  });
}

/**
 * Publishes planned works (POST /feed/disruptions, publishAs "schedule") cancelling `tripId` on
 * `serviceDate` (YYYYMMDD), with an alert whose texts hold no number: the trains are named by the
 * trip ids' numbers (alert_trips_not_linked).
 */
export function publishPlannedWorks(
  client: HttpClient,
  works: { serviceDate: string; tripId: string; reason: string },
): Promise<Response> {
  return client.fetch('/feed/disruptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      publishAs: 'schedule',
      serviceDate: works.serviceDate,
      select: { tripIds: [works.tripId] },
      action: { type: 'cancel' },
      reason: works.reason,
      alert: {
        headerText: { en: 'Works: a train does not run' },
        descriptionText: { en: 'Take the train before or after it.' },
      },
    }),
  });
}

/**
 * What a crash or a dead database must never leave (docs/contract-notes.md "Planned works in the
 * schedule"): the current version holds exactly the planned works kept (published, not lifted),
 * each kept one names its version, and every planned-works alert belongs to kept planned works.
 * Reads the database at `url`; gives the kept planned works' ids and reasons.
 */
export async function expectPlannedWorksWholeOrAbsent(
  url: string,
): Promise<{ open: string[]; reasons: string[] }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [current] = await sql<{ planned: string[] }[]>`
      select planned_works as planned from schedule_versions where status = 'current'`;
    const kept = await sql<{ id: string; reason: string; alert: string | null; version: number | null }[]>`
      select id, reason, alert_id as alert, version_id as version from disruptions
      where publish_as = 'schedule' and lifted_at is null order by seq`;
    expect([...current!.planned].sort()).toEqual(kept.map((d) => d.id).sort());
    for (const d of kept) expect(d.version, d.id).not.toBeNull();
    const alerts = await sql<{ id: string }[]>`
      select id from feed_entities where kind = 'alert' and id like 'disruption-%' order by id`;
    expect(alerts.map((a) => a.id)).toEqual(
      kept
        .map((d) => d.alert)
        .filter(Boolean)
        .sort(),
    );
    return { open: kept.map((d) => d.id), reasons: kept.map((d) => d.reason) };
  } finally {
    await sql.end();
  }
}

/**
 * Whether a test may take the test database away under a running app: on a shared PostgreSQL
 * (DATABASE_URL) only in CI or with FEEDDESK_DB_FAULTS=1; always on the run's own embedded one.
 */
export const dbFaults = !postgresUrl || Boolean(process.env.CI || process.env.FEEDDESK_DB_FAULTS === '1');

/**
 * The database `name` made unreachable (ALLOW_CONNECTIONS false, every backend of it but `admin`'s
 * terminated), or reachable again, through `admin`, a connection to another database of its server.
 */
export async function blockDatabase(admin: postgres.Sql, name: string, blocked: boolean): Promise<void> {
  await admin.unsafe(`alter database "${name}" allow_connections ${!blocked}`);
  if (blocked)
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
}

/** Whether a test may mount a tmpfs (root on Linux, as in CI): smallDisk needs it. */
export const canMountTmpfs = process.getuid?.() === 0 && process.platform === 'linux';

export type SmallDisk = {
  /** An empty folder on the small disk, for a product's DATA_DIR. */
  dataDir: string;
  /** Writes zeros into a file beside dataDir until the disk refuses; answers the bytes written. */
  fill(): number;
  /** Deletes that file: the space is free again. */
  free(): void;
  /** Unmounts the disk (lazily: a killed product's PostgreSQL may hold files a moment) and removes its folder. */
  dispose(): void;
};

/**
 * A tmpfs of `sizeMb` MB mounted on a new folder under the system's temporary folder (needs
 * canMountTmpfs), for a product whose DATA_DIR, and so its embedded PostgreSQL, fills it
 * (docs/operations.md "Faults the product survives").
 */
export function smallDisk(sizeMb: number): SmallDisk {
  const mount = mkdtempSync(join(tmpdir(), 'feeddesk-smalldisk-'));
  try {
    // mode 0755: the embedded server's user must pass through to DATA_DIR.
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', mount]);
  } catch (error) {
    rmSync(mount, { recursive: true, force: true });
    throw error;
  }
  const dataDir = join(mount, 'data');
  mkdirSync(dataDir);
  const filler = join(mount, 'filler');
  let disposed = false;
  return {
    dataDir,
    fill: () => fillFile(filler),
    free: () => rmSync(filler, { force: true }),
    dispose() {
      if (disposed) return;
      disposed = true;
      execFileSync('umount', ['-l', mount]);
      rmSync(mount, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into `path` until the disk refuses, smaller and smaller; returns the bytes written. */
function fillFile(path: string): number {
  const fd = openSync(path, 'w');
  let written = 0;
  try {
    for (let size = 4 * 1024 * 1024; size >= 512; size /= 2) {
      const zeros = Buffer.alloc(size);
      for (;;) {
        try {
          written += writeSync(fd, zeros);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** An alert informing one trip, titled after its id (the database fault tests' saves). */
export const tripAlert = (id: string, tripId: string) => ({
  id,
  alert: {
    informedEntity: [{ trip: { tripId } }],
    headerText: { translation: [{ text: `Alert ${id}`, language: 'en' }] },
  },
});
