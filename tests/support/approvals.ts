import type { FeedEntity } from '@feeddesk/proto';
import { getFeed, postEntity } from './feed.ts';
import type { HttpClient } from './http-client.ts';

/** Sets two-person approval (off | alerts | alerts_and_disruptions) as an administrator does. */
export async function setApproval(admin: HttpClient, approval: string): Promise<void> {
  const settings = (await (await admin.get('/settings')).json()) as Record<string, unknown>;
  const res = await admin.fetch('/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      languages: settings.languages,
      defaultLanguage: settings.defaultLanguage,
      urlLanguage: settings.urlLanguage,
      approval,
    }),
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
}

/** An alert about a route, in effect for the next hour, with this header. */
export function routeAlert(id: string, routeId: string, header: string): FeedEntity {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    alert: {
      activePeriod: [{ start: now - 60, end: now + 3600 }],
      informedEntity: [{ routeId }],
      cause: 3,
      effect: 3,
      headerText: { translation: [{ language: 'en-ZA', text: header }] },
    },
  };
}

/** POST /feed/service_alert with ?publishAt / ?emergency. */
export function postAlert(
  client: HttpClient,
  entity: FeedEntity,
  query: { publishAt?: string | number; emergency?: boolean } = {},
) {
  const params = new URLSearchParams();
  if (query.publishAt !== undefined) params.set('publishAt', String(query.publishAt));
  if (query.emergency !== undefined) params.set('emergency', String(query.emergency));
  const qs = params.size > 0 ? `?${params}` : '';
  return postEntity(client, `/feed/service_alert${qs}` as '/feed/service_alert', entity);
}

/** The header the public alert feed serves for an alert id (undefined: not served). */
export async function servedHeader(client: HttpClient, id: string): Promise<string | undefined> {
  const feed = await getFeed(client, '/feed/alerts');
  const alert = feed.entity.find((e) => e.id === id)?.alert;
  return alert ? (alert.headerText?.translation?.[0]?.text ?? '') : undefined;
}

/** Waits until `check` holds (the feed cache follows a commit by NOTIFY), at most `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

export type PendingJson = {
  id: string;
  entityId: string;
  state: string;
  header: string;
  createdBy: string | null;
  createdAt: string;
  publishAt: string | null;
  emergency: boolean;
  editsLive: boolean;
  decidedBy: string | null;
  reason: string | null;
};

export async function pendingList(client: HttpClient): Promise<PendingJson[]> {
  const res = await client.get('/feed/pending');
  if (res.status !== 200) throw new Error(`pending: ${res.status} ${await res.text()}`);
  return (await res.json()) as PendingJson[];
}

export function approve(client: HttpClient, id: string) {
  return client.fetch(`/feed/pending/${id}/approve`, { method: 'POST' });
}

export function reject(client: HttpClient, id: string, reason: string) {
  return client.fetch(`/feed/pending/${id}/reject`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reason }),
  });
}
