import { createHash } from 'node:crypto';
import { AppError } from '@feeddesk/server/errors';
import type { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { listFollowedAlerts } from '@feeddesk/server/riders/list-rider-alerts';
import { renderAlertsAtom } from '@feeddesk/server/riders/render-alerts-atom';
import { renderStatusPage } from '@feeddesk/server/riders/render-status-page';
import { RiderPages, riderLanguage } from '@feeddesk/server/riders/rider-pages';
import { type StatusView, statusView } from '@feeddesk/server/riders/status-view';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentOf, notModified, refusals, Text } from '../support/schemas.ts';
import { subscriptionRoutes } from './subscriptions.ts';

const tags = ['riders'];
/** Riders' pages never read a session: no cookie makes them wait on the database. */
const riders = { config: { session: false } } as const;
const Lang = Type.Object({
  lang: Type.Optional(
    Type.String({
      maxLength: 35,
      description: 'A language of the operator (BCP 47 tag); another, or none: the default language.',
    }),
  ),
});

/** Like the public feeds (docs/rest-api.md "What every feed consumer gets"): revalidate each time, any page may read. */
const PUBLIC_HEADERS = {
  'cache-control': 'no-cache',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
};

type Answer = { body: Buffer; etag: string; type: string };

/** Routes or stops followed in one Atom feed: a rider follows a few; more is refused with a sentence. */
export const MAX_FOLLOWED = 50;
const Followed = (what: string) =>
  Type.Optional(
    Type.String({
      maxLength: 2000,
      description: `${what} ids, comma-separated (at most ${MAX_FOLLOWED}); none: the whole network.`,
    }),
  );
const AtomQuery = Type.Object({
  lang: Lang.properties.lang,
  route: Followed('Route'),
  stop: Followed('Stop'),
});
type AtomQuery = { lang?: string; route?: string; stop?: string };

/**
 * Riders' pages (docs/rest-api.md "Riders' pages"): the status of each route now, as HTML and
 * JSON, made from the live feeds this process serves (no database per request).
 */
export const riderRoutes: FastifyPluginAsync<{ cache: FeedCache }> = async (app, { cache }) => {
  const pages = new RiderPages(app.deps, cache);
  pages.start();
  app.addHook('onClose', async () => pages.stop());
  await app.register(subscriptionRoutes, { pages });
  // The status page offers e-mail alerts when they can be sent (docs/rest-api.md "E-mail subscriptions").
  const subscribe = app.deps.config.SMTP_URL ? { action: '/subscriptions' } : undefined;
  const html = new WeakMap<StatusView, Answer>();
  const json = new WeakMap<StatusView, Answer>();

  const viewOf = async (request: FastifyRequest<{ Querystring: { lang?: string } }>) => {
    const [status, languages] = await Promise.all([pages.status(), pages.currentLanguages()]);
    return statusView(status, riderLanguage(request.query.lang, languages), languages);
  };

  app.get<{ Querystring: { lang?: string } }>(
    '/status',
    {
      ...riders,
      schema: {
        tags,
        summary: 'Each route’s status now, with its live alerts, as a page for riders (public, no script).',
        querystring: Lang,
        response: {
          200: contentOf('The page (ETag; 304 on If-None-Match).', { 'text/html': Text }),
          304: notModified('Not modified (If-None-Match).'),
          ...refusals(400, 503),
        },
      },
    },
    async (request, reply) => {
      const view = await viewOf(request);
      let answer = html.get(view);
      if (!answer) {
        answer = made(renderStatusPage(view, subscribe), 'text/html; charset=utf-8');
        html.set(view, answer);
      }
      return send(request, reply, answer);
    },
  );

  app.get<{ Querystring: { lang?: string } }>(
    '/status.json',
    {
      ...riders,
      schema: {
        tags,
        summary:
          'Each route’s status now, with its live alerts, in one of the operator’s languages (public).',
        querystring: Lang,
        response: {
          200: contentOf('The statuses (ETag; 304 on If-None-Match).', {
            'application/json': Type.Object({}, { additionalProperties: true }),
          }),
          304: notModified('Not modified (If-None-Match).'),
          ...refusals(400, 503),
        },
      },
    },
    async (request, reply) => {
      const view = await viewOf(request);
      let answer = json.get(view);
      if (!answer) {
        answer = made(JSON.stringify(view), 'application/json; charset=utf-8');
        json.set(view, answer);
      }
      return send(request, reply, answer);
    },
  );

  // Atom answers by what they follow, made again when the alerts, the network or the minute change.
  let atoms: { key: unknown[]; answers: Map<string, Answer> } = { key: [], answers: new Map() };
  app.get<{ Querystring: AtomQuery }>(
    '/alerts.atom',
    {
      ...riders,
      schema: {
        tags,
        summary:
          'The live alerts as an Atom feed, one entry per alert, filtered by routes and stops (public).',
        querystring: AtomQuery,
        response: {
          200: contentOf('The Atom feed (ETag; 304 on If-None-Match).', { 'application/atom+xml': Text }),
          304: notModified('Not modified (If-None-Match).'),
          ...refusals(400, 503),
        },
      },
    },
    async (request, reply) => {
      const routes = followed(request.query.route, 'route');
      const stops = followed(request.query.stop, 'stop');
      const [alerts, network, languages] = await Promise.all([
        cache.current('alert'),
        pages.currentNetwork(),
        pages.currentLanguages(),
      ]);
      const now = app.deps.now();
      const key = [alerts.rows, network, languages, Math.floor(now.getTime() / 60_000)];
      if (key.some((k, i) => k !== atoms.key[i])) atoms = { key, answers: new Map() };
      const lang = riderLanguage(request.query.lang, languages);
      const asked = `lang=${encodeURIComponent(lang)}${routes.length ? `&route=${routes.map(encodeURIComponent).join(',')}` : ''}${stops.length ? `&stop=${stops.map(encodeURIComponent).join(',')}` : ''}`;
      let answer = atoms.answers.get(asked);
      if (!answer) {
        const origin = `${request.protocol}://${request.host}`;
        const xml = renderAlertsAtom({
          alerts: listFollowedAlerts({
            rows: alerts.rows,
            updatedAt: (id) => alerts.updatedAt(id),
            network,
            filter: { routes, stops },
            at: Math.floor(now.getTime() / 1000),
            lang,
            defaultLanguage: languages.defaultLanguage,
          }),
          lang,
          self: `${origin}/alerts.atom?${asked}`,
          statusPage: `${origin}/status?lang=${encodeURIComponent(lang)}`,
          feedId: `urn:feeddesk:alerts?${asked}`,
          agencyName: network.agencyName,
          now: now.toISOString(),
        });
        answer = made(xml, 'application/atom+xml; charset=utf-8');
        // Each distinct filter is one answer; a flood of distinct ones is bounded, not kept.
        if (atoms.answers.size >= 500) atoms.answers.clear();
        atoms.answers.set(asked, answer);
      }
      return send(request, reply, answer);
    },
  );
};

/** The ids of a comma-separated list, without blanks or repeats; more than MAX_FOLLOWED is 400. */
function followed(list: string | undefined, what: 'route' | 'stop'): string[] {
  const ids = [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > MAX_FOLLOWED)
    throw new AppError('validation_failed', {
      message: `Follow at most ${MAX_FOLLOWED} ${what}s in one feed (${ids.length} given); split them over several feeds.`,
    });
  return ids.sort();
}

function made(text: string, type: string): Answer {
  const body = Buffer.from(text);
  return { body, type, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

function send(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.headers({ ...PUBLIC_HEADERS, etag: answer.etag, vary: 'accept-encoding' });
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((t) => t.trim() === answer.etag || t.trim() === '*'))
    return reply.status(304).send();
  return reply.type(answer.type).send(answer.body);
}
