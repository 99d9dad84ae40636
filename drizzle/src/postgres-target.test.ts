import { describe, expect, it } from 'vitest';
import { postgresTarget } from './postgres-target.ts';

describe('postgresTarget', () => {
  it('leaves a TCP URL as it is', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(postgresTarget(url)).toEqual({ url });
  });

  it("maps libpq's ?host=/folder onto the socket path postgres.js takes", () => {
    expect(postgresTarget('postgres://u:p%40ss@localhost:6543/db?host=%2Fdata%2Fpostgres')).toEqual({
      url: 'postgres://u:p%40ss@localhost:6543/db',
      path: '/data/postgres/.s.PGSQL.6543',
    });
    expect(postgresTarget('postgresql://u@localhost/db?host=/run/postgresql&sslmode=disable')).toEqual({
      url: 'postgresql://u@localhost/db?sslmode=disable',
      path: '/run/postgresql/.s.PGSQL.5432',
    });
  });
});
