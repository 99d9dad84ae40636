import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from '../support/first-load.ts';

/** docs/quality.md: the built web app's first load stays under 300 KB of JavaScript, gzip. */
const LIMIT_BYTES = 300 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const built = existsSync(join(dist, 'index.html'));
// `npm test` builds the web app first (scripts/run.mjs); CI never skips this check.
if (!built && process.env.CI) throw new Error('No built web app in web/dist: build it before the tests.');

describe.skipIf(!built)('first load of the built web app', () => {
  it('fetches less than 300 KB of JavaScript (gzip) before the first screen', () => {
    const load = measureFirstLoad(dist);
    const report = load.files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    expect(load.gzipBytes, report).toBeLessThan(LIMIT_BYTES);
    // It measures what it should: the entry (React, the router, tRPC) is there and no lazy screen is.
    expect(load.gzipBytes).toBeGreaterThan(50 * 1024);
    expect(load.files.map((f) => f.file)).toContain(
      `assets/${readdirSync(join(dist, 'assets')).find((f) => /^index-.*\.js$/.test(f))}`,
    );
    expect(load.files.some((f) => /\/(dashboard|home|list-excel)-/.test(f.file))).toBe(false);
  });
});
