import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * What operators run the product with: the Dockerfile, compose.yaml and the systemd
 * unit name files, packages, routes and settings that exist. Docker cannot run here; the unit is
 * also checked by systemd itself (`systemd-analyze verify`) where systemd is installed.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as { packageManager: string };
const configSource = read('server/src/config.ts');
const isSetting = (name: string) => new RegExp(`^\\s+${name}: z\\.`, 'm').test(configSource);
const workspacePackages = (parse(read('pnpm-workspace.yaml')) as { packages: string[] }).packages;

/** The Dockerfile's instructions, continuation lines joined. */
function dockerfile(): { op: string; args: string }[] {
  return read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .map((line) => {
      const [, op = '', args = ''] = /^\s*(\S+)\s+(.*)$/.exec(line) ?? [];
      return { op: op.toUpperCase(), args: args.trim() };
    });
}

describe('Dockerfile', () => {
  const steps = dockerfile();
  const all = (op: string) => steps.filter((s) => s.op === op).map((s) => s.args);
  const env = Object.fromEntries(
    all('ENV').flatMap((args) =>
      [...args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2]!.replace(/"/g, '')]),
    ),
  );

  it('builds on Node 20 with the pinned pnpm and the lockfile', () => {
    expect(all('FROM')[0]).toMatch(/^node:20\b/);
    expect(`pnpm@${env.PNPM_VERSION}`).toBe(rootPackage.packageManager);
    expect(all('RUN').some((r) => r.includes('pnpm install --frozen-lockfile'))).toBe(true);
  });

  it('copies files that exist, every workspace package’s manifest among them before the install', () => {
    const sources = all('COPY').flatMap((args) => args.split(/\s+/).slice(0, -1));
    for (const source of sources) expect(existsSync(join(repo, source)), source).toBe(true);
    for (const pkg of workspacePackages) expect(sources).toContain(`${pkg}/package.json`);
    for (const file of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'])
      expect(sources).toContain(file);
  });

  it('builds the web app of the workspace, and runs the product’s entry point as a non-root user', () => {
    const web = JSON.parse(read('web/package.json')) as { name: string; scripts: Record<string, string> };
    expect(all('RUN')).toContain(`pnpm --filter ${web.name} run build`);
    expect(web.scripts.build).toBeDefined();
    const user = all('USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const cmd = JSON.parse(all('CMD').at(-1)!) as string[];
    expect(cmd.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
    expect(existsSync(join(repo, cmd[3]!))).toBe(true);
  });

  it('keeps DATA_DIR in a volume, listens on all addresses, and checks health on a route the product has', () => {
    expect(JSON.parse(all('VOLUME')[0]!)).toEqual([env.DATA_DIR]);
    expect(env.HOST).toBe('0.0.0.0');
    for (const name of Object.keys(env).filter((n) => n !== 'PNPM_VERSION' && n !== 'NODE_ENV'))
      expect(isSetting(name) || name === 'MALLOC_ARENA_MAX', name).toBe(true);
    const health = all('HEALTHCHECK')[0]!;
    const route = /\/(readyz|healthz)/.exec(health)?.[0];
    expect(route).toBeDefined();
    expect(read('gateway/src/routes/operations.ts')).toContain(`'${route}'`);
    expect(all('EXPOSE')).toEqual([env.PORT]);
  });
});

describe('compose.yaml', () => {
  type Service = {
    image?: string;
    build?: string;
    environment?: Record<string, string>;
    healthcheck?: { test: string[] };
    restart?: string;
    depends_on?: Record<string, { condition: string }> | string[];
    profiles?: string[];
    volumes?: string[];
  };
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
  const { postgres, feeddesk, cache } = compose.services;

  it('runs PostgreSQL with a pg_isready health check and a restart policy', () => {
    expect(postgres?.image).toMatch(/^postgres:\d+/);
    expect(postgres?.healthcheck?.test.join(' ')).toMatch(/pg_isready -U feeddesk -d feeddesk/);
    expect(postgres?.restart).toBe('unless-stopped');
  });

  it('runs the product from this Dockerfile on that PostgreSQL once it is healthy, restarted when it stops', () => {
    expect(existsSync(join(repo, feeddesk!.build!, 'Dockerfile'))).toBe(true);
    expect((feeddesk?.depends_on as Record<string, { condition: string }>)?.postgres?.condition).toBe(
      'service_healthy',
    );
    expect(['always', 'unless-stopped']).toContain(feeddesk?.restart);
    const url = new URL(feeddesk!.environment!.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'secret'));
    expect(url.hostname).toBe('postgres');
    expect(url.pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);
    expect(url.username).toBe(postgres!.environment!.POSTGRES_USER);
    for (const name of Object.keys(feeddesk!.environment!)) expect(isSetting(name), name).toBe(true);
  });

  it('runs nginx in front only when asked (the cache profile), with the two files of deploy/nginx', () => {
    expect(cache?.profiles).toEqual(['cache']);
    expect(cache?.image).toMatch(/^nginx:/);
    expect(cache?.depends_on).toEqual(['feeddesk']);
    const mounted = (cache?.volumes ?? []).map((v) => v.split(':'));
    for (const [from] of mounted) expect(existsSync(join(repo, from!)), from).toBe(true);
    expect(mounted.map(([, to]) => to)).toEqual([
      '/etc/nginx/conf.d/default.conf',
      '/etc/nginx/feeddesk-cached.conf',
    ]);
    expect(read('deploy/nginx/feeddesk-cache.conf')).toContain('server feeddesk:8080;');
  });
});

describe('deploy/feeddesk.service', () => {
  const unit = read('deploy/feeddesk.service');
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];

  it('restarts always, as a dedicated user, from its folder, with an environment file and hardening', () => {
    expect(value('Restart')).toBe('always');
    expect(value('User')).toMatch(/^feeddesk$/);
    expect(value('WorkingDirectory')).toMatch(/^\//);
    expect(value('EnvironmentFile')).toMatch(/^-?\/etc\//);
    expect(value('NoNewPrivileges')).toBe('yes');
    expect(value('ProtectSystem')).toBe('strict');
    expect(value('KillSignal')).toBe('SIGTERM');
    // DATA_DIR is the state folder systemd makes for the user, the one path ProtectSystem leaves writable.
    expect(value('Environment')).toContain(`DATA_DIR=/var/lib/${value('StateDirectory')}`);
    const script = /--import tsx (\S+)/.exec(value('ExecStart')!)?.[1];
    expect(existsSync(join(repo, script!))).toBe(true);
  });

  const analyze = spawnSync('systemd-analyze', ['--version']);
  it.runIf(analyze.status === 0)('passes systemd-analyze verify without a warning', () => {
    const verify = spawnSync('systemd-analyze', ['verify', join(repo, 'deploy/feeddesk.service')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(verify.stderr + verify.stdout).toBe('');
    expect(verify.status).toBe(0);
  });
});
