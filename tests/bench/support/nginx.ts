import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from './process.ts';

export type StaticServer = { url: string; stop(): Promise<void> };

/** Debian's nginx, also where /usr/sbin is not on the PATH (a non-root shell); else the PATH's. */
export const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * nginx in the foreground (`daemon off`) on a free loopback port, serving `files` from a temp
 * directory with a minimal config of its own: never touches /etc/nginx. One worker, as the app
 * under test is one Node process. `headers`: added to every answer (`add_header`), e.g. those the
 * product sends with the same bytes, so that nginx sends the same answer, head and body.
 */
export async function startNginx(
  files: Record<string, Uint8Array>,
  workers = 1,
  headers: Record<string, string> = {},
): Promise<StaticServer> {
  const prefix = mkdtempSync(join(tmpdir(), 'feeddesk-nginx-'));
  const root = join(prefix, 'www');
  for (const [name, bytes] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytes);
  }
  // Workers drop to `nobody` when started as root: let them read the files.
  for (const dir of [prefix, root]) chmodSync(dir, 0o755);
  const port = await freePort();
  const addHeaders = Object.entries(headers)
    .map(
      ([name, value]) =>
        `    add_header ${name} "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" always;\n`,
    )
    .join('');
  return launchNginx(
    prefix,
    workers,
    `server {\n    listen 127.0.0.1:${port};\n    root ${root};\n${addHeaders}  }`,
    { port, readyPath: `/${Object.keys(files)[0]}` },
  );
}

/**
 * The shipped micro-cache (deploy/nginx/feeddesk-cache.conf, as compose.yaml's `cache` profile
 * runs it) in front of the product at `productUrl`, in an nginx with the same main settings and
 * worker count as startNginx's: what a consumer behind the cache gets, against what nginx gets
 * from a file.
 */
export async function startNginxCache(productUrl: string, workers = 1): Promise<StaticServer> {
  const prefix = mkdtempSync(join(tmpdir(), 'feeddesk-nginx-cache-'));
  const port = await freePort();
  const site = writeShippedCacheSite(prefix, Number(new URL(productUrl).port), port);
  return launchNginx(prefix, workers, `include ${site};`, {
    port,
    readyPath: '/feed/updates',
    // Its workers write the cache: as root they would run as nobody, who may not write here.
    user: process.getuid?.() === 0 ? 'root' : undefined,
  });
}

async function launchNginx(
  prefix: string,
  workers: number,
  server: string,
  options: { port: number; readyPath: string; user?: string },
): Promise<StaticServer> {
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process on;
${options.user ? `user ${options.user};\n` : ''}worker_processes ${workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  types { application/x-protobuf pb; }
  default_type application/octet-stream;
  ${server}
}
`,
  );
  let child: ChildProcess;
  try {
    child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', `${prefix}/logs/error.log`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (e) =>
      reject(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error('nginx not found: apt-get update && apt-get install -y nginx')
          : e,
      ),
    ),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForHttp(`${url}${options.readyPath}`, 5000), spawnError]);
  } catch (error) {
    await stop();
    throw new Error(`nginx did not start: ${(error as Error).message} ${stderr}`);
  }
  return { url, stop };
}

const CONF = join(import.meta.dirname, '../../../deploy/nginx/feeddesk-cache.conf');
const CACHED = join(import.meta.dirname, '../../../deploy/nginx/feeddesk-cached.conf');

/**
 * The shipped nginx micro-cache (deploy/nginx, docs/scaling.md "A cache in front") as it is, but
 * for the three names a compose set-up gives it: its cache in `dir/cache`, its upstream the
 * product on 127.0.0.1:`productPort`, listening on 127.0.0.1:`port`. Writes `site.conf` and the
 * `feeddesk-cached.conf` it includes by name into `dir`, where the main config that includes
 * `site.conf` must be too (nginx resolves includes from the main config's folder). Returns the
 * path of `site.conf`.
 */
function writeShippedCacheSite(dir: string, productPort: number, port: number): string {
  const site = readFileSync(CONF, 'utf8')
    .replace('/var/cache/nginx/feeddesk', join(dir, 'cache'))
    .replace('server feeddesk:8080;', `server 127.0.0.1:${productPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  if (/feeddesk:8080|listen 80;|\/var\/cache/.test(site))
    throw new Error(
      `${CONF} changed: the upstream, the port or the cache path is no longer where this expects it`,
    );
  const path = join(dir, 'site.conf');
  writeFileSync(path, site);
  writeFileSync(join(dir, 'feeddesk-cached.conf'), readFileSync(CACHED));
  return path;
}
