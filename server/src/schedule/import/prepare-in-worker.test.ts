import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importHeapMb } from './import-schedule.ts';
import { readInWorker } from './prepare-in-worker.ts';

const metroNorth = fileURLToPath(
  new URL('../../../../../shared/data/gtfs/metro-north-railroad-2026-08.zip', import.meta.url),
);

describe('the upload thread', () => {
  it('gets three times UNZIPPED_MAX_MB of heap unless IMPORT_HEAP_MB says otherwise', () => {
    expect(importHeapMb({ UNZIPPED_MAX_MB: 512 })).toBe(1536);
    expect(importHeapMb({ UNZIPPED_MAX_MB: 100 })).toBe(1024);
    expect(importHeapMb({ UNZIPPED_MAX_MB: 512, IMPORT_HEAP_MB: 3000 })).toBe(3000);
  });

  it.skipIf(!existsSync(metroNorth))(
    'says a schedule too large for its heap is refused, and how to allow it',
    async () => {
      const bytes = readFileSync(metroNorth);
      const reading = (async () => {
        const upload = await readInWorker(
          {
            bytes,
            fileName: 'mnr.zip',
            now: new Date(),
            maxUnzippedBytes: 512 * 1024 * 1024,
            blockOnWarnings: false,
          },
          undefined,
          24,
        );
        try {
          upload.skipLoad();
          await upload.prepared;
        } finally {
          await upload.close();
        }
      })();
      await expect(reading).rejects.toThrow(
        /^The schedule is too large to read in the 24 MB the server gives an upload; nothing was changed\. An administrator can raise IMPORT_HEAP_MB/,
      );
    },
  );
});
