import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The feed invariants hold only if every write of the live feed is part of a feed act, whose
 * transaction checks them before it commits (docs/glossary.md "act", CONTRIBUTING.md "A
 * feed-wide invariant"). So the modules that write `feed_entities` (trip updates, alerts and
 * vehicle positions) are few and known: each is listed here with the way it keeps the invariants,
 * and a new one fails this test until it is listed, which is the moment to route it through
 * `inFeedTransaction` or to take the act its caller holds (`changes`).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const WRITERS: Record<string, string> = {
  // writeFeedEntities also writes what a formation saved or deleted changes in a train's live
  // position and trip update (server/src/formations/serve-formation.ts), in that act's changes.
  'server/src/feed/save-feed-entity.ts': 'its own act, or the one the caller holds (changes)',
  'server/src/feed/publish-alert.ts': 'inFeedTransaction',
  'server/src/feed/restore-feed-entity.ts': 'inFeedTransaction',
  'server/src/feed/delete-feed-entity-rows.ts':
    'the act its caller holds (changes; deleteFeedEntity opens one)',
  'server/src/feed/delete-trip-updates-not-in-schedule.ts': 'inFeedTransaction',
  'server/src/consistency/carry-alert-consequences.ts':
    'the act it is given (FeedTransaction), after its writes',
  'server/src/consistency/keep-replacement-connections.ts':
    'the act it is given (FeedTransaction), after its writes',
  // Not an act: time passing removes entities, and an error that leaves behind is a finding of
  // GET /feed/consistency (errors already in the feed never block an act), not a refusal.
  'server/src/feed/expire-feed-entities.ts': 'none: expiry',
};

/** Inserts, updates and deletes of the live feed's table, by drizzle or by SQL. */
const WRITE =
  /\.(insert|update|delete)\(\s*feedEntities\s*\)|\b(insert\s+into|update|delete\s+from)\s+"?feed_entities"?\b/i;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files among `files` that write the live feed's table. */
function feedWriters(files: { path: string; text: string }[]): string[] {
  return files.filter(({ text }) => WRITE.test(text)).map(({ path }) => path);
}

describe('the writers of the live feed', () => {
  const files = ['server/src', 'gateway/src'].flatMap(sources).map((path) => ({
    path: relative(root, join(root, path)),
    text: readFileSync(join(root, path), 'utf8'),
  }));

  it('are the known ones, each inside a feed act (expiry aside)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(feedWriters(files).sort()).toEqual(Object.keys(WRITERS).sort());
    for (const [path, how] of Object.entries(WRITERS)) {
      if (how.startsWith('none')) continue;
      const text = files.find((f) => f.path === path)?.text ?? '';
      expect(/\b(inFeedTransaction|FeedChanges|FeedTransaction)\b/.test(text), path).toBe(true);
    }
  });

  it('finds a write by drizzle or by SQL, and not a read', () => {
    const found = feedWriters([
      { path: 'a.ts', text: 'await tx.update(feedEntities).set({ draft: false });' },
      { path: 'b.ts', text: 'await tx.execute(sql`delete from feed_entities where expires_at < now()`);' },
      { path: 'c.ts', text: 'await db.select().from(feedEntities).where(servedRows("alert"));' },
      { path: 'd.ts', text: 'insert into feed_entities (kind, id) values ($1, $2)' },
    ]);
    expect(found).toEqual(['a.ts', 'b.ts', 'd.ts']);
  });
});
