import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import type { LiveMessage } from '../support/live.ts';
import { ADMIN } from '../support/test-app.ts';
import { pollUntil, timetableZip } from './helpers.ts';
import { postmasterPid, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The embedded PostgreSQL killed (SIGKILL of its postmaster) at each phase of a schedule load, under
 * one running product (heavy: a real product process, 3–4 minutes on a loaded machine): each load ends
 * failed with a message instead of hanging, no version is left loading, the process lives on, and
 * the next upload, without a restart of the product, loads and becomes current (docs/operations.md
 * "Faults the product survives"). Killed during a COPY, the driver once threw from a timer and
 * ended the process, or the load's pipeline waited for minutes.
 */

/**
 * Follows a job over /ws: `at` is called on each working message (it may kill); resolves with the
 * final message, or fails after `timeoutMs` (a load that hangs).
 */
function followJob(
  url: string,
  cookie: string,
  room: string,
  at: (m: LiveMessage) => void,
  timeoutMs: number,
) {
  return new Promise<LiveMessage>((resolve, reject) => {
    const socket = io(url, { path: '/ws', transports: ['websocket'], extraHeaders: { cookie } });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`job ${room} did not end in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.emit('join-room', { room }));
    // The follow given up (the product's answer when it could not read the job): say so, not hang.
    socket.on('error-message', (m: { message: string }) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`the live follow of job ${room} ended: ${m.message}`));
    });
    socket.on('event', (m: LiveMessage) => {
      if (m.status === 'working') return at(m);
      clearTimeout(timer);
      socket.close();
      resolve(m);
    });
  });
}

const PHASES: { name: string; when: RegExp; delayMs: number }[] = [
  { name: 'the COPY of its rows', when: /^Read \d+ rows/, delayMs: 400 },
  { name: 'the index builds of its stop times', when: /^Loaded \d+ stop times/, delayMs: 0 },
  { name: 'validation and the switch to the new version', when: /^Validated/, delayMs: 0 },
];

describe('[heavy] the embedded PostgreSQL killed at each phase of a schedule load', () => {
  const dirs: string[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fails each load cleanly, and the next upload works without a restart', {
    timeout: 420_000,
  }, async () => {
    await server?.kill();
    const dir = mkdtempSync(join(tmpdir(), 'feeddesk-loadkill-'));
    dirs.push(dir);
    server = await startServerProcess({ dataDir: dir });
    // The product's own lines about the load, not the webhook sender's retries while the database restarts.
    onTestFailed(() =>
      console.log(
        `product output (end):\n${server
          ?.output()
          .split('\n')
          .filter((line) => !line.includes('webhook'))
          .join('\n')
          .slice(-12_000)}`,
      ),
    );
    const s = server;
    const zip = timetableZip({
      trips: 5_000,
      stopsPerTrip: 30,
      prefix: 'K',
      name: 'Kill',
      service: 'weekdays',
    });
    const upload = async (admin: HttpClient) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(zip)]), 'kill.zip');
      const res = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
      expect(res.status).toBe(200);
      return res.text();
    };
    const loggedIn = async () => {
      await pollUntil(
        '/readyz 200',
        async () => ((await new HttpClient(s.url).get('/readyz')).status === 200 ? true : undefined),
        30_000,
      );
      const admin = new HttpClient(s.url);
      await admin.login(ADMIN.username, ADMIN.password);
      return admin;
    };

    for (const phase of PHASES) {
      const admin = await loggedIn();
      const jobId = await upload(admin);
      let killed = false;
      const final = await followJob(
        s.url,
        admin.cookieHeader,
        jobId,
        (m) => {
          if (killed || !phase.when.test(m.message)) return;
          killed = true;
          setTimeout(() => {
            process.kill(postmasterPid(dir), 'SIGKILL');
          }, phase.delayMs);
        },
        90_000,
      ).catch((error: Error) => ({ status: 'hung', message: error.message }));
      console.log(`killed during ${phase.name} (${killed}): ${final.status}: ${final.message}`);
      expect(final.status, phase.name).not.toBe('hung');
      if (killed) expect(final.status === 'error' || final.status === 'done', final.message).toBe(true);
      // The load's own end, saved once the database is back: not the interrupted-jobs check's.
      if (killed && final.status === 'error') expect(final.message).toMatch(/database went away/);
      expect(s.child.exitCode, `the product exited after a kill during ${phase.name}`).toBeNull();
    }

    // The next try works, on the same process.
    const admin = await loggedIn();
    const final = await followJob(s.url, admin.cookieHeader, await upload(admin), () => {}, 120_000);
    expect(final.status, final.message).toBe('done');
    // A killed load's version is marked failed by the next check of interrupted loads (every 15 s).
    const statuses = async () =>
      (
        (await admin.trpc('query', 'schedule.versions')).body.result.data as {
          versions: { status: string }[];
        }
      ).versions.map((v) => v.status);
    await pollUntil(
      'no version left loading',
      async () => ((await statuses()).includes('loading') ? undefined : true),
      40_000,
    );
    expect(await statuses()).toContain('current');
    expect(s.child.exitCode).toBeNull();
  });
});
