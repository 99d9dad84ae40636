import { disruptions } from '@feeddesk/drizzle';
import { createApiToken } from '@feeddesk/server/tokens/create-api-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp, sameCall } from '../support/gateway-app.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';
import { RawTrpcSocket } from '../support/trpc-ws.ts';
import { subsets, trySocket } from './helpers.ts';

/**
 * Every REST route, tRPC procedure and the socket, called by every role combination,
 * is allowed exactly for the roles of docs/rest-api.md. "Allowed" = anything but 401/403; every call
 * is made so that, when allowed, it changes nothing (bad input, unknown ids).
 */
type Role = 'view' | 'edit' | 'gtfs' | 'excel' | 'admin' | 'approve';
/** 'edit+gtfs': both roles, as acts on the schedule made through the disruption calls need. */
type Access = 'anyone' | 'login' | Role | 'gtfs|excel' | 'edit+gtfs' | 'edit|approve';
const ROLES: Role[] = ['view', 'edit', 'gtfs', 'excel', 'admin', 'approve'];

/** The contract's table, written out independently of the product's code. */
function allowedBy(roles: Role[] | null, access: Access): boolean {
  if (access === 'anyone') return true;
  if (roles === null) return false;
  if (access === 'login') return true;
  if (access === 'gtfs|excel') return roles.includes('gtfs') || roles.includes('excel');
  if (access === 'edit|approve') return roles.includes('edit') || roles.includes('approve');
  if (access === 'edit+gtfs') return roles.includes('edit') && roles.includes('gtfs');
  return roles.includes(access) || (access === 'view' && roles.includes('edit'));
}

type Call = { name: string; access: Access; call: (c: HttpClient) => Promise<number> };

const status = async (p: Promise<Response>) => {
  const res = await p;
  await res.arrayBuffer();
  return res.status;
};
const multipart = () => {
  const form = new FormData();
  form.append('note', 'no file here');
  return form;
};

/**
 * Planned works already lifted (written in beforeAll): lifting them again is refused 409 when the
 * caller may, 403 when not, so the table's call changes nothing either way.
 */
const LIFTED_PLANNED_WORKS = 'acl-planned-works-lifted';

const REST: Call[] = [
  // docs/rest-api.md "Operations": public, for load balancers, Prometheus (no METRICS_TOKEN here) and API clients.
  { name: 'GET /healthz', access: 'anyone', call: (c) => status(c.get('/healthz')) },
  { name: 'GET /readyz', access: 'anyone', call: (c) => status(c.get('/readyz')) },
  { name: 'GET /metrics', access: 'anyone', call: (c) => status(c.get('/metrics')) },
  { name: 'GET /docs/openapi.json', access: 'anyone', call: (c) => status(c.get('/docs/openapi.json')) },
  { name: 'GET /docs', access: 'anyone', call: (c) => status(c.get('/docs')) },
  { name: 'GET /auth/csrf', access: 'anyone', call: (c) => status(c.get('/auth/csrf')) },
  // docs/single-sign-on.md: public; without OIDC_* settings the start answers 404, a callback
  // without its sealed cookie redirects to the login page.
  {
    name: 'GET /auth/sign_in_options',
    access: 'anyone',
    call: (c) => status(c.get('/auth/sign_in_options')),
  },
  { name: 'GET /auth/oidc/login', access: 'anyone', call: (c) => status(c.get('/auth/oidc/login')) },
  { name: 'GET /auth/oidc/callback', access: 'anyone', call: (c) => status(c.get('/auth/oidc/callback')) },
  { name: 'GET /auth/list_users', access: 'admin', call: (c) => status(c.get('/auth/list_users')) },
  { name: 'POST /auth/add_user', access: 'admin', call: (c) => status(c.postForm('/auth/add_user', {})) },
  {
    name: 'PUT /auth/modify_user',
    access: 'admin',
    call: (c) => status(c.putForm('/auth/modify_user', { user_id: 'none' })),
  },
  {
    name: 'DELETE /auth/delete_user/{username}',
    access: 'admin',
    call: (c) => status(c.delete('/auth/delete_user/nobody-by-that-name')),
  },
  { name: 'GET /auth/tokens', access: 'admin', call: (c) => status(c.get('/auth/tokens')) },
  {
    // An empty name: refused 400 when allowed, so no token is made.
    name: 'POST /auth/tokens',
    access: 'admin',
    call: (c) =>
      status(
        c.fetch('/auth/tokens', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: '', roles: [] }),
        }),
      ),
  },
  {
    name: 'DELETE /auth/tokens/{id}',
    access: 'admin',
    call: (c) => status(c.delete('/auth/tokens/999999')),
  },
  { name: 'GET /webhooks', access: 'admin', call: (c) => status(c.get('/webhooks')) },
  {
    // No event: refused 400 when allowed, so no webhook is added.
    name: 'POST /webhooks',
    access: 'admin',
    call: (c) =>
      status(
        c.fetch('/webhooks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: [] }),
        }),
      ),
  },
  {
    name: 'DELETE /webhooks/{id}',
    access: 'admin',
    call: (c) => status(c.delete('/webhooks/00000000-0000-0000-0000-000000000000')),
  },
  {
    name: 'GET /webhooks/{id}/deliveries',
    access: 'admin',
    call: (c) => status(c.get('/webhooks/00000000-0000-0000-0000-000000000000/deliveries')),
  },
  { name: 'GET /settings', access: 'login', call: (c) => status(c.get('/settings')) },
  {
    // No language: refused 400 when allowed, so the settings stay as they are.
    name: 'PUT /settings',
    access: 'admin',
    call: (c) =>
      status(
        c.fetch('/settings', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ languages: [], defaultLanguage: 'en', urlLanguage: 'en' }),
        }),
      ),
  },
  { name: 'GET /settings/causes', access: 'login', call: (c) => status(c.get('/settings/causes')) },
  {
    // A code that is not one: refused 400 when allowed, so the catalogue stays as it is.
    name: 'PUT /settings/causes',
    access: 'admin',
    call: (c) =>
      status(
        c.fetch('/settings/causes', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            causes: [{ code: 'not a code', labels: { en: 'x' }, gtfsCause: 'WEATHER' }],
          }),
        }),
      ),
  },
  { name: 'GET /db/get_agency', access: 'login', call: (c) => status(c.get('/db/get_agency')) },
  { name: 'GET /db/get_routes', access: 'login', call: (c) => status(c.get('/db/get_routes')) },
  { name: 'GET /db/get_services', access: 'login', call: (c) => status(c.get('/db/get_services')) },
  { name: 'GET /db/get_stops', access: 'login', call: (c) => status(c.get('/db/get_stops?stopname=x')) },
  {
    name: 'GET /db/get_stop_details',
    access: 'login',
    call: (c) => status(c.get('/db/get_stop_details?stopname=x')),
  },
  { name: 'GET /db/trips_to_routes', access: 'login', call: (c) => status(c.get('/db/trips_to_routes')) },
  { name: 'GET /db/get_trips', access: 'login', call: (c) => status(c.get('/db/get_trips?service=WD')) },
  {
    name: 'GET /db/get_stop_times_trip',
    access: 'login',
    call: (c) => status(c.get('/db/get_stop_times_trip?tripid=nope')),
  },
  { name: 'GET /feed/updates', access: 'anyone', call: (c) => status(c.get('/feed/updates')) },
  { name: 'GET /feed/alerts', access: 'anyone', call: (c) => status(c.get('/feed/alerts?format=json')) },
  // docs/rest-api.md "Riders' pages": public, like the feeds they are made from.
  { name: 'GET /status', access: 'anyone', call: (c) => status(c.get('/status')) },
  { name: 'GET /status.json', access: 'anyone', call: (c) => status(c.get('/status.json')) },
  { name: 'GET /alerts.atom', access: 'anyone', call: (c) => status(c.get('/alerts.atom')) },
  // docs/rest-api.md "SIRI": public like the feeds they are made from.
  {
    name: 'GET /siri/situation-exchange',
    access: 'anyone',
    call: (c) => status(c.get('/siri/situation-exchange')),
  },
  {
    name: 'GET /siri/estimated-timetable',
    access: 'anyone',
    call: (c) => status(c.get('/siri/estimated-timetable?format=json')),
  },
  {
    name: 'GET /siri/vehicle-monitoring',
    access: 'anyone',
    call: (c) => status(c.get('/siri/vehicle-monitoring')),
  },
  {
    name: 'OPTIONS /siri/situation-exchange',
    access: 'anyone',
    call: (c) => status(c.fetch('/siri/situation-exchange', { method: 'OPTIONS' })),
  },
  {
    name: 'OPTIONS /siri/estimated-timetable',
    access: 'anyone',
    call: (c) => status(c.fetch('/siri/estimated-timetable', { method: 'OPTIONS' })),
  },
  {
    name: 'OPTIONS /siri/vehicle-monitoring',
    access: 'anyone',
    call: (c) => status(c.fetch('/siri/vehicle-monitoring', { method: 'OPTIONS' })),
  },
  // docs/rest-api.md "E-mail subscriptions": public; off here (no SMTP_URL), each answers 404 subscriptions_off.
  {
    name: 'POST /subscriptions',
    access: 'anyone',
    call: (c) => status(c.postForm('/subscriptions', { email: 'nobody@example.org' })),
  },
  {
    name: 'GET /subscriptions/confirm',
    access: 'anyone',
    call: (c) => status(c.get('/subscriptions/confirm?token=unknown')),
  },
  {
    name: 'GET /subscriptions/unsubscribe',
    access: 'anyone',
    call: (c) => status(c.get('/subscriptions/unsubscribe?token=unknown')),
  },
  { name: 'GET /feed/positions', access: 'anyone', call: (c) => status(c.get('/feed/positions')) },
  {
    name: 'OPTIONS /feed/{feed}',
    access: 'anyone',
    call: (c) => status(c.fetch('/feed/updates', { method: 'OPTIONS' })),
  },
  {
    name: 'POST /feed/vehicle_position',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/vehicle_position', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0xff]),
        }),
      ),
  },
  {
    name: 'POST /feed/vehicle_positions',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/vehicle_positions', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0xff]),
        }),
      ),
  },
  {
    name: 'GET /feed/formations/{tripId}',
    access: 'view',
    call: (c) => status(c.get('/feed/formations/no-such-trip?date=20250923')),
  },
  {
    name: 'PUT /feed/formations/{tripId}',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/formations/no-such-trip?date=20250923', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ carriages: [{ label: '1' }] }),
        }),
      ),
  },
  {
    name: 'DELETE /feed/formations/{tripId}',
    access: 'edit',
    call: (c) => status(c.fetch('/feed/formations/no-such-trip?date=20250923', { method: 'DELETE' })),
  },
  {
    name: 'POST /feed/trip_updates',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/trip_updates', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0xff]),
        }),
      ),
  },
  {
    name: 'POST /feed/trip_update',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/trip_update', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0xff]),
        }),
      ),
  },
  {
    name: 'POST /feed/service_alert',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/service_alert', {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0xff]),
        }),
      ),
  },
  {
    name: 'DELETE /feed/alerts/delete_feed_entity',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/alerts/delete_feed_entity', {
          method: 'DELETE',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ entity_id: 'no-such-entity' }),
        }),
      ),
  },
  { name: 'GET /feed/consistency', access: 'view', call: (c) => status(c.get('/feed/consistency')) },
  { name: 'GET /feed/disruptions', access: 'edit', call: (c) => status(c.get('/feed/disruptions')) },
  // Two-person approval: an unknown item is 404 when allowed, so nothing is decided.
  { name: 'GET /feed/pending', access: 'edit|approve', call: (c) => status(c.get('/feed/pending')) },
  {
    name: 'POST /feed/pending/{id}/approve',
    access: 'approve',
    call: (c) => status(c.fetch('/feed/pending/no-such-item/approve', { method: 'POST' })),
  },
  {
    name: 'POST /feed/pending/{id}/reject',
    access: 'approve',
    call: (c) =>
      status(
        c.fetch('/feed/pending/no-such-item/reject', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'not needed' }),
        }),
      ),
  },
  {
    name: 'POST /feed/pending/{id}/withdraw',
    access: 'edit|approve',
    call: (c) => status(c.fetch('/feed/pending/no-such-item/withdraw', { method: 'POST' })),
  },
  {
    // No schedule loaded: refused as 404 when allowed, so nothing changes.
    name: 'POST /feed/disruptions',
    access: 'edit',
    call: (c) =>
      status(
        c.fetch('/feed/disruptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: { type: 'cancel' }, dryRun: true }),
        }),
      ),
  },
  {
    name: 'DELETE /feed/disruptions/{id}',
    access: 'edit',
    call: (c) => status(c.fetch('/feed/disruptions/no-such-disruption', { method: 'DELETE' })),
  },
  {
    // Planned works are published in the schedule: no schedule is loaded, so 400 when allowed.
    name: 'POST /feed/disruptions',
    access: 'edit+gtfs',
    call: (c) =>
      status(
        c.fetch('/feed/disruptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: { type: 'cancel' }, publishAs: 'schedule', dryRun: true }),
        }),
      ),
  },
  {
    // Lifting planned works makes a schedule version: gtfs as well. Already lifted: 409 when allowed.
    name: 'DELETE /feed/disruptions/{id}',
    access: 'edit+gtfs',
    call: (c) => status(c.fetch(`/feed/disruptions/${LIFTED_PLANNED_WORKS}`, { method: 'DELETE' })),
  },
  {
    name: 'POST /gtfs/upload_gtfs',
    access: 'gtfs',
    call: (c) => status(c.fetch('/gtfs/upload_gtfs', { method: 'POST', body: multipart() })),
  },
  { name: 'GET /gtfs/versions', access: 'gtfs', call: (c) => status(c.get('/gtfs/versions')) },
  {
    name: 'GET /gtfs/versions/{a}/diff/{b}',
    access: 'gtfs',
    call: (c) => status(c.get('/gtfs/versions/999998/diff/999999')),
  },
  {
    // An unknown version: refused as 404 when allowed, so nothing is rolled back.
    name: 'POST /gtfs/versions/{id}/rollback',
    access: 'gtfs',
    call: (c) => status(c.fetch('/gtfs/versions/999999/rollback', { method: 'POST' })),
  },
  { name: 'GET /audit/entries', access: 'admin', call: (c) => status(c.get('/audit/entries?limit=1')) },
  { name: 'GET /audit/export', access: 'admin', call: (c) => status(c.get('/audit/export?kind=token')) },
  {
    name: 'GET /gtfs/time_since_last_schedule',
    access: 'anyone',
    call: (c) => status(c.get('/gtfs/time_since_last_schedule')),
  },
  {
    name: 'GET /static/shared/gtfs.xlsx',
    access: 'anyone',
    call: (c) => status(c.get('/static/shared/gtfs.xlsx')),
  },
  {
    name: 'GET /static/shared/gtfs.zip',
    access: 'anyone',
    call: (c) => status(c.get('/static/shared/gtfs.zip')),
  },
  {
    name: 'GET /static/shared/result/report.html',
    access: 'anyone',
    call: (c) => status(c.get('/static/shared/result/report.html')),
  },
  {
    name: 'GET /static/shared/result/report.json',
    access: 'anyone',
    call: (c) => status(c.get('/static/shared/result/report.json')),
  },
  { name: 'GET /excel/list_excel', access: 'excel', call: (c) => status(c.get('/excel/list_excel')) },
  {
    name: 'POST /excel/make_excel',
    access: 'excel',
    call: (c) => status(c.fetch('/excel/make_excel?from=not-a-date', { method: 'POST' })),
  },
  { name: 'GET /excel/{name}', access: 'excel', call: (c) => status(c.get('/excel/none.xlsx')) },
  { name: 'DELETE /excel/{name}', access: 'excel', call: (c) => status(c.delete('/excel/none.xlsx')) },
  {
    name: 'socket /ws',
    access: 'gtfs|excel',
    call: async (c) => ((await trySocket(c.baseUrl, c.cookieHeader)).ok ? 200 : 403),
  },
];

const q = (path: string, input?: unknown) => async (c: HttpClient) =>
  (await c.trpc('query', path, input)).status;
const m = (path: string, input?: unknown) => async (c: HttpClient) =>
  (await c.trpc('mutation', path, input)).status;

/** Every procedure of server/src/trpc/routers/*.ts. */
const TRPC: Call[] = [
  { name: 'auth.me', access: 'anyone', call: q('auth.me') },
  { name: 'auth.signInOptions', access: 'anyone', call: q('auth.signInOptions') },
  { name: 'auth.login', access: 'anyone', call: m('auth.login', { username: 1 }) },
  { name: 'users.list', access: 'admin', call: q('users.list') },
  { name: 'approvals.list', access: 'edit|approve', call: q('approvals.list') },
  { name: 'approvals.approve', access: 'approve', call: m('approvals.approve', { id: 'no-such-item' }) },
  {
    name: 'approvals.reject',
    access: 'approve',
    call: m('approvals.reject', { id: 'no-such-item', reason: 'not needed' }),
  },
  {
    name: 'approvals.withdraw',
    access: 'edit|approve',
    call: m('approvals.withdraw', { id: 'no-such-item' }),
  },
  { name: 'users.create', access: 'admin', call: m('users.create', {}) },
  { name: 'users.update', access: 'admin', call: m('users.update', {}) },
  { name: 'users.delete', access: 'admin', call: m('users.delete', { username: 'nobody-by-that-name' }) },
  {
    name: 'jobs.onMessage',
    access: 'login',
    call: async (c) => {
      const res = await c.get(
        `/trpc/jobs.onMessage?input=${encodeURIComponent(JSON.stringify({ jobId: 'no-such-job' }))}`,
      );
      const text = await res.text();
      // Over HTTP a subscription is a stream of server-sent events; a refusal is a serialized error.
      if (/UNAUTHORIZED|"httpStatus":401/.test(text)) return 401;
      if (/FORBIDDEN|"httpStatus":403/.test(text)) return 403;
      return res.status;
    },
  },
  // The role of the job kind asked about: an upload's needs gtfs (a summary's, excel).
  { name: 'jobs.running', access: 'gtfs', call: q('jobs.running', { kind: 'schedule_upload' }) },
  {
    name: 'feed.onChange',
    access: 'view',
    call: async (c) => {
      const res = await c.get('/trpc/feed.onChange');
      // An allowed subscription never ends: read until the refusal or its first item ("all").
      const reader = res.body!.getReader();
      let text = '';
      while (!/UNAUTHORIZED|FORBIDDEN|"httpStatus":40[13]|data: "all"/.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      await reader.cancel();
      if (/UNAUTHORIZED|"httpStatus":401/.test(text)) return 401;
      if (/FORBIDDEN|"httpStatus":403/.test(text)) return 403;
      return res.status;
    },
  },
  {
    name: 'schedule.onChange',
    access: 'login',
    call: async (c) => {
      const res = await c.get('/trpc/schedule.onChange');
      // Never ends when allowed: read until the refusal or its first item (the current version).
      const reader = res.body!.getReader();
      let text = '';
      while (!/UNAUTHORIZED|FORBIDDEN|"httpStatus":40[13]|"versionId"/.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      await reader.cancel();
      if (/UNAUTHORIZED|"httpStatus":401/.test(text)) return 401;
      if (/FORBIDDEN|"httpStatus":403/.test(text)) return 403;
      return res.status;
    },
  },
  { name: 'feed.list', access: 'view', call: q('feed.list', { kind: 'alert' }) },
  { name: 'trains.list', access: 'view', call: q('trains.list') },
  { name: 'trains.network', access: 'view', call: q('trains.network') },
  {
    name: 'trains.formation',
    access: 'view',
    call: q('trains.formation', { tripId: 'no-such-trip', date: '20250923' }),
  },
  {
    name: 'trains.saveFormation',
    access: 'edit',
    call: m('trains.saveFormation', {
      tripId: 'no-such-trip',
      date: '20250923',
      carriages: [{ label: '1' }],
    }),
  },
  {
    name: 'trains.deleteFormation',
    access: 'edit',
    call: m('trains.deleteFormation', { tripId: 'no-such-trip', date: '20250923' }),
  },
  { name: 'feed.get', access: 'view', call: q('feed.get', { kind: 'alert', id: 'no-such-entity' }) },
  { name: 'feed.saveTripUpdate', access: 'edit', call: m('feed.saveTripUpdate', { entity: {} }) },
  { name: 'feed.saveAlert', access: 'edit', call: m('feed.saveAlert', { entity: {} }) },
  { name: 'feed.lintAlert', access: 'edit', call: q('feed.lintAlert', { entity: { alert: {} } }) },
  { name: 'feed.alertTextLimits', access: 'login', call: q('feed.alertTextLimits') },
  { name: 'feed.publishAlert', access: 'edit', call: m('feed.publishAlert', { id: 'no-such-entity' }) },
  { name: 'feed.delete', access: 'edit', call: m('feed.delete', { kind: 'alert', id: 'no-such-entity' }) },
  { name: 'feed.restore', access: 'edit', call: m('feed.restore', { kind: 'alert', id: 'no-such-entity' }) },
  { name: 'feed.history', access: 'view', call: q('feed.history', { kind: 'alert', id: 'no-such-entity' }) },
  { name: 'consistency.list', access: 'view', call: q('consistency.list') },
  {
    name: 'consistency.preview',
    access: 'edit',
    call: q('consistency.preview', { kind: 'alert', entity: {} }),
  },
  { name: 'consistency.removeNotInSchedule', access: 'edit', call: m('consistency.removeNotInSchedule') },
  { name: 'disruptions.list', access: 'edit', call: q('disruptions.list') },
  {
    name: 'disruptions.applyDisruption',
    access: 'edit',
    call: m('disruptions.applyDisruption', { action: { type: 'cancel' }, dryRun: true }),
  },
  { name: 'disruptions.lift', access: 'edit', call: m('disruptions.lift', { id: 'no-such-disruption' }) },
  {
    name: 'disruptions.applyDisruption',
    access: 'edit+gtfs',
    call: m('disruptions.applyDisruption', {
      action: { type: 'cancel' },
      publishAs: 'schedule',
      dryRun: true,
    }),
  },
  {
    name: 'disruptions.lift',
    access: 'edit+gtfs',
    call: m('disruptions.lift', { id: LIFTED_PLANNED_WORKS }),
  },
  { name: 'alertTemplates.list', access: 'edit', call: q('alertTemplates.list') },
  { name: 'settings.get', access: 'login', call: q('settings.get') },
  { name: 'settings.scheduleLanguages', access: 'admin', call: q('settings.scheduleLanguages') },
  { name: 'settings.save', access: 'admin', call: m('settings.save', { languages: [] }) },
  {
    name: 'feed.tripCause',
    access: 'view',
    call: q('feed.tripCause', { tripId: 'no-such-trip', startDate: '20250923' }),
  },
  { name: 'settings.causes', access: 'login', call: q('settings.causes') },
  {
    name: 'settings.saveCauses',
    access: 'admin',
    call: m('settings.saveCauses', {
      causes: [{ code: 'not a code', labels: { en: 'x' }, gtfsCause: 'WEATHER' }],
    }),
  },
  { name: 'alertTemplates.save', access: 'admin', call: m('alertTemplates.save', {}) },
  {
    name: 'alertTemplates.delete',
    access: 'admin',
    call: m('alertTemplates.delete', { id: 'no-such-template' }),
  },
  {
    name: 'disruptions.tripAlert',
    access: 'edit',
    call: q('disruptions.tripAlert', {
      tripId: 'no-such-trip',
      startDate: '20250923',
      cancelled: false,
      skippedStopIds: [],
    }),
  },
  {
    name: 'disruptions.saveTripUpdateWithAlert',
    access: 'edit',
    // Refused as invalid (400) when allowed: no trip update is saved.
    call: m('disruptions.saveTripUpdateWithAlert', { entity: {}, alert: { end: true } }),
  },
  {
    name: 'disruptions.deleteTripUpdate',
    access: 'edit',
    call: m('disruptions.deleteTripUpdate', { id: 'no-such-entity', endAlert: true }),
  },
  { name: 'disruptions.alertLinks', access: 'view', call: q('disruptions.alertLinks', { alertId: 'x' }) },
  { name: 'schedule.info', access: 'login', call: q('schedule.info') },
  { name: 'schedule.routes', access: 'login', call: q('schedule.routes') },
  { name: 'schedule.directions', access: 'login', call: q('schedule.directions') },
  { name: 'schedule.services', access: 'login', call: q('schedule.services') },
  { name: 'schedule.stops', access: 'login', call: q('schedule.stops', { stopname: 'x' }) },
  { name: 'schedule.tripsToRoutes', access: 'login', call: q('schedule.tripsToRoutes') },
  { name: 'schedule.trips', access: 'login', call: q('schedule.trips', {}) },
  { name: 'schedule.serviceDay', access: 'login', call: q('schedule.serviceDay', { date: '20250923' }) },
  { name: 'schedule.stopTimes', access: 'login', call: q('schedule.stopTimes', { tripId: 'nope' }) },
  { name: 'schedule.platforms', access: 'login', call: q('schedule.platforms', { stopIds: ['CAPE TOWN'] }) },
  { name: 'schedule.endOfService', access: 'login', call: q('schedule.endOfService', {}) },
  { name: 'schedule.versions', access: 'gtfs', call: q('schedule.versions') },
  { name: 'schedule.diff', access: 'gtfs', call: q('schedule.diff', { from: 999998, to: 999999 }) },
  { name: 'schedule.rollback', access: 'gtfs', call: m('schedule.rollback', { versionId: 999999 }) },
  { name: 'audit.list', access: 'admin', call: q('audit.list', { limit: 1 }) },
  { name: 'tokens.list', access: 'admin', call: q('tokens.list') },
  { name: 'tokens.create', access: 'admin', call: m('tokens.create', {}) },
  { name: 'tokens.revoke', access: 'admin', call: m('tokens.revoke', { id: 999999 }) },
  { name: 'webhooks.list', access: 'admin', call: q('webhooks.list') },
  { name: 'webhooks.create', access: 'admin', call: m('webhooks.create', {}) },
  { name: 'webhooks.delete', access: 'admin', call: m('webhooks.delete', { id: 'none' }) },
  { name: 'webhooks.deliveries', access: 'admin', call: q('webhooks.deliveries', { id: 'none' }) },
  { name: 'summaries.list', access: 'excel', call: q('summaries.list') },
  { name: 'summaries.create', access: 'excel', call: m('summaries.create', { from: 'not-a-date' }) },
  { name: 'summaries.delete', access: 'excel', call: m('summaries.delete', { name: 'none.xlsx' }) },
  {
    name: 'summaries.punctuality',
    access: 'excel',
    call: q('summaries.punctuality', { from: '2025-09-01' }),
  },
];

/** Logout is the one allowed call that changes the caller: it goes last, REST or tRPC in turn. */
const LOGOUT: Call[] = [
  { name: 'GET /auth/logout', access: 'login', call: (c) => status(c.get('/auth/logout')) },
  { name: 'auth.logout', access: 'login', call: m('auth.logout') },
  { name: 'POST /auth/logout', access: 'login', call: (c) => status(c.postForm('/auth/logout', {})) },
];

describe('roles on every route and procedure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.deps.db.insert(disruptions).values({
      id: LIFTED_PLANNED_WORKS,
      createdAt: new Date(),
      reason: 'access control',
      serviceDate: '20990101',
      select: {},
      action: { type: 'cancel' },
      publishAs: 'schedule',
      liftedAt: new Date(),
    });
  });
  afterAll(() => t?.close());

  it('knows every REST route the gateway registers', async () => {
    const gateway = await buildGatewayApp();
    try {
      // POST /auth/login is open to anyone, but a login that fails answers 401 by contract: it cannot
      // be told from a refusal here (tests/integration/auth.test.ts covers it).
      const listed = [...REST, ...LOGOUT].map((c) => c.name).concat('POST /auth/login');
      // Hidden routes are the assets of the /docs page (listed above as GET /docs).
      const routes = gateway.routes.filter((r) => !r.hidden).map((r) => r.call);
      expect(routes.filter((call) => !listed.some((name) => sameCall(name, call)))).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  it('knows every procedure of the tRPC router', async () => {
    const { appRouter } = await import('@feeddesk/server/trpc/app-router');
    const procedures = Object.keys(
      (appRouter as unknown as { _def: { procedures: object } })._def.procedures,
    );
    expect(procedures.sort()).toEqual([...new Set(TRPC.map((c) => c.name)), 'auth.logout'].sort());
  });

  it('allows each call for exactly the roles of docs/rest-api.md (64 role sets and anonymous)', async () => {
    const combos: (Role[] | null)[] = [null, ...subsets(ROLES)];
    const mismatches: string[] = [];
    let allowedCount = 0;
    let refusedCount = 0;
    // Four browsers at a time: enough to be quick, few enough for two cores.
    for (let i = 0; i < combos.length; i += 4) {
      await Promise.all(
        combos.slice(i, i + 4).map(async (roles, j) => {
          const client =
            roles === null ? t.client() : await t.clientWithRoles(roles, `acl-${i + j}-${roles.join('-')}`);
          for (const call of [...REST, ...TRPC, LOGOUT[(i + j) % LOGOUT.length]!]) {
            const got = await call.call(client);
            const expected = allowedBy(roles, call.access);
            const allowed = got !== 401 && got !== 403;
            if (allowed) allowedCount++;
            else refusedCount++;
            if (allowed !== expected || got >= 500) {
              mismatches.push(
                `${call.name} as ${roles ? `[${roles.join(',')}]` : 'anonymous'}: ${got}, expected ${expected ? 'allowed' : 'refused'}`,
              );
            }
            // A refusal says who you are not: 401 without a session, 403 with one.
            if (!allowed && call.name !== 'socket /ws') {
              const wanted = roles === null ? 401 : 403;
              if (got !== wanted) mismatches.push(`${call.name} as ${roles}: ${got}, expected ${wanted}`);
            }
          }
        }),
      );
    }
    expect(mismatches).toEqual([]);
    expect(allowedCount).toBeGreaterThan(200);
    expect(refusedCount).toBeGreaterThan(200);
    // About a minute alone on two cores; a generous limit for a busy machine (not a timing check).
  }, 240_000);

  it('with an API token instead of a session: REST for exactly its roles, no CSRF token; tRPC and /ws for none', async () => {
    const mismatches: string[] = [];
    let allowedCount = 0;
    const combos = subsets(ROLES);
    for (let i = 0; i < combos.length; i += 4) {
      await Promise.all(
        combos.slice(i, i + 4).map(async (roles, j) => {
          const { token } = await createApiToken(t.deps, {
            name: `acl-token-${i + j}`,
            roles,
            by: ADMIN.username,
          });
          // A system: no cookie, no CSRF token, only Authorization: Bearer.
          const system = new HttpClient(t.url, { bearer: token });
          for (const call of [...REST, ...TRPC, ...LOGOUT]) {
            const got = await call.call(system);
            // The staff app (tRPC) and its job socket take sessions only (docs/rest-api.md "API tokens").
            const staffOnly = !call.name.includes('/') || call.name === 'socket /ws';
            const expected = !staffOnly && allowedBy(roles, call.access);
            const allowed = got !== 401 && got !== 403;
            if (allowed) allowedCount++;
            const who = `token [${roles.join(',')}]`;
            if (allowed !== expected || got >= 500)
              mismatches.push(`${call.name} as ${who}: ${got}, expected ${expected ? 'allowed' : 'refused'}`);
            // A token is a caller: REST refuses a missing role with 403; tRPC refuses the token with 401.
            if (!allowed && call.name !== 'socket /ws' && got !== (staffOnly ? 401 : 403))
              mismatches.push(`${call.name} as ${who}: ${got}, expected ${staffOnly ? 401 : 403}`);
          }
        }),
      );
    }
    expect(mismatches).toEqual([]);
    expect(allowedCount).toBeGreaterThan(200);
  }, 240_000);

  it('over the websocket: subscriptions for exactly their roles, no query or mutation for anyone', async () => {
    const { appRouter } = await import('@feeddesk/server/trpc/app-router');
    const procedures = (
      appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } }
    )._def.procedures;
    const inputs: Record<string, unknown> = {
      'jobs.onMessage': { jobId: 'no-such-job' },
      'auth.login': { username: ADMIN.username, password: ADMIN.password },
      'users.delete': { username: 'nobody-by-that-name' },
    };
    const access = new Map<string, Access>([...TRPC, ...LOGOUT].map((c) => [c.name, c.access]));
    const mismatches: string[] = [];
    let subscriptionsAllowed = 0;
    const combos: (Role[] | null)[] = [null, ...subsets(ROLES)];
    for (let i = 0; i < combos.length; i += 4) {
      await Promise.all(
        combos.slice(i, i + 4).map(async (roles, j) => {
          const client =
            roles === null
              ? t.client()
              : await t.clientWithRoles(roles, `acl-ws-${i + j}-${roles.join('-')}`);
          const socket = new RawTrpcSocket(t.url, { cookie: client.cookieHeader });
          await socket.opened;
          for (const [path, procedure] of Object.entries(procedures)) {
            const type = procedure._def.type as 'query' | 'mutation' | 'subscription';
            const answer = await socket.call(type, path, inputs[path]);
            const who = roles ? `[${roles.join(',')}]` : 'anonymous';
            if (type !== 'subscription') {
              if (answer.ok || answer.code !== 'METHOD_NOT_SUPPORTED')
                mismatches.push(`${type} ${path} as ${who}: ${JSON.stringify(answer)}`);
              continue;
            }
            const allowed = answer.ok || (answer.code !== 'UNAUTHORIZED' && answer.code !== 'FORBIDDEN');
            if (allowed) subscriptionsAllowed++;
            if (allowed !== allowedBy(roles, access.get(path)!))
              mismatches.push(`subscription ${path} as ${who}: ${JSON.stringify(answer)}`);
          }
          socket.close();
        }),
      );
    }
    expect(mismatches).toEqual([]);
    expect(subscriptionsAllowed).toBeGreaterThan(20);
  }, 240_000);

  it('refuses every write without a CSRF token (403), even for an administrator', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const writes: [string, string][] = [
      ['POST', '/auth/login'],
      ['POST', '/auth/add_user'],
      ['PUT', '/auth/modify_user'],
      ['DELETE', '/auth/delete_user/x'],
      ['POST', '/auth/tokens'],
      ['DELETE', '/auth/tokens/1'],
      ['POST', '/webhooks'],
      ['DELETE', '/webhooks/x'],
      ['POST', '/feed/trip_update'],
      ['POST', '/feed/service_alert'],
      ['POST', '/feed/vehicle_position'],
      ['POST', '/feed/vehicle_positions'],
      ['POST', '/feed/trip_updates'],
      ['PUT', '/feed/formations/x?date=20250923'],
      ['DELETE', '/feed/formations/x?date=20250923'],
      ['DELETE', '/feed/updates/delete_feed_entity'],
      ['DELETE', '/feed/alerts/delete_feed_entity'],
      ['POST', '/gtfs/upload_gtfs'],
      ['POST', '/gtfs/versions/1/rollback'],
      ['POST', '/feed/disruptions'],
      ['DELETE', '/feed/disruptions/x'],
      ['POST', '/excel/make_excel'],
      ['DELETE', '/excel/x.xlsx'],
      ...[
        'auth.login',
        'users.create',
        'users.update',
        'users.delete',
        'feed.saveTripUpdate',
        'feed.saveAlert',
        'feed.publishAlert',
        'feed.delete',
        'feed.restore',
        'consistency.removeNotInSchedule',
        'disruptions.applyDisruption',
        'disruptions.lift',
        'alertTemplates.save',
        'alertTemplates.delete',
        'disruptions.saveTripUpdateWithAlert',
        'disruptions.deleteTripUpdate',
        'schedule.rollback',
        'summaries.create',
        'summaries.delete',
        'tokens.create',
        'tokens.revoke',
        'webhooks.create',
        'webhooks.delete',
      ].map((name) => ['POST', `/trpc/${name}`] as [string, string]),
      ['POST', '/trpc/auth.logout'],
      ['POST', '/auth/logout'],
      ['PATCH', '/feed/trip_update'],
    ];
    expect(writes.length).toBeGreaterThan(20);
    for (const [method, path] of writes) {
      for (const csrf of [false, 'forged-token'] as const) {
        const res = await admin.fetch(path, {
          method,
          csrf,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        const body = await res.json();
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(body.error, `${method} ${path}`).toBe('Invalid CSRF token');
      }
    }
    // still logged in: none of those writes ran (the logout above neither)
    expect((await admin.get('/auth/list_users')).status).toBe(200);
  });
});
