import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { pollUntil } from './helpers.ts';

const BOUNDARY = 'feeddesk-test-boundary';
const KB = Buffer.alloc(1024, 'x');

/** The first KB of a multipart body whose field `file` would go on for megabytes. */
function firstKilobyte(): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), KB]).subarray(0, 1024);
}

type Held = {
  status: Promise<number>;
  /** Whether the server answered already (a held upload refused is not holding anything). */
  answered: () => boolean;
  sent: () => number;
  close: () => void;
};

/**
 * A request sent by hand on a raw socket: the headers and the first KB of a body announced as
 * `length` bytes (or chunked), and no more. `status` resolves with the answer's status line, which
 * must come while the rest of the body has not been sent.
 */
function sendHeadersAndOneKb(
  baseUrl: string,
  options: { path: string; client: HttpClient; csrf: string; length?: number },
): Held {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  let sent = 0;
  const headers = [
    `POST ${options.path} HTTP/1.1`,
    `Host: ${url.host}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    options.length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.length}`,
    `Cookie: ${options.client.cookieHeader}`,
    `X-CSRF-Token: ${options.csrf}`,
    '',
    '',
  ].join('\r\n');
  const body = firstKilobyte();
  const chunk =
    options.length === undefined
      ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')])
      : body;
  socket.write(headers);
  socket.write(chunk);
  sent = body.length;
  const status = new Promise<number>((resolve, reject) => {
    let text = '';
    socket.on('data', (d) => {
      text += String(d);
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without an answer: ${text}`)));
  });
  let answered = false;
  status.then(
    () => {
      answered = true;
    },
    () => {
      answered = true;
    },
  );
  return { status, answered: () => answered, sent: () => sent, close: () => socket.destroy() };
}

/** Resolves with the status, or fails after a generous 10 s: a server waiting for the body never answers. */
function answerOf(held: Held): Promise<number> {
  return Promise.race([
    held.status,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error('no answer while the body was held back')), 10_000),
    ),
  ]);
}

describe('uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { UPLOAD_MAX_MB: '8', UPLOADS_AT_ONCE: '1' } });
  });
  afterAll(() => t?.close());

  const anonymous = async () => {
    const client = t.client();
    return { client, csrf: await client.csrfToken() };
  };

  it('answers an anonymous 60 MB upload with 401 before its body is sent; tRPC refuses any multipart body', async () => {
    const rest = sendHeadersAndOneKb(t.url, {
      path: '/gtfs/upload_gtfs',
      ...(await anonymous()),
      length: 60e6,
    });
    expect(await answerOf(rest)).toBe(401);
    expect(rest.sent()).toBe(1024);
    rest.close();
    for (const path of ['/trpc/schedule.upload', '/%74rpc/schedule.upload', '/trpc/auth.me']) {
      const held = sendHeadersAndOneKb(t.url, { path, ...(await anonymous()), length: 60 * 1024 * 1024 });
      expect(await answerOf(held), path).toBe(415);
      expect(held.sent()).toBe(1024);
      held.close();
    }
  });

  it('refuses a file sent to a form that takes none (login) as soon as its part starts', async () => {
    const held = sendHeadersAndOneKb(t.url, { path: '/auth/login', ...(await anonymous()), length: 60e6 });
    expect(await answerOf(held)).toBe(415);
    held.close();
  });

  it("refuses a planner's multipart body to any tRPC procedure before reading it, whatever the URL spelling", async () => {
    // tRPC would read the whole body and parse it at once (an 89 MB file held the feed 1.2 s).
    const planner = await t.clientWithRoles(['gtfs']);
    const csrf = await planner.csrfToken();
    for (const [path, length] of [
      ['/%74rpc/schedule.upload', 200 * 1024 * 1024],
      ['/trpc/schedule.rollback', 60 * 1024 * 1024],
      ['/%74rpc/schedule.versions', undefined],
    ] as const) {
      const held = sendHeadersAndOneKb(t.url, { path, client: planner, csrf, length });
      expect(await answerOf(held), `${path} ${length}`).toBe(415);
      expect(held.sent()).toBe(1024);
      held.close();
    }
  });

  it(`answers 429 to an upload beyond UPLOADS_AT_ONCE, and frees the slot`, async () => {
    const planner = await t.clientWithRoles(['gtfs']);
    const csrf = await planner.csrfToken();
    // Another planner asks: the planner's own quota (UPLOADS_PER_PRINCIPAL) is not what refuses.
    const colleague = await t.clientWithRoles(['gtfs']);
    const empty = () => new FormData();
    const rest = async () =>
      (await colleague.fetch('/gtfs/upload_gtfs', { method: 'POST', body: empty() })).status;
    // The one slot is held by an upload whose body is still coming. Its connection is new, while
    // the polls reuse theirs: a poll read first takes the slot and the held upload is (rightly)
    // refused, so such a refused upload is sent again until it is the one holding the slot.
    let held: Held | undefined;
    await pollUntil('the slot taken', async () => {
      if (!held || held.answered()) {
        held?.close();
        held = sendHeadersAndOneKb(t.url, { path: '/gtfs/upload_gtfs', client: planner, csrf, length: 4e6 });
        await new Promise((r) => setTimeout(r, 200));
      }
      return (await rest()) === 429 && !held.answered() ? true : undefined;
    });
    held?.close();
    // Freed when that client goes away: an empty form is refused as usual, so nothing loads.
    await pollUntil('the slot freed', async () => ((await rest()) === 400 ? true : undefined));
  });
});
