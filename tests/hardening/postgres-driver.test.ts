import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';

/**
 * The postgres.js driver on a connection whose server process went away (the database killed or
 * restarted under the product), as patches/postgres@3.4.9.patch fixes it (docs/operations.md
 * "Faults the product survives"). Unpatched, the next query on a reserved connection threw
 * `TypeError: Cannot read properties of null (reading 'write')` from a timer, which ended the process
 * (porsager/postgres#1154, #1208); a closed connection handed back to the pool was lost to it for
 * good; a COPY whose connection closed after its end never finished (porsager/postgres#1183).
 */

let db: TestDatabase;
let killer: postgres.Sql;
beforeAll(async () => {
  db = await openTestDatabase();
  killer = postgres(db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await killer?.end();
  await db?.drop();
});

/** Ends the server process behind `sql`'s connection, and waits until the driver saw it close. */
async function cutBackend(pid: number): Promise<void> {
  await killer`select pg_terminate_backend(${pid})`;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Settles within `ms`, or says it hung. */
function within<T>(work: Promise<T>, ms = 3_000): Promise<T | 'hung'> {
  return Promise.race([work, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms))]);
}

const outcome = (query: Promise<unknown>) =>
  within(
    query.then(
      () => 'ok',
      (error: { code?: string }) => `rejected ${error.code}`,
    ),
  );

describe('postgres.js when the server process of a connection went away', () => {
  it('rejects a query on a reserved connection at once, and the pool keeps every connection', async () => {
    const sql = postgres(db.url, { max: 2, onnotice: () => {} });
    try {
      const held = await sql.reserve();
      const [{ pid }] = await held<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await cutBackend(pid);
      // Short (one small write, from setImmediate) and long (written at once, with a parameter).
      expect(await outcome(held`select 1`)).toBe('rejected CONNECTION_CLOSED');
      expect(await outcome(held`select ${'x'.repeat(2_000)}::text`)).toBe('rejected CONNECTION_CLOSED');
      held.release();
      // Both connections serve again, the dead one connected anew.
      for (let round = 0; round < 3; round++) {
        const answers = await within(
          Promise.all([1, 2, 3, 4].map((n) => sql<{ n: number }[]>`select ${n}::int as n, pg_sleep(0.05)`)),
        );
        expect(answers === 'hung' ? answers : answers.map(([row]) => row!.n)).toEqual([1, 2, 3, 4]);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('fails a transaction whose connection closed, and the pool connects again', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const transaction = sql.begin(async (tx) => {
        const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await cutBackend(pid);
        await tx`select ${'after'}::text`;
      });
      expect(await outcome(transaction)).toMatch(/^rejected /);
      expect(await outcome(sql`select ${1}::int`)).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('hands a reservation queued behind a connection that closed a new connection, not a hang', async () => {
    // The load lock and the check of interrupted loads reserve a connection of the pool; queued
    // while the database restarted, the reservation was handed to the reconnect and dropped there,
    // with its connection (porsager/postgres#1195): the next load waited for ever.
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const busy = sql`select pg_sleep(5)`.catch(() => 'closed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const queued = sql.reserve();
      await cutBackend(pid);
      const reserved = await within(queued);
      expect(reserved === 'hung' ? 'hung' : 'reserved').toBe('reserved');
      if (reserved !== 'hung') {
        expect(await outcome(reserved`select 1`)).toBe('ok');
        reserved.release();
      }
      await busy;
      expect(await outcome(sql`select 1`)).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('hands a reservation queued behind a reserved connection that closed a new connection', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const held = await sql.reserve();
      const [{ pid }] = await held<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const queued = sql.reserve();
      await cutBackend(pid);
      // Rejected, or answered by the new session (both are the driver's to choose); never hung.
      expect(await outcome(held`select 1`)).not.toBe('hung');
      held.release();
      const reserved = await within(queued);
      expect(reserved === 'hung' ? 'hung' : 'reserved').toBe('reserved');
      if (reserved !== 'hung') {
        expect(await outcome(reserved`select 1`)).toBe('ok');
        reserved.release();
      }
      expect(await outcome(sql`select 1`)).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('ends a COPY whose connection closed under it with an error, not a hang', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      await sql`create table copied_rows (n int)`;
      const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const writable = await sql`copy copied_rows (n) from stdin`.writable();
      async function* rows() {
        for (let n = 0; n < 200; n++) {
          yield `${n}\n`;
          if (n === 50) await cutBackend(pid);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(await outcome(pipeline(Readable.from(rows()), writable))).toMatch(/^rejected /);
      expect(await outcome(sql`select 1`)).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('ends a COPY whose connection closed after all its rows were sent with an error, not a hang', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      // The server takes a second over the last row: the driver has sent CopyDone and waits.
      await sql`create function slow_last(n int) returns boolean language sql
        as 'select pg_sleep(case when n = 99 then 1 else 0 end) is not null'`;
      await sql`create table slow_rows (n int check (slow_last(n)))`;
      const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      const writable = await sql`copy slow_rows (n) from stdin`.writable();
      const rows = Array.from({ length: 100 }, (_, n) => `${n}\n`);
      const copying = pipeline(Readable.from(rows), writable);
      setTimeout(() => void cutBackend(pid), 300);
      expect(await outcome(copying)).toMatch(/^rejected /);
      expect(await outcome(sql`select 1`)).toBe('ok');
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
