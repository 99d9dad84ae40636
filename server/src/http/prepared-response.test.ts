import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedResponse } from './prepared-response.ts';

const body = Buffer.from('a body of some bytes\u0000\u00ff', 'latin1');
const ok = new PreparedResponse(
  200,
  ['content-type', 'application/x-protobuf', 'etag', '"v1"', 'content-length', String(body.length)],
  body,
);
const notModified = new PreparedResponse(304, ['etag', '"v1"', 'cache-control', 'no-cache'], undefined);
/** More than a socket takes at once: what is left waits in Node's buffer until the client reads. */
const bigBody = Buffer.alloc(16 * 1024 * 1024, 7);
const big = new PreparedResponse(200, ['content-length', String(bigBody.length)], bigBody);

/** Sends raw request bytes on one connection and reads until the server closes it. */
function exchange(port: number, requests: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(requests);
  });
}

const get = (path: string, connection = 'keep-alive', version = '1.1') =>
  `GET ${path} HTTP/${version}\r\nHost: x\r\nConnection: ${connection}\r\n\r\n`;

/** The date is the clock's: compared apart from the rest of the bytes. */
const withoutDate = (wire: string) => wire.replace(/\r\nDate: [^\r]+/g, '\r\nDate: -');

describe('PreparedResponse', () => {
  let server: Server;
  let port: number;
  /** The writes of bytes made on the sockets, in order: how many each answer took. */
  let writes = 0;
  let bigSent: { leftInNode: number; finished: boolean } | undefined;
  beforeAll(async () => {
    // /prepared/* answers with send(), /node/* the way Node writes the same answer itself.
    server = createServer((request, response) => {
      if (request.url === '/prepared/big') {
        big.send(response);
        bigSent = { leftInNode: response.writableLength, finished: false };
        response.once('finish', () => (bigSent!.finished = true));
        return;
      }
      const answer = request.url!.endsWith('304') ? notModified : ok;
      if (request.url!.startsWith('/prepared')) answer.send(response);
      else {
        response.writeHead(answer.status, answer.rawHeaders as string[]);
        response.end(answer.body);
      }
    });
    server.on('connection', (socket) => {
      const write = socket.write;
      socket.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        if (chunk.length > 0) writes++;
        return write.call(socket, chunk, ...rest);
      }) as typeof socket.write;
    });
    server.keepAliveTimeout = 72_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('writes the bytes Node writes, on a kept-alive connection, pipelined, and on the last request', async () => {
    const requests = (prefix: string) =>
      get(`${prefix}/200`) + get(`${prefix}/304`) + get(`${prefix}/200`) + get(`${prefix}/200`, 'close');
    writes = 0;
    const prepared = await exchange(port, requests('/prepared'));
    const preparedWrites = writes;
    writes = 0;
    const node = await exchange(port, requests('/node'));
    expect(withoutDate(prepared)).toBe(withoutDate(node));
    // One write an answer, but the last (the connection closes: Node's own way); Node writes a
    // 200's headers, then its body.
    expect([preparedWrites, writes]).toEqual([1 + 1 + 1 + 2, 2 + 1 + 2 + 2]);
    // What that is: four answers, the first three keeping the connection, the last closing it.
    expect(prepared.match(/HTTP\/1\.1 \d+ [A-Za-z ]+\r\n/g)).toEqual([
      'HTTP/1.1 200 OK\r\n',
      'HTTP/1.1 304 Not Modified\r\n',
      'HTTP/1.1 200 OK\r\n',
      'HTTP/1.1 200 OK\r\n',
    ]);
    expect(prepared.match(/Keep-Alive: timeout=72\r\n/g)).toHaveLength(3);
    expect(prepared.match(/Connection: close\r\n/g)).toHaveLength(1);
    expect(prepared.split(body.toString('latin1'))).toHaveLength(4);
    for (const date of prepared.match(/Date: ([^\r]+)/g)!)
      expect(Math.abs(Date.parse(date.slice(6)) - Date.now())).toBeLessThan(5_000);
  });

  it('answers HTTP/1.0 as Node does (and closes)', async () => {
    const prepared = await exchange(port, get('/prepared/200', 'close', '1.0'));
    expect(withoutDate(prepared)).toBe(withoutDate(await exchange(port, get('/node/200', 'close', '1.0'))));
    expect(prepared).toContain('Connection: close\r\n');
  });

  it('finishes an answer the socket cannot take at once only when the client has read it', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.write(get('/prepared/big'));
    await new Promise((r) => setTimeout(r, 300));
    // What a poll is timed by (public-gets.ts): not all of it went to the kernel within send().
    expect(bigSent!.leftInNode).toBeGreaterThan(0);
    expect(bigSent!.finished).toBe(false);
    // The connection stays open (keep-alive): read until the head and the whole body are in.
    const chunks: Buffer[] = [];
    let received = 0;
    await new Promise<void>((resolve) => {
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        received += c.length;
        if (received >= bigBody.length + 100) resolve();
      });
      socket.resume();
    });
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    expect(bigSent!.finished).toBe(true);
    const wire = Buffer.concat(chunks);
    const head = wire.subarray(0, wire.indexOf('\r\n\r\n') + 4).toString('latin1');
    expect(head).toMatch(
      /^HTTP\/1\.1 200 OK\r\ncontent-length: 16777216\r\n.*Keep-Alive: timeout=72\r\n\r\n$/s,
    );
    expect(wire.subarray(head.length).equals(bigBody)).toBe(true);
  });
});
