/**
 * The reference Node servers, in a process of their own as the product runs in its own: given the
 * response body's file, serves it (1) with Node's `http` (one buffer, no framework) and (2) with a
 * plain `net` socket writing the whole prepared response (status line, headers, body) once per
 * request it sees end (`\r\n\r\n`): no HTTP parser, no request or response objects, what the
 * kernel and Node's socket layer cost alone; and (3) with Node's `http` again, sending the
 * headers of the file named second (JSON: the product's own for the same answer) as any Node
 * server sends its headers. Prints `<http port> <socket port> <same-head http port>` once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createSocketServer, type Server } from 'node:net';

const body = readFileSync(process.argv[2]!);
const http = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': body.length });
  response.end(body);
});
http.keepAliveTimeout = 60_000;

const productHeaders = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Record<string, string>;
const sameHead = createServer((_request, response) => {
  response.writeHead(200, {
    ...productHeaders,
    'content-type': 'application/x-protobuf',
    'content-length': body.length,
  });
  response.end(body);
});
sameHead.keepAliveTimeout = 60_000;

const head = `HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
const response = Buffer.concat([Buffer.from(head, 'latin1'), body]);
const END = Buffer.from('\r\n\r\n');
const socket = createSocketServer((connection) => {
  connection.setNoDelay(true);
  connection.on('error', () => {});
  // What follows the last complete request (one may straddle two reads).
  let pending: Buffer = Buffer.alloc(0);
  connection.on('data', (data: Buffer) => {
    const bytes = pending.length > 0 ? Buffer.concat([pending, data]) : data;
    let from = 0;
    for (let at = bytes.indexOf(END); at >= 0; at = bytes.indexOf(END, from)) {
      connection.write(response);
      from = at + END.length;
    }
    pending = bytes.subarray(from);
  });
});

const listen = (server: Server | ReturnType<typeof createServer>) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
const ports = [await listen(http), await listen(socket), await listen(sameHead)];
process.stdout.write(`${ports.join(' ')}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
