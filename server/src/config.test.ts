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

describe('the settings and the README', () => {
  // A setting nobody can find is a setting nobody sets: each key of envSchema is a row of the
  // README's configuration table (CONTRIBUTING.md, "A setting").
  it('lists every setting of config.ts in the configuration table of README.md', () => {
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const settings = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\s*\./gm)].map((m) => m[1]!);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .flatMap((line) =>
          [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
        ),
    );
    expect(settings.length).toBeGreaterThan(20);
    expect(settings.filter((name) => !documented.has(name))).toEqual([]);
  });
});
