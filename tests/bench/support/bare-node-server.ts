import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReferenceServers = {
  httpUrl: string;
  socketUrl: string;
  /** Node's `http` sending `headers` with the buffer: the same head and body as the product. */
  sameHeadUrl: string;
  stop(): Promise<void>;
};

const main = fileURLToPath(new URL('./bare-node-main.ts', import.meta.url));

/**
 * What Node itself can do on this machine, for the record beside nginx, each in a process of its
 * own as the product is (bare-node-main.ts): Node's `http` sending the same buffer, and a `net`
 * socket writing the same response bytes with no HTTP machinery at all. A gap between the first
 * and the product is the product's; between the second and the first, Node's `http`'s.
 */
export async function startReferenceServers(
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<ReferenceServers> {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-bare-'));
  const file = join(dir, 'body.pb');
  writeFileSync(file, bytes);
  const headersFile = join(dir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawn(process.execPath, ['--import', 'tsx', main, file, headersFile], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim().split(' '));
    });
    child.once('exit', (code) => reject(new Error(`the reference servers exited with ${code}`)));
  });
  return {
    httpUrl: `http://127.0.0.1:${ports[0]}/`,
    socketUrl: `http://127.0.0.1:${ports[1]}/`,
    sameHeadUrl: `http://127.0.0.1:${ports[2]}/`,
    async stop() {
      child.stdin.end();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
