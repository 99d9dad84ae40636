import { feedEntities } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeps, openTestDatabase, type TestDatabase } from '../schedule/test-support/test-databases.ts';
import { readFeedContent } from './feed-snapshot.ts';

const AT = new Date('2026-11-23T06:00:00Z');

describe('readFeedContent', () => {
  let testDb: TestDatabase;
  const deps = () => makeDeps(testDb.database, { now: AT });
  const entity = (id: string, text: string, draft = false) => ({
    kind: 'trip_update',
    id,
    pb: Buffer.from(text),
    json: { id, text },
    updatedAt: AT,
    createdAt: AT,
    draft,
  });
  const update = (id: string, text: string) =>
    deps()
      .db.update(feedEntities)
      .set({ pb: Buffer.from(text), json: { id, text } })
      .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.id, id)));

  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(() => testDb.close());

  it('re-reads only the entities whose row changed, and gives what a whole read gives', async () => {
    await deps()
      .db.insert(feedEntities)
      .values([
        entity('a', 'first a'),
        entity('b', 'first b'),
        entity('c', 'first c'),
        entity('d', 'draft', true),
      ]);
    const first = await readFeedContent(deps(), 'trip_update');
    expect(first.rows).toEqual([
      { id: 'a', text: 'first a' },
      { id: 'b', text: 'first b' },
      { id: 'c', text: 'first c' },
    ]);

    // The same text written again is still a new row version: it is fetched again.
    await update('b', 'second b');
    await update('c', 'first c');
    await deps().db.delete(feedEntities).where(eq(feedEntities.id, 'a'));
    await deps().db.insert(feedEntities).values(entity('e', 'first e'));
    const next = await readFeedContent(deps(), 'trip_update', first);
    const whole = await readFeedContent(deps(), 'trip_update');

    expect(next.body.equals(whole.body)).toBe(true);
    expect(next.hash).toBe(whole.hash);
    expect(next.rows).toEqual(whole.rows);
    expect([...next.entities.keys()]).toEqual(['b', 'c', 'e']);
    expect(next.rows).toEqual([
      { id: 'b', text: 'second b' },
      { id: 'c', text: 'first c' },
      { id: 'e', text: 'first e' },
    ]);
    // Unchanged since: the very bytes read before, not fetched again.
    const again = await readFeedContent(deps(), 'trip_update', next);
    for (const id of ['b', 'c', 'e'])
      expect(again.entities.get(id)!.field).toBe(next.entities.get(id)!.field);
    expect(next.entities.get('c')!.field).not.toBe(first.entities.get('c')!.field);
  });

  it('reads the bytes of many changed entities in statements of 500, in order, leaving out one deleted meanwhile', async () => {
    await deps().db.delete(feedEntities);
    const ids = Array.from({ length: 1_300 }, (_, i) => `m${String(i).padStart(4, '0')}`);
    await deps()
      .db.insert(feedEntities)
      .values(ids.map((id) => entity(id, `first ${id}`)));
    const first = await readFeedContent(deps(), 'trip_update');
    expect([...first.entities.keys()]).toEqual(ids);
    expect(first.rows).toEqual(ids.map((id) => ({ id, text: `first ${id}` })));

    // 1 100 changed: 500 come with the first statement, the rest in two more; one of those is
    // deleted between the first statement and its own.
    for (const id of ids.slice(100, 1_200)) await update(id, `second ${id}`);
    const gone = ids[1_150]!;
    const real = deps();
    let statements = 0;
    const db = new Proxy(real.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          if (++statements === 2) await target.delete(feedEntities).where(eq(feedEntities.id, gone));
          return target.execute(query);
        };
      },
    });
    const next = await readFeedContent({ ...real, db }, 'trip_update', first);
    expect(statements).toBe(1 + 2);
    const whole = await readFeedContent(deps(), 'trip_update');
    expect([...next.entities.keys()]).toEqual(ids.filter((id) => id !== gone));
    expect(next.body.equals(whole.body)).toBe(true);
    expect(next.hash).toBe(whole.hash);
    expect(next.rows).toEqual(whole.rows);
    expect(next.rows[150]).toEqual({ id: ids[150], text: `second ${ids[150]}` });
    expect(next.rows[1_250]).toEqual({ id: ids[1_251], text: `first ${ids[1_251]}` });
  });
});
