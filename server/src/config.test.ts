import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('security defaults', () => {
  it('unzips at most 256 MB per upload, receives 2 uploads at once, and reads the new settings', () => {
    const defaults = loadConfig({});
    expect(defaults.UNZIPPED_MAX_MB).toBe(512);
    expect(defaults.UPLOADS_AT_ONCE).toBe(2);
    expect(defaults.COOKIE_SECURE).toBe(false);
    expect(defaults.ALLOWED_ORIGINS).toEqual([]);
    const set = loadConfig({
      COOKIE_SECURE: 'true',
      ALLOWED_ORIGINS: 'https://A.example/, https://b.example:8443',
    });
    expect(set.COOKIE_SECURE).toBe(true);
    expect(set.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example:8443']);
  });
});

/** The names in the first column of the table under `## Settings` of docs/configuration.md. */
function documentedSettings(page: string): string[] {
  const table = page.split('\n## Settings\n')[1]?.split('\n## ')[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

/** Read by `npm start` and `npm run gateway` (scripts/run.mjs) for the process, not by config.ts. */
const SET_BY_SCRIPTS = ['MALLOC_ARENA_MAX'];

describe('the settings and docs/configuration.md', () => {
  // A setting nobody can find is a setting nobody sets: each key of envSchema is a row of the
  // configuration page's table, and each row a setting (CONTRIBUTING.md, "A setting").
  const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
  const schema = source.slice(source.indexOf('const envSchema = z.object({'));
  const settings = [...schema.slice(0, schema.indexOf('\n});')).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
    (m) => m[1]!,
  );
  const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

  it('lists every setting of config.ts in the table of docs/configuration.md', () => {
    const documented = new Set(documentedSettings(page));
    expect(settings.length).toBeGreaterThan(20);
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names no setting that config.ts lacks', () => {
    const known = new Set([...settings, ...SET_BY_SCRIPTS]);
    expect(documentedSettings(page).filter((name) => !known.has(name))).toEqual([]);
  });

  it('reads the first column of the table only, under "## Settings"', () => {
    const page = [
      '## Settings',
      '',
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `PORT`, `HOST` | `8080` | like `DATA_DIR` |',
      '',
      '## Other',
      '| `LOG_LEVEL` | x | y |',
    ].join('\n');
    expect(documentedSettings(`# Configuration\n${page}`)).toEqual(['PORT', 'HOST']);
  });
});

describe('quotas of a principal (docs/rest-api.md "Quotas of a principal")', () => {
  it('bounds subscriptions and websockets by default, and reads other values', () => {
    const defaults = loadConfig({});
    expect([
      defaults.SUBSCRIPTIONS_PER_SOCKET,
      defaults.SUBSCRIPTIONS_PER_PRINCIPAL,
      defaults.WEBSOCKETS_PER_PRINCIPAL,
    ]).toEqual([32, 128, 32]);
    const set = loadConfig({
      SUBSCRIPTIONS_PER_SOCKET: '8',
      SUBSCRIPTIONS_PER_PRINCIPAL: '20',
      WEBSOCKETS_PER_PRINCIPAL: '4',
    });
    expect([
      set.SUBSCRIPTIONS_PER_SOCKET,
      set.SUBSCRIPTIONS_PER_PRINCIPAL,
      set.WEBSOCKETS_PER_PRINCIPAL,
    ]).toEqual([8, 20, 4]);
    expect(() => loadConfig({ SUBSCRIPTIONS_PER_SOCKET: '0' })).toThrow(/SUBSCRIPTIONS_PER_SOCKET/);
  });

  it('bounds live vehicle positions and the entities of a push by default, and reads other values', () => {
    const defaults = loadConfig({});
    expect([
      defaults.VEHICLE_POSITIONS_MAX,
      defaults.VEHICLE_POSITIONS_PER_PRINCIPAL,
      defaults.FEED_PUSH_MAX_ENTITIES,
    ]).toEqual([20_000, 10_000, 10_000]);
    const set = loadConfig({
      VEHICLE_POSITIONS_MAX: '500',
      VEHICLE_POSITIONS_PER_PRINCIPAL: '200',
      FEED_PUSH_MAX_ENTITIES: '100',
    });
    expect([
      set.VEHICLE_POSITIONS_MAX,
      set.VEHICLE_POSITIONS_PER_PRINCIPAL,
      set.FEED_PUSH_MAX_ENTITIES,
    ]).toEqual([500, 200, 100]);
  });

  it('bounds the sizes of an alert by default, and reads other values', () => {
    const defaults = loadConfig({});
    expect([
      defaults.ALERT_TEXT_MAX_CHARS,
      defaults.ALERT_TRANSLATIONS_MAX,
      defaults.ALERT_INFORMED_ENTITIES_MAX,
    ]).toEqual([10_000, 20, 500]);
    const set = loadConfig({
      ALERT_TEXT_MAX_CHARS: '200',
      ALERT_TRANSLATIONS_MAX: '3',
      ALERT_INFORMED_ENTITIES_MAX: '4',
    });
    expect([set.ALERT_TEXT_MAX_CHARS, set.ALERT_TRANSLATIONS_MAX, set.ALERT_INFORMED_ENTITIES_MAX]).toEqual([
      200, 3, 4,
    ]);
    expect(() => loadConfig({ ALERT_TRANSLATIONS_MAX: '0' })).toThrow(/ALERT_TRANSLATIONS_MAX/);
  });
});
