import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CONF = join(import.meta.dirname, '../../deploy/nginx/feeddesk-cache.conf');
const CACHED = join(import.meta.dirname, '../../deploy/nginx/feeddesk-cached.conf');

/**
 * The shipped nginx micro-cache (deploy/nginx, docs/scaling.md "A cache in front") as it is, but
 * for the three names a compose set-up gives it: its cache in `dir/cache`, its upstream the
 * product on 127.0.0.1:`productPort`, listening on 127.0.0.1:`port`. Writes `site.conf` and the
 * `feeddesk-cached.conf` it includes by name into `dir`, where the main config that includes
 * `site.conf` must be too (nginx resolves includes from the main config's folder). Returns the
 * path of `site.conf`.
 */
export function writeShippedCacheSite(dir: string, productPort: number, port: number): string {
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
