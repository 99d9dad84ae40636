import { randomBytes } from 'node:crypto';
import { decodeFeedMessage } from '@feeddesk/proto';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { startPollerProcess } from '../bench/support/poller-process.ts';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { ADMIN } from '../support/test-app.ts';
import {
  canMountTmpfs,
  expectCleanError,
  expectPromptPolls,
  pollUntil,
  type SmallDisk,
  smallDisk,
} from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The disk of the database full (heavy: a real product process whose DATA_DIR, and so its embedded
 * PostgreSQL, is on a tmpfs of 256 MB that the test fills; about a minute): saves answer 503
 * `disk_full` with a sentence, /readyz 503 says why, the feeds polled from another process keep
 * their content and stamp, the process lives on; once space is freed it is back by itself
 * (docs/operations.md "Faults the product survives"). Mounting needs root (as in CI).
 */

const DISK_FULL = 'The disk of the database is full; nothing was saved.';
if (!canMountTmpfs) console.log('disk-full.heavy.test.ts skipped: mounting a tmpfs needs root on Linux');

let tripId = '';
/** An alert with 10 000 random characters: pages the database must add, not fill. */
const bigAlert = (id: string) => ({
  id,
  alert: {
    informedEntity: [{ trip: { tripId } }],
    headerText: { translation: [{ text: `Alert ${id}`, language: 'en' }] },
    descriptionText: {
      translation: [{ text: randomBytes(7_500).toString('base64'), language: 'en' }],
    },
  },
});

async function feedStamp(client: HttpClient): Promise<number> {
  const res = await client.get('/feed/alerts');
  expect(res.status).toBe(200);
  return Number(decodeFeedMessage(new Uint8Array(await res.arrayBuffer())).header.timestamp);
}

describe.skipIf(!canMountTmpfs)('[heavy] the disk of the database full', () => {
  let disk: SmallDisk | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    disk?.dispose();
  });

  it('answers 503 disk_full, keeps the feeds, lives on, and is back once space is freed', async () => {
    disk = smallDisk(256);
    server = await startServerProcess({ dataDir: disk.dataDir });
    onTestFailed(() => console.log(`product output (end):\n${server?.output().slice(-6_000)}`));
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const anon = new HttpClient(server.url);
    tripId = Object.keys(await (await admin.get('/db/trips_to_routes')).json())[0]!;
    expect((await postEntity(admin, '/feed/service_alert', bigAlert('before'))).status).toBe(200);
    const freeBefore = sampleValue(
      parsePrometheus(await (await anon.get('/metrics')).text()),
      'feeddesk_data_dir_free_bytes',
      {},
    );
    expect(freeBefore).toBeGreaterThan(50 * 1024 * 1024);

    const poller = await startPollerProcess(`${server.url}/feed/alerts`, 40);
    try {
      const stampBefore = await feedStamp(anon);
      const filled = disk.fill();
      const fullAt = Math.floor(Date.now() / 1000);
      console.log(`filled ${Math.round(filled / 1024 / 1024)} MB`);

      const ready = await anon.get('/readyz');
      expect(ready.status).toBe(503);
      expect((await ready.json()).reason).toMatch(/^The disk of the database is full/);
      expect(
        sampleValue(
          parsePrometheus(await (await anon.get('/metrics')).text()),
          'feeddesk_data_dir_free_bytes',
          {},
        ),
      ).toBeLessThan(1024 * 1024);

      // Saves until one needs a page the disk cannot give (the first, mostly).
      let refused: Response | undefined;
      for (let i = 0; i < 30 && !refused; i++) {
        const res = await postEntity(admin, '/feed/service_alert', bigAlert(`full-${i}`));
        if (res.status !== 200) refused = res;
      }
      expect(refused, 'no save was refused on a full disk').toBeDefined();
      const body = await expectCleanError(refused!, 503);
      expect(body.description).toBe(DISK_FULL);
      expect(body.error).toBe('Disk full');

      // Past the next 15-second slot: the feed keeps its content and its stamp (not confirmed).
      await new Promise((r) => setTimeout(r, (15 - ((Date.now() / 1000) % 15) + 2) * 1000));
      const stampFull = await feedStamp(anon);
      expect(stampFull).toBeGreaterThanOrEqual(stampBefore);
      expect(stampFull).toBeLessThanOrEqual(fullAt);
      expect(server.child.exitCode).toBeNull();

      // Space freed: back by itself.
      disk.free();
      const freedAt = Date.now();
      await pollUntil(
        '/readyz 200',
        async () => ((await anon.get('/readyz')).status === 200 ? true : undefined),
        30_000,
      );
      console.log(`/readyz 200 ${Date.now() - freedAt} ms after the space was freed`);
      await pollUntil(
        'a save',
        async () =>
          (await postEntity(admin, '/feed/service_alert', bigAlert('after'))).status === 200
            ? true
            : undefined,
        15_000,
      );
      await pollUntil(
        'a fresh stamp',
        async () => ((await feedStamp(anon)) > stampFull ? true : undefined),
        20_000,
      );

      const { latencies, failures } = await poller.stop();
      const q = (p: number) => latencies[Math.floor(p * (latencies.length - 1))]!;
      console.log(
        `polls: ${latencies.length}, failures ${failures.length}, p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
      );
      expect(failures).toEqual([]);
      expectPromptPolls(latencies);
    } finally {
      poller.kill();
    }
    expect(server.child.exitCode).toBeNull();
    const ids = decodeFeedMessage(
      new Uint8Array(await (await anon.get('/feed/alerts')).arrayBuffer()),
    ).entity.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['before', 'after']));
  }, 120_000);
});
