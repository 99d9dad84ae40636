/** Where the team's real test data lives (`<repo root>/../shared/data`), for tests that skip without it. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** server/src/gtfs → repo root is four levels up; the data sits beside the repo. */
export const SHARED_DATA_DIR = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

export function hasSharedData(relative = ''): boolean {
  const present = existsSync(SHARED_DATA_DIR + relative);
  if (!present)
    console.warn(`shared data ${SHARED_DATA_DIR}${relative} is absent: real-data tests are skipped`);
  return present;
}
