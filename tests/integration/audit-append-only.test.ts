import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

type Entry = { id: string; at: string; by: string | null; kind: string; action: string; entityId: string };

/**
 * The audit trail is append-only. deleteFromLog (REST and tRPC) takes the entity out
 * of its history but leaves every audit entry as it was, and adds one for itself; the database
 * refuses a change or removal of audit rows whoever sends it.
 */
describe('append-only audit trail', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  const trail = async (entity: string) => {
    const res = await admin.get(`/audit/entries?entity=${entity}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { entries: Entry[] }).entries;
  };
  const history = async (id: string) =>
    (await controller.trpc('query', 'feed.history', { kind: 'trip_update', id })).body.result
      .data as unknown[];
  const saveTwice = async (id: string) => {
    for (const delay of [60, 120]) {
      const res = await postEntity(controller, '/feed/trip_update', {
        id,
        tripUpdate: { trip: { tripId: id }, stopTimeUpdate: [{ stopSequence: 1, departure: { delay } }] },
      });
      expect(res.status).toBe(200);
    }
  };

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['edit'], 'controller');
  });
  afterAll(() => t?.close());

  it.each([
    ['REST DELETE …/delete_feed_entity', 'tu-rest'],
    ['tRPC feed.delete', 'tu-trpc'],
  ])(
    '%s with deleteFromLog erases the history, keeps the audit entries and records itself',
    async (how, id) => {
      await saveTwice(id);
      const before = await trail(id);
      expect(before.map((e) => `${e.by} ${e.action}`)).toEqual(['controller save', 'controller save']);
      expect(await history(id)).toHaveLength(2);

      if (how.startsWith('REST')) {
        const res = await controller.fetch('/feed/updates/delete_feed_entity', {
          method: 'DELETE',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ entity_id: id, deleteFromLog: true }),
        });
        expect(await res.json()).toEqual({ message: 'Successfully deleted.' });
      } else {
        const res = await controller.trpc('mutation', 'feed.delete', {
          kind: 'trip_update',
          id,
          deleteFromLog: true,
        });
        expect(res.status).toBe(200);
      }

      expect(await history(id)).toEqual([]);
      const after = await trail(id);
      expect(after.slice(1)).toEqual(before);
      expect(after[0]).toMatchObject({
        by: 'controller',
        kind: 'trip_update',
        action: 'delete_from_log',
        entityId: id,
        // No schedule is loaded: the trip is named by its id.
        summary: `Deleted trip update ${id} (trip ${id}) and erased its history (2 entries).`,
      });
    },
  );

  it('refuses, in the database, any UPDATE, DELETE or TRUNCATE of audit rows', async () => {
    await saveTwice('tu-sql');
    const sql = connectPostgres(t.db.url, { max: 1, onnotice: () => {} });
    try {
      const [{ n: audited }] = await sql`select count(*)::int as n from audit_log`;
      expect(audited).toBeGreaterThan(0);
      const refused = async (statement: string) => {
        const error = await sql.unsafe(statement).then(
          () => null,
          (e: { message: string }) => e.message,
        );
        return error ?? `${statement}: done`;
      };
      for (const statement of [
        'delete from audit_log',
        "update audit_log set summary = 'nothing happened'",
        'truncate audit_log',
        "delete from feed_log where entity_id = 'tu-sql'",
        "update feed_log set by = 'someone else' where entity_id = 'tu-sql'",
        "update feed_log set erased_at = now() where entity_id = 'tu-sql'",
        "update feed_log set json = null, erased_at = now(), trip_id = 'other' where entity_id = 'tu-sql'",
        'truncate feed_log',
      ]) {
        expect(await refused(statement)).toMatch(
          /^The audit trail is append-only: (UPDATE|DELETE|TRUNCATE) on/,
        );
      }
      const [{ n: still }] = await sql`select count(*)::int as n from audit_log`;
      expect(still).toBe(audited);
      expect((await trail('tu-sql')).map((e) => e.action)).toEqual(['save', 'save']);
    } finally {
      await sql.end();
    }
  });

  it('keeps the trail when a user who made entries is deleted', async () => {
    const leaver = await t.clientWithRoles(['edit'], 'leaver');
    const res = await postEntity(leaver, '/feed/trip_update', {
      id: 'tu-leaver',
      tripUpdate: {
        trip: { tripId: 'tu-leaver' },
        stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 60 } }],
      },
    });
    expect(res.status).toBe(200);
    expect((await admin.delete('/auth/delete_user/leaver')).status).toBe(200);
    expect((await trail('tu-leaver')).map((e) => `${e.by} ${e.action}`)).toEqual(['leaver save']);
  });
});
