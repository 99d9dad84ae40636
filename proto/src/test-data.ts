import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<repo root>/../shared/data`, where the team keeps real GTFS and GTFS-Realtime samples. */
export const sharedData = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
export const rtDir = join(sharedData, 'gtfs-rt');
export const hasRtData = existsSync(rtDir);
export const missingDataMessage = `GTFS-Realtime samples not found at ${rtDir}; skipping the sample tests`;

const textFormats = /\.(json|asciipb|md|txt)$/;

/** Every binary FeedMessage sample, relative to gtfs-rt/ (invalid/invalid.pb is left out on purpose). */
export function binarySamples(): string[] {
  if (!hasRtData) return [];
  return listFiles(rtDir)
    .filter((path) => !textFormats.test(path) && !path.endsWith(join('invalid', 'invalid.pb')))
    .map((path) => relative(rtDir, path))
    .sort();
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
