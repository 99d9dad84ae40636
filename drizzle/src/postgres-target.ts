import postgres from 'postgres';

/** Where postgres.js connects for a URL: the URL itself, and the Unix socket when it names one. */
export type PostgresTarget = { url: string; path?: string };

/**
 * postgres.js takes a Unix socket only as its `path` option; libpq's URL form names the socket's
 * folder as `?host=/folder` (`postgres://user@localhost:5432/db?host=/var/run/postgresql`). This
 * maps that form onto `path`, so DATABASE_URL and the embedded server's URL can name a socket.
 */
export function postgresTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  const folder = parsed.searchParams.get('host');
  if (!folder?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), path: `${folder}/.s.PGSQL.${parsed.port || 5432}` };
}

/** postgres.js connected to `url`, the `?host=/folder` socket form included. */
export function connectPostgres(
  url: string,
  options: postgres.Options<Record<string, never>> = {},
): postgres.Sql {
  const target = postgresTarget(url);
  return postgres(target.url, { ...options, ...(target.path ? { path: target.path } : {}) });
}
