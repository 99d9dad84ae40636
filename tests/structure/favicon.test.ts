import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The web app names its icon, and the icon is there (vite copies web/public/ into the build). */
const web = resolve(dirname(fileURLToPath(import.meta.url)), '../../web');

describe('favicon', () => {
  it('is linked from index.html and shipped from web/public', () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const href = /<link rel="icon"[^>]* href="\/([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('favicon.svg');
    const file = join(web, 'public', href!);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
