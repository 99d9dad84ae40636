import type { Db } from '@feeddesk/drizzle';

/** Ids remembered per kind of row before that kind is forgotten and read again as asked. */
const MAX_IDS = 50_000;

/**
 * Rows of one schedule version by id, as the feed rules ask for them on every save (the trip and
 * its stop times, the stations, the calendar of its service). A loaded version never changes (an
 * upload makes a new one), so what was read once, found or not, stays the answer while the version
 * is current: a save then reads the schedule from memory instead of five queries on the event loop
 * that also serves the feed.
 */
export class VersionLookups {
  readonly #kinds = new Map<string, Map<string, unknown>>();

  constructor(readonly versionId: number) {}

  /** The rows of `ids` that exist; `read` is asked only for the ids not looked up before. */
  async lookUp<T>(
    kind: string,
    ids: readonly string[],
    read: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<Map<string, T>> {
    let known = this.#kinds.get(kind) as Map<string, T | null> | undefined;
    if (!known) {
      known = new Map();
      this.#kinds.set(kind, known);
    }
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const row = known.get(id);
      if (row === undefined) missing.push(id);
      else if (row !== null) found.set(id, row);
    }
    if (missing.length === 0) return found;
    const fetched = await read(missing);
    if (known.size + missing.length > MAX_IDS) known.clear();
    for (const id of missing) {
      const row = fetched.get(id);
      known.set(id, row ?? null);
      if (row !== undefined) found.set(id, row);
    }
    return found;
  }
}

const current = new WeakMap<Db, VersionLookups>();

/** The lookups of a version on a database handle; asking for another version forgets the last. */
export function versionLookups(db: Db, versionId: number): VersionLookups {
  let lookups = current.get(db);
  if (lookups?.versionId !== versionId) {
    lookups = new VersionLookups(versionId);
    current.set(db, lookups);
  }
  return lookups;
}
