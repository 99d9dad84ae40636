import type { Db } from '@feeddesk/drizzle';
import { describe, expect, it } from 'vitest';
import { versionLookups } from './version-lookups.ts';

describe('versionLookups', () => {
  const db = {} as Db;
  const rows = new Map([
    ['a', 1],
    ['b', 2],
  ]);
  const reader = () => {
    const asked: string[][] = [];
    const read = async (ids: string[]) => {
      asked.push(ids);
      return new Map(ids.filter((id) => rows.has(id)).map((id) => [id, rows.get(id)!]));
    };
    return { asked, read };
  };

  it('reads only ids not looked up before, found or not', async () => {
    const { asked, read } = reader();
    const lookups = versionLookups(db, 7);
    expect(await lookups.lookUp('trip', ['a', 'x', 'a'], read)).toEqual(new Map([['a', 1]]));
    expect(await lookups.lookUp('trip', ['a', 'b', 'x'], read)).toEqual(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    expect(await lookups.lookUp('trip', ['x', 'b'], read)).toEqual(new Map([['b', 2]]));
    expect(asked).toEqual([['a', 'x'], ['b']]);
  });

  it('keeps kinds apart and forgets a version when another is asked', async () => {
    const { asked, read } = reader();
    await versionLookups(db, 8).lookUp('trip', ['a'], read);
    await versionLookups(db, 8).lookUp('route', ['a'], read);
    await versionLookups(db, 8).lookUp('trip', ['a'], read);
    await versionLookups(db, 9).lookUp('trip', ['a'], read);
    expect(asked).toEqual([['a'], ['a'], ['a']]);
    expect(versionLookups(db, 9)).toBe(versionLookups(db, 9));
  });
});
