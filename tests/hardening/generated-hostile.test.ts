import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFeedEntity, feedEntityFromJson } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PollerResult, startPollerProcess } from '../bench/support/poller-process.ts';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN } from '../support/test-app.ts';
import { timetableZip } from './helpers.ts';
import {
  type HostileCall,
  hostileCalls,
  hostilePrincipals,
  type Outcome,
  type Principal,
  rssMb,
  runHostileCalls,
  stallSuspects,
} from './hostile-calls.ts';
import { attackStrings, fill, PAYLOAD_CLASSES } from './hostile-payloads.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/quality.md "Reliability and security bars": no principal, whatever its role and whatever it
 * sends within the limits, holds the event loop that serves the public feed. The real product
 * (`npm start`'s process) is polled from a process of its own while a user of each role and an API
 * token call every REST route and tRPC procedure (found in the route table and the router, never
 * listed here) with each class of payload: the largest allowed, the deepest allowed JSON, the
 * checker's attack strings in every string field, and many items and subscriptions.
 */

/** The public feed as a journey planner sees it: p99 and the slowest poll, ms. */
const P99_MS = 50;
const MAX_MS = 200;
const RSS_GROWTH_MB = 300;
/** Polls a second: enough for a p99 over the run, few enough to leave the cores to the product. */
const POLL_RATE = 40;
/** 503 is documented (docs/errors.md) for a database out of reach; nothing else of 5xx is. */
const DOCUMENTED_5XX = new Set([503]);

/**
 * An answer may be this much larger than what asked for it; beyond, a small request makes the
 * product build a large answer on the thread that serves the feed (a 1 MB push was answered 14 MB).
 * GETs are left out: a download answers what is stored (a schedule, a spreadsheet), not what was sent.
 */
const ANSWER_FLOOR_BYTES = 1024 * 1024;
const ANSWER_PER_SENT_BYTE = 2;

/**
 * Calls whose payload class stalls the feed today, each with what was measured and why: run in a
 * phase of their own (their figures printed, not asserted) so that the rest is held to the bounds
 * and a new stall fails. A fix removes its line.
 */
const KNOWN_STALLS = new Map<string, string>([
  // None today. The 1 MB pushes of trip updates and of positions were here until their last long
  // stretches went (each entity's rules and a push's trains named in one inArray: 95–324 ms for
  // 12 000 positions, tests/hardening/loop-held.test.ts); add a line only with its measured figures.
]);
const known = (call: string, cls: string) => KNOWN_STALLS.has(`${call} (${cls})`);

/** The product's event-loop delay samples (every 10 ms): in all, over 50 ms and over 200 ms. */
async function loopSamples(url: string) {
  const lines = (await (await fetch(`${url}/metrics`)).text()).split('\n');
  // Summed over whatever other labels the samples carry.
  const bucket = (le: string) =>
    lines
      .filter((l) => l.startsWith('feeddesk_event_loop_delay_seconds_bucket{') && l.includes(`le="${le}"`))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  const all = bucket('+Inf');
  return { all, over50: all - bucket('0.05'), over200: all - bucket('0.2') };
}

/**
 * A machine busy with other work (the load above its cores) delays the poller's process as much
 * as the product: then the bounds hold the product's own event loop (sampled every 10 ms inside
 * it), and the poller's figures are printed for the record.
 */
const quietMachine = () => loadavg()[0]! < cpus().length;

/**
 * The short form's share: each user sends two classes, in turn, so that every principal calls
 * everything; the token, which holds every role, sends every class, so that each call gets each
 * class from a principal allowed to make it (the benchmark sends them all).
 */
const classesOf = (principals: Principal[]) => (principal: number) =>
  principals[principal]?.token
    ? [...PAYLOAD_CLASSES]
    : [0, 1].map((k) => PAYLOAD_CLASSES[(principal + k) % PAYLOAD_CLASSES.length]!);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('a hostile principal of every role against every route and procedure', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let calls: HostileCall[];
  let principals: Principal[];
  let attacks: Awaited<ReturnType<typeof attackStrings>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    // The token sends every class of every call, more than its 600 a minute: refused calls would
    // test the rate limit (tests/integration/tokens.test.ts), not the calls.
    server = await startServerProcess({
      databaseUrl: db.url,
      env: { TOKEN_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    [calls, principals, attacks] = await Promise.all([
      hostileCalls({ subscriptions: 40 }),
      hostilePrincipals(server.url),
      attackStrings(),
    ]);
    // A schedule, so that trains and stops the payloads make up are refused with the rules'
    // notices (what an answer is built of), not saved as for a desk without one.
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const { final } = await uploadSchedule(
      admin,
      timetableZip({ trips: 20, stopsPerTrip: 10, prefix: 'H', name: 'Harness', service: 'daily' }),
      'harness.zip',
    );
    expect(final.status).toBe('done');
    // The poller ahead of the product and the harness for the CPU where the machine lets us
    // (root): what is measured is the product's stalls, not the poller's own waiting.
    if (process.getuid?.() === 0) process.env.BENCH_POLLER_NICE ??= '-10';
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    await db?.drop();
  });

  /** Runs `attack` while the feed is polled; the polls and the product's RSS before and after. */
  async function whilePolled<T>(attack: () => Promise<T>) {
    const rssBefore = rssMb(server.child.pid!);
    const loopBefore = await loopSamples(server.url);
    const tracePath = join(tmpdir(), `hostile-polls-${process.pid}-${Date.now()}.json`);
    process.env.BENCH_POLL_TRACE = tracePath;
    const poller = await startPollerProcess(`${server.url}/feed/updates`, POLL_RATE);
    delete process.env.BENCH_POLL_TRACE;
    let result: T;
    let polls: PollerResult;
    try {
      result = await attack();
    } finally {
      polls = await poller.stop();
    }
    const trace = JSON.parse(readFileSync(tracePath, 'utf8')) as {
      startedAt: number;
      trace: [number, number][];
    };
    rmSync(tracePath, { force: true });
    const loopAfter = await loopSamples(server.url);
    const loop = {
      all: loopAfter.all - loopBefore.all,
      over50: loopAfter.over50 - loopBefore.over50,
      over200: loopAfter.over200 - loopBefore.over200,
    };
    return { result, polls, trace, loop, rssBefore, rssAfter: rssMb(server.child.pid!) };
  }

  const summary = (polls: PollerResult) =>
    `${polls.latencies.length} polls: p50 ${percentile(polls.latencies, 50).toFixed(1)} ms, p99 ${percentile(polls.latencies, 99).toFixed(1)} ms, max ${(polls.latencies.at(-1) ?? Number.NaN).toFixed(1)} ms; the poller's own loop p99 ${polls.ownLoopMs.p99.toFixed(1)} ms`;

  it('finds every route and procedure, and attack strings from the checker', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.map((c) => c.name)).toEqual(
      expect.arrayContaining(['POST /feed/service_alert', 'feed.lintAlert']),
    );
    expect(attacks.length).toBeGreaterThan(3);
    expect(fill(attacks[1]!, 1000).length).toBeLessThanOrEqual(1000);
  });

  /** The bounds on the feed: the poller's figures on a quiet machine, the product's own loop on a busy one. */
  function expectFeedServed(polls: PollerResult, loop: { all: number; over50: number; over200: number }) {
    const said = `${summary(polls)}; the product's loop: ${loop.over50} of ${loop.all} samples over 50 ms, ${loop.over200} over 200 ms`;
    expect(polls.failures).toEqual([]);
    // The contract's bounds are asserted with HOSTILE_BOUNDS=1 (tests/bench/README.md "Every route
    // and procedure, hostile"): in the whole suite's run the machine is loaded far past its cores by
    // the other files, whose own work then delays this product's timers past 50 ms; there the
    // figures are printed and everything else is asserted; .ci/run then runs this file again
    // on the quiet machine with HOSTILE_BOUNDS=1.
    if (!process.env.HOSTILE_BOUNDS) return said;
    if (quietMachine()) {
      expect(percentile(polls.latencies, 99), said).toBeLessThan(P99_MS);
      expect(polls.latencies.at(-1) ?? Number.NaN, said).toBeLessThan(MAX_MS);
    } else {
      expect(loop.over50, said).toBeLessThanOrEqual(loop.all / 100);
      expect(loop.over200, said).toBe(0);
    }
    return said;
  }

  it("edit users lint and save alerts of regex-killer texts: all answered, none 5xx; the feed's figures printed (its bounds held with HOSTILE_BOUNDS=1)", async () => {
    const editors = principals.filter((p) => p.name === 'edit' || p.name === 'token');
    // A route of the schedule, so that the saves are made, not refused.
    const routes = (await (await editors[0]!.client.get('/db/get_routes')).json()) as unknown;
    const routeId = /"route_id":"([^"]+)"/.exec(JSON.stringify(routes))?.[1];
    expect(routeId).toBeDefined();
    // Without NUL, which PostgreSQL refuses to store (the save would stop at its write, 400).
    const texts = attacks.map((a) => fill(a, 10_000).replaceAll('\u0000', 'x'));
    const alert = (i: number) => ({
      id: `killer-${i}`,
      alert: {
        activePeriod: [{ start: Math.floor(Date.now() / 1000) }],
        informedEntity: [{ routeId }],
        headerText: { translation: [{ text: 'Delays', language: 'en' }] },
        descriptionText: { translation: texts.map((text) => ({ text, language: 'en' })) },
      },
    });
    const { result, polls, loop, rssBefore, rssAfter } = await whilePolled(async () => {
      const statuses: number[] = [];
      await Promise.all(
        editors.flatMap((editor, e) =>
          Array.from({ length: 2 }, async (_, k) => {
            for (let i = 0; i < 10; i++) {
              const entity = alert(e * 100 + k * 10 + i);
              const res = editor.token
                ? await editor.client.fetch('/feed/service_alert', {
                    method: 'POST',
                    headers: { 'content-type': 'application/x-protobuf' },
                    body: encodeFeedEntity(feedEntityFromJson(entity)) as BodyInit,
                  })
                : await editor.client.fetch(`/trpc/${i % 2 ? 'feed.saveAlert' : 'feed.lintAlert'}`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({ entity }),
                  });
              await res.arrayBuffer();
              statuses.push(res.status);
            }
          }),
        ),
      );
      return statuses;
    });
    const said = expectFeedServed(polls, loop);
    console.log(
      `regex-killer alerts (${result.length} calls: ${[...new Set(result)].join(', ')}): ${said}; RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
    );
    // Saved (200) or refused with a sentence (4xx): never a 5xx.
    expect(result.filter((s) => s >= 500)).toEqual([]);
    expect(result.filter((s) => s === 200).length).toBeGreaterThan(10);
  }, 120_000);

  it("every route and procedure × every role and a token, every payload class: the process lives, no undocumented 5xx, RSS bounded; the feed's figures printed (its bounds held with HOSTILE_BOUNDS=1)", async () => {
    const { result, polls, trace, loop, rssBefore } = await whilePolled(() =>
      runHostileCalls(calls, principals, classesOf(principals), attacks, { skip: known }),
    );
    const slowest = [...result].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `generated hostile calls (${result.length}): ${summary(polls)}; the product's loop: ${loop.over50} of ${loop.all} samples over 50 ms, ${loop.over200} over 200 ms; slowest: ${slowest.map((o) => `${o.call} as ${o.principal} (${o.cls}) ${o.ms.toFixed(0)} ms`).join(', ')}; in flight during polls over ${MAX_MS} ms: ${stallSuspects(result, trace, MAX_MS).join('; ')}`,
    );
    // The known stalls, alone: printed, so that their figures are seen until they are fixed.
    const stalls =
      KNOWN_STALLS.size > 0
        ? await whilePolled(() =>
            runHostileCalls(calls, principals, classesOf(principals), attacks, { only: known }),
          )
        : undefined;
    if (stalls)
      console.log(
        `known stalls (${[...KNOWN_STALLS.keys()].join(', ')}; ${stalls.result.length} calls): ${summary(stalls.polls)}; the product's loop: ${stalls.loop.over50} of ${stalls.loop.all} samples over 50 ms, ${stalls.loop.over200} over 200 ms; RSS ${rssBefore.toFixed(0)} -> ${stalls.rssAfter.toFixed(0)} MB`,
      );
    const all = [...result, ...(stalls?.result ?? [])];
    // Every call was made by every principal, and with every class by some principal.
    expect(new Set(all.map((o: Outcome) => o.call))).toEqual(new Set(calls.map((c) => c.name)));
    const shares = principals.map((_, i) => classesOf(principals)(i));
    expect(all.length).toBe(calls.length * shares.flat().length);
    for (const call of calls)
      expect(new Set(all.filter((o) => o.call === call.name).map((o) => o.cls)), call.name).toEqual(
        new Set(PAYLOAD_CLASSES),
      );
    const broken = all.filter((o) => o.status === 0 || (o.status >= 500 && !DOCUMENTED_5XX.has(o.status)));
    expect(broken.map((o) => `${o.call} as ${o.principal} (${o.cls}): ${o.status}`)).toEqual([]);
    const amplified = all.filter(
      (o) =>
        !o.call.startsWith('GET ') &&
        o.answerBytes > Math.max(ANSWER_FLOOR_BYTES, ANSWER_PER_SENT_BYTE * o.sentBytes),
    );
    expect(
      amplified.map(
        (o) => `${o.call} as ${o.principal} (${o.cls}): ${o.sentBytes} B sent, ${o.answerBytes} B answered`,
      ),
    ).toEqual([]);
    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    expect((await fetch(`${server.url}/feed/updates`)).status).toBe(200);
    expect((stalls?.rssAfter ?? rssMb(server.child.pid!)) - rssBefore).toBeLessThan(RSS_GROWTH_MB);
    expectFeedServed(polls, loop);
  }, 300_000);
});
