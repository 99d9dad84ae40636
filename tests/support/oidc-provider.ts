import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package, its development login and consent pages:
 * any password signs in as the account typed) on a loopback port, for the single sign-on tests.
 * `accounts` holds each account's claims; an account not in it has no claims beyond `sub`.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Record<string, unknown>>;
  /** Registers the desk's callback (known once the desk listens) and starts answering. */
  register(redirectUri: string): void;
  close(): Promise<void>;
};

export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'feed-desk';
  const clientSecret = 'a-client-secret-for-the-tests-only';
  const accounts = new Map<string, Record<string, unknown>>();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: {
          openid: ['sub'],
          profile: ['preferred_username', 'name', 'roles', 'groups'],
          email: ['email'],
        },
        cookies: { keys: ['test-cookie-key-one', 'test-cookie-key-two'] },
        findAccount: (_ctx, id) => ({
          accountId: id,
          claims: () => ({ sub: id, ...accounts.get(id) }),
        }),
      });
      handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
