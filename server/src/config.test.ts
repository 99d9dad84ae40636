import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('security defaults (issue 11)', () => {
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
