import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstLoad = { files: { file: string; gzipBytes: number }[]; gzipBytes: number };

/**
 * The JavaScript a browser must fetch before the app first shows: index.html's module scripts
 * and module preloads, and everything they import statically (dynamic `import()`s, the lazy
 * routes, are left out), each gzipped (level 9) as a server would send it.
 */
export function measureFirstLoad(dist: string): FirstLoad {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => posix.normalize(m[1]!.replace(/^\//, '')));
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(dist, file), 'utf8');
    // `import{a}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const m of source.matchAll(/\bimport\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g))
      queue.push(posix.normalize(posix.join(dirname(file), m[1]!)));
  }
  const files = [...seen].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  return { files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}
