import { createServer } from 'node:http';
import type { StaticServer } from './nginx.ts';

/**
 * Node's own `http` sending one buffer, no framework: what Node itself can do on this machine, for
 * the record beside nginx (a gap between it and the product is the product's, not Node's). It runs
 * in the benchmark's process, which is idle while wrk loads it.
 */
export function startBareNodeServer(bytes: Uint8Array): Promise<StaticServer> {
  const body = Buffer.from(bytes);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': body.length });
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        stop: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
