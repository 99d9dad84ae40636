import { createServer } from 'node:net';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { databaseUnreachableError, isDatabaseUnreachable } from './database-unreachable.ts';

/** The driver's real errors for a database that is not there, and errors that are not about it. */
describe('a database that cannot be reached', () => {
  it('is told apart by the errors of a refused connection, and wrapped ones', async () => {
    // A port nothing listens on: one just bound and let go.
    const port = await new Promise<number>((done) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => done(port));
      });
    });
    const sql = postgres(`postgres://x@127.0.0.1:${port}/x`, {
      max: 1,
      connect_timeout: 2,
      onnotice: () => {},
    });
    const refused = await sql`select 1`.catch((e: unknown) => e);
    await sql.end({ timeout: 0 });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(databaseUnreachableError(refused, 'POST')?.message).toBe(
      'The database cannot be reached; nothing was saved. Try again in a moment.',
    );
    expect(databaseUnreachableError(refused, 'POST')?.status).toBe(503);
  });

  it('is not a missing file, a query error or anything else', () => {
    const noFile = Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open' });
    expect(isDatabaseUnreachable(noFile)).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(databaseUnreachableError(new Error('boom'), 'POST')).toBeUndefined();
  });
});
