import { createHash } from 'node:crypto';
import type { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { renderStatusPage } from '@feeddesk/server/riders/render-status-page';
import { RiderPages, riderLanguage } from '@feeddesk/server/riders/rider-pages';
import { type StatusView, statusView } from '@feeddesk/server/riders/status-view';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentOf, notModified, refusals, Text } from '../support/schemas.ts';

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

/**
 * Riders' pages (docs/rest-api.md "Riders' pages"): the status of each route now, as HTML and
 * JSON, made from the live feeds this process serves (no database per request).
 */
export const riderRoutes: FastifyPluginAsync<{ cache: FeedCache }> = async (app, { cache }) => {
  const pages = new RiderPages(app.deps, cache);
  pages.start();
  app.addHook('onClose', async () => pages.stop());
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
        answer = made(renderStatusPage(view), 'text/html; charset=utf-8');
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
};

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
