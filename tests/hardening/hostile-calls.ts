import { readFileSync } from 'node:fs';
import { buildGatewayApp } from '../support/gateway-app.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { RawTrpcSocket } from '../support/trpc-ws.ts';
import {
  type Generator,
  gtfsZip,
  jsonBody,
  type PayloadClass,
  protobufBody,
  sample,
  urlValues,
} from './hostile-payloads.ts';

/**
 * Every REST route the gateway registers (Fastify's route table, with the schema each validates
 * with) and every procedure of the tRPC router (with its zod input), as calls a hostile principal
 * makes with a payload of each class. Nothing is listed by hand: a new route or procedure is called
 * by the harness the day it is registered.
 */
export type HostileCall = {
  name: string;
  /** Ends the caller's session (logout): made last. */
  endsSession: boolean;
  run(principal: Principal, cls: PayloadClass, attacks: Generator['attacks']): Promise<Answered>;
};

/** A call's status and the bytes it sent and was answered (a subscription's: 0). */
export type Answered = { status: number; sentBytes: number; answerBytes: number };

export type Principal = { name: string; client: HttpClient; token: boolean; cookie: string };
export const ROLES = ['view', 'edit', 'gtfs', 'excel', 'admin'] as const;

type RouteSchema = {
  params?: object;
  querystring?: object;
  body?: object;
  documentedBody?: Record<string, { description?: string; properties?: Record<string, object> }>;
};

const drain = async (res: Response, sentBytes: number): Promise<Answered> => {
  const answer = await res.arrayBuffer().catch(() => undefined);
  return { status: res.status, sentBytes, answerBytes: answer?.byteLength ?? 0 };
};

/** The bytes of a request's body and URL, as the answer's allowance is counted from them. */
const sizeOf = (url: string, body: RequestInit['body']): number => {
  if (body === undefined || body === null) return url.length;
  if (typeof body === 'string') return url.length + Buffer.byteLength(body);
  if (body instanceof URLSearchParams) return url.length + Buffer.byteLength(body.toString());
  if (body instanceof FormData)
    return (
      url.length + [...body.values()].reduce((n, v) => n + (typeof v === 'string' ? v.length : v.size), 0)
    );
  if (ArrayBuffer.isView(body)) return url.length + body.byteLength;
  return url.length;
};

function restCall(call: string, schema: RouteSchema | undefined): HostileCall {
  const [method, template] = call.split(' ') as [string, string];
  return {
    name: call,
    endsSession: template === '/auth/logout',
    async run({ client }, cls, attacks) {
      const params = urlValues(schema?.params as never, cls, attacks);
      // Path parameters as long as a path allows; a wildcard gets a name.
      const path = template
        .replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(params[name] ?? 'x').slice(0, 200)),
        )
        .replace('*', 'index.html');
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(urlValues(schema?.querystring as never, cls, attacks)))
        for (const item of [value].flat())
          query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      const init: RequestInit = { method };
      const documented = schema?.documentedBody ?? {};
      const types = Object.keys(documented);
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
        // no body
      } else if (types.includes('multipart/form-data')) {
        const form = new FormData();
        form.append('file', new Blob([gtfsZip(cls, attacks) as BlobPart]), 'hostile.zip');
        init.body = form;
      } else if (types.includes('application/x-protobuf')) {
        const description = documented['application/x-protobuf']?.description ?? '';
        init.body = protobufBody(template, description, cls, attacks) as BodyInit;
        init.headers = { 'content-type': 'application/x-protobuf' };
      } else if (schema?.body || types.includes('application/json')) {
        init.body = JSON.stringify(
          jsonBody((schema?.body ?? documented['application/json']) as never, cls, attacks),
        );
        init.headers = { 'content-type': 'application/json' };
      } else if (types.includes('application/x-www-form-urlencoded')) {
        const values = jsonBody(documented['application/x-www-form-urlencoded'] as never, cls, attacks);
        const form = new URLSearchParams();
        for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>))
          for (const item of [value].flat())
            form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
        init.body = form;
      }
      return drain(await client.fetch(url, init), sizeOf(url, init.body));
    },
  };
}

type Procedure = {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: { toJSONSchema(o: object): object }[] };
};

function trpcCall(path: string, procedure: Procedure, subscriptions: number): HostileCall {
  const [input] = procedure._def.inputs;
  const schema = input?.toJSONSchema({ io: 'input', unrepresentable: 'any' });
  const { type } = procedure._def;
  return {
    name: path,
    endsSession: path === 'auth.logout',
    async run({ client, token, cookie }, cls, attacks) {
      const value = schema ? jsonBody(schema as never, cls, attacks) : undefined;
      if (type !== 'subscription') {
        // Queries by POST too (the product allows it, as the editors send long alerts).
        const body = JSON.stringify(value ?? null);
        const res = await client.fetch(`/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return drain(res, sizeOf(path, body));
      }
      // Subscriptions over a websocket of their own: `many` opens as many as it may.
      const status = (code: number): Answered => ({ status: code, sentBytes: 0, answerBytes: 0 });
      if (token) return status(401);
      const socket = new RawTrpcSocket(client.baseUrl, { cookie });
      const refused = socket.refused.then((status) => status);
      const opened = await Promise.race([socket.opened.then(() => 0), refused]).catch(() => 499);
      if (opened !== 0) return status(opened);
      const count = cls === 'many' ? subscriptions : 1;
      // A socket the server closes (a quota of subscriptions) answers no more: a refusal, not a hang.
      const closed = socket.closed.then(() => 'closed' as const);
      const answers = await Promise.race([
        Promise.all(
          Array.from({ length: count }, () =>
            socket.call(
              'subscription',
              path,
              sample(schema as never, { cls: 'deep', stringLength: 8, arrayLength: 1, attacks }),
            ),
          ),
        ),
        closed,
      ]);
      if (answers === 'closed') return status(499);
      socket.close();
      const failed = answers.find((a) => !a.ok);
      return status(failed && !failed.ok ? failed.httpStatus : 200);
    },
  };
}

async function trpcCalls(subscriptions: number): Promise<HostileCall[]> {
  const { appRouter } = await import('@feeddesk/server/trpc/app-router');
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def
    .procedures;
  return Object.entries(procedures).map(([path, p]) => trpcCall(path, p, subscriptions));
}

/** Every call of the product, REST (Fastify's route table, in a test's own gateway) then tRPC. */
export async function hostileCalls(options: { subscriptions: number }): Promise<HostileCall[]> {
  const gateway = await buildGatewayApp();
  const routes = gateway.routes.filter((r) => !r.hidden);
  await gateway.close();
  return [
    ...routes.map((r) => restCall(r.call, r.schema as RouteSchema | undefined)),
    ...(await trpcCalls(options.subscriptions)),
  ];
}

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content?: Record<string, { schema?: { description?: string } }> };
};

/**
 * Every call of a running product, REST from the OpenAPI document it serves (every route but the
 * hidden assets of /docs, as tests/integration/openapi.test.ts checks) then tRPC: for a benchmark,
 * which has no test database to build a gateway of its own on.
 */
export async function hostileCallsFromApp(
  url: string,
  options: { subscriptions: number },
): Promise<HostileCall[]> {
  const doc = (await (await fetch(`${url}/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const rest: HostileCall[] = [];
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      const group = (place: string) => {
        const ps = (op.parameters ?? []).filter((p) => p.in === place);
        if (ps.length === 0) return undefined;
        return { type: 'object', properties: Object.fromEntries(ps.map((p) => [p.name, p.schema ?? {}])) };
      };
      const content = op.requestBody?.content ?? {};
      const documentedBody = Object.fromEntries(
        Object.entries(content).map(([type, c]) => [type, c.schema ?? {}]),
      );
      rest.push(
        restCall(`${method.toUpperCase()} ${path}`, {
          params: group('path'),
          querystring: group('query'),
          documentedBody: documentedBody as RouteSchema['documentedBody'],
        }),
      );
    }
  return [...rest, ...(await trpcCalls(options.subscriptions))];
}

/** A signed-in user of each role, and an API token with every role (REST only: tRPC refuses tokens). */
export async function hostilePrincipals(url: string, suffix = ''): Promise<Principal[]> {
  const admin = new HttpClient(url);
  await admin.login(ADMIN.username, ADMIN.password);
  const principals: Principal[] = [];
  for (const role of ROLES) {
    const username = `hostile-${role}${suffix}`;
    const password = 'a-long-password-1';
    const made = await admin.postForm('/auth/add_user', { username, password, roles: [role] });
    if (made.status !== 200) throw new Error(`add_user ${role}: ${made.status} ${await made.text()}`);
    const client = new HttpClient(url);
    await client.login(username, password);
    principals.push({ name: role, client, token: false, cookie: client.cookieHeader });
  }
  const res = await admin.fetch('/auth/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `hostile-token${suffix}`, roles: [...ROLES] }),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  principals.push({ name: 'token', client: new HttpClient(url, { bearer: token }), token: true, cookie: '' });
  return principals;
}

const CALL_TIMEOUT_MS = 60_000;

export type Outcome = {
  call: string;
  principal: string;
  cls: PayloadClass;
  status: number;
  /** The bytes it sent (body and URL) and was answered. */
  sentBytes: number;
  answerBytes: number;
  /** When it was sent (Date.now()) and how long its answer took. */
  at: number;
  ms: number;
};

/**
 * Each principal makes every call with every payload class, the principals at once; the calls that
 * end a session come last.
 */
export async function runHostileCalls(
  calls: HostileCall[],
  principals: Principal[],
  /** The classes each principal sends (by its index): all of them, or a share. */
  classes: PayloadClass[] | ((principal: number) => PayloadClass[]),
  attacks: Generator['attacks'],
  /** `skip` or keep `only` some calls of a class (a phase of their own). */
  filter: {
    skip?: (call: string, cls: PayloadClass) => boolean;
    only?: (call: string, cls: PayloadClass) => boolean;
  } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const ordered = [...calls.filter((c) => !c.endsSession), ...calls.filter((c) => c.endsSession)];
  await Promise.all(
    principals.map(async (principal, index) => {
      const mine = typeof classes === 'function' ? classes(index) : classes;
      for (const call of ordered) {
        for (const cls of mine) {
          if (filter.skip?.(call.name, cls) || (filter.only && !filter.only(call.name, cls))) continue;
          const at = Date.now();
          const started = performance.now();
          let answered: Answered;
          let name = call.name;
          let timer: NodeJS.Timeout | undefined;
          try {
            // A call that never answers is a finding, not a harness that hangs.
            answered = await Promise.race([
              call.run(principal, cls, attacks),
              new Promise<Answered>((_, reject) => {
                timer = setTimeout(
                  () => reject(new Error(`no answer in ${CALL_TIMEOUT_MS} ms`)),
                  CALL_TIMEOUT_MS,
                );
              }),
            ]);
          } catch (error) {
            answered = { status: 0, sentBytes: 0, answerBytes: 0 };
            name = `${call.name} (${String(error)})`;
          } finally {
            clearTimeout(timer);
          }
          outcomes.push({
            call: name,
            principal: principal.name,
            cls,
            ...answered,
            at,
            ms: performance.now() - started,
          });
        }
      }
    }),
  );
  return outcomes;
}

/** The resident memory of a process, in MB. */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/**
 * The calls in flight while a poll waited longer than `slowMs`, most often first: where the feed's
 * stalls came from. `trace` is the poller's (BENCH_POLL_TRACE): each poll's due time and latency.
 */
export function stallSuspects(
  outcomes: Outcome[],
  trace: { startedAt: number; trace: [number, number][] },
  slowMs: number,
): string[] {
  const counts = new Map<string, number>();
  for (const [due, latency] of trace.trace) {
    if (latency < slowMs) continue;
    const from = trace.startedAt + due;
    const to = from + latency;
    for (const o of outcomes)
      if (o.at < to && o.at + o.ms > from) {
        const key = `${o.call} (${o.cls})`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, n]) => `${k}: ${n}`);
}
