import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp, type GatewayApp, sameCall, samePath } from '../support/gateway-app.ts';

type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { description: string; content?: object }> }>
  >;
};

/**
 * The REST paths of docs/rest-api.md, written out here: the document must describe each one. The
 * registered routes are checked as well (below), so a new route is caught even before it is listed.
 */
const CONTRACT = [
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /docs/openapi.json',
  'GET /auth/csrf',
  'POST /auth/login',
  'GET /auth/sign_in_options',
  'GET /auth/oidc/login',
  'GET /auth/oidc/callback',
  'GET /auth/logout',
  'POST /auth/logout',
  'GET /auth/list_users',
  'POST /auth/add_user',
  'PUT /auth/modify_user',
  'DELETE /auth/delete_user/{username}',
  'GET /db/get_agency',
  'GET /db/get_routes',
  'GET /db/get_services',
  'GET /db/get_stops',
  'GET /db/get_stop_details',
  'GET /db/trips_to_routes',
  'GET /db/get_trips',
  'GET /db/get_stop_times_trip',
  'GET /feed/updates',
  'GET /feed/alerts',
  'GET /feed/positions',
  'POST /feed/trip_update',
  'POST /feed/service_alert',
  'DELETE /feed/updates/delete_feed_entity',
  'DELETE /feed/alerts/delete_feed_entity',
  'GET /feed/consistency',
  'GET /feed/pending',
  'POST /feed/pending/{id}/approve',
  'POST /feed/pending/{id}/reject',
  'POST /feed/pending/{id}/withdraw',
  'POST /feed/disruptions',
  'GET /feed/disruptions',
  'DELETE /feed/disruptions/{id}',
  'POST /gtfs/upload_gtfs',
  'GET /gtfs/time_since_last_schedule',
  'GET /static/shared/gtfs.xlsx',
  'GET /static/shared/gtfs.zip',
  'GET /static/shared/result/report.html',
  'GET /static/shared/result/report.json',
  'GET /excel/list_excel',
  'POST /excel/make_excel',
  'GET /excel/{name}',
  'DELETE /excel/{name}',
  'OPTIONS /feed/{feed}',
  'POST /feed/vehicle_position',
  'POST /feed/vehicle_positions',
  'POST /feed/trip_updates',
  'GET /feed/formations/{tripId}',
  'PUT /feed/formations/{tripId}',
  'DELETE /feed/formations/{tripId}',
  'POST /auth/tokens',
  'GET /auth/tokens',
  'DELETE /auth/tokens/{id}',
  'POST /webhooks',
  'GET /webhooks',
  'DELETE /webhooks/{id}',
  'GET /webhooks/{id}/deliveries',
  'GET /gtfs/versions',
  'GET /gtfs/versions/{a}/diff/{b}',
  'POST /gtfs/versions/{id}/rollback',
  'GET /settings',
  'PUT /settings',
  'GET /settings/causes',
  'PUT /settings/causes',
  'GET /audit/entries',
  'GET /audit/export',
  'GET /status',
  'GET /status.json',
  'GET /alerts.atom',
  'GET /siri/situation-exchange',
  'GET /siri/estimated-timetable',
  'GET /siri/vehicle-monitoring',
  'OPTIONS /siri/situation-exchange',
  'OPTIONS /siri/estimated-timetable',
  'OPTIONS /siri/vehicle-monitoring',
  'POST /subscriptions',
  'GET /subscriptions/confirm',
  'GET /subscriptions/unsubscribe',
];

/** The document's operation for a call: its own path first, else a path template it matches. */
function operation(doc: OpenApi, call: string) {
  const [method, path] = call.split(' ') as [string, string];
  const templates = Object.keys(doc.paths).filter((p) => samePath(path, p));
  templates.sort((a, b) => Number(b === path) - Number(a === path));
  for (const template of templates) {
    const found = doc.paths[template]![method.toLowerCase()];
    if (found) return found;
  }
  return undefined;
}

describe('the OpenAPI document (docs/rest-api.md "Operations")', () => {
  let gateway: GatewayApp;
  let app: FastifyInstance;
  let doc: OpenApi;

  beforeAll(async () => {
    gateway = await buildGatewayApp();
    app = gateway.app;
    const res = await app.inject('/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => gateway?.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes every route the gateway registers, each with its answers', () => {
    // Hidden: the Swagger UI page and its assets (@fastify/swagger-ui), the documentation itself.
    const api = gateway.routes.filter((r) => !r.hidden).map((r) => r.call);
    expect(api.length).toBeGreaterThanOrEqual(35);
    expect(api.filter((call) => !operation(doc, call))).toEqual([]);
    // Without a response schema @fastify/swagger writes a bare "Default Response" with no content.
    // A CORS preflight answers 204, no content; single sign-on's start and callback redirect (302);
    // a subscription request is accepted (202) with a sentence, its mail queued.
    const undescribed = api.filter((call) => {
      const responses = operation(doc, call)?.responses ?? {};
      return (
        !responses['200']?.content && !responses['202']?.content && !responses['204'] && !responses['302']
      );
    });
    expect(undescribed).toEqual([]);
  });

  it('lists 409 for the routes whose acts can conflict with another one', () => {
    // Lifting twice (conflict), a rollback to the current version, one pruned or during a load,
    // a diff of a pruned version; editors' revisions conflict over tRPC only.
    const conflicts = [
      'DELETE /feed/disruptions/{id}',
      'POST /gtfs/versions/{id}/rollback',
      'GET /gtfs/versions/{a}/diff/{b}',
      'POST /auth/add_user',
      'PUT /auth/modify_user',
      'PUT /settings',
      'POST /auth/tokens',
    ];
    expect(conflicts.filter((call) => !operation(doc, call)?.responses['409'])).toEqual([]);
  });

  it('describes every path of the contract', () => {
    expect(CONTRACT.filter((call) => !operation(doc, call))).toEqual([]);
  });

  it('describes protobuf and multipart bodies with their content types, and errors with their shape', () => {
    const save = doc.paths['/feed/trip_update']!.post as unknown as {
      requestBody: { content: Record<string, { schema: { format?: string } }> };
      responses: Record<string, { content: Record<string, { schema: { properties: object } }> }>;
    };
    expect(save.requestBody.content['application/x-protobuf']!.schema.format).toBe('binary');
    expect(Object.keys(save.responses['422']!.content['application/json']!.schema.properties)).toEqual([
      'code',
      'error',
      'description',
      'details',
    ]);
    const upload = doc.paths['/gtfs/upload_gtfs']!.post as unknown as { requestBody: { content: object } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    const feed = doc.paths['/feed/{feed}']!.get as unknown as {
      responses: Record<string, { content: object }>;
    };
    expect(Object.keys(feed.responses['200']!.content)).toEqual([
      'application/x-protobuf',
      'application/json',
    ]);
  });

  it('agrees with docs/rest-api.md: each path of its tables is in the document, and each operation in its tables', () => {
    const markdown = readFileSync(new URL('../../docs/rest-api.md', import.meta.url), 'utf8');
    const documented: string[] = [];
    for (const line of markdown.split('\n')) {
      const cell = /^\| *(`[^|]*`) *\|/.exec(line)?.[1];
      if (!cell) continue;
      let method = '';
      for (const [, item] of cell.matchAll(/`([^`]+)`/g)) {
        // `GET /a`, or a bare `/b` after it in the same cell (same method); `{updates or alerts}` is a parameter.
        const [, verb, path] = /^(?:(GET|POST|PUT|DELETE|PATCH|OPTIONS) )?(\/.*)$/.exec(item!) ?? [];
        if (!path) continue;
        method = verb ?? method;
        documented.push(`${method} ${path.replace(/\{[^}]*\}/g, '{x}')}`);
      }
    }
    expect(documented.filter((call) => !operation(doc, call))).toEqual([]);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const inTables = (call: string) => documented.some((d) => sameCall(d, call));
    expect(operations.filter((call) => !inTables(call))).toEqual([]);
  });

  it('serves /docs as a page of its own assets: no address outside the product, the app’s CSP kept', async () => {
    const page = await app.inject('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset.startsWith('/docs/static/')).toBe(true);
      expect((await app.inject(asset)).statusCode, asset).toBe(200);
    }
    const initializer = await app.inject('/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('validatorUrl: null');
    expect(initializer.body).toContain("url: resolveUrl('./json')");
    expect((await app.inject('/docs/json')).json()).toEqual(doc);
  });
});
