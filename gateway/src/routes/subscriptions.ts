import { AppError, isAppError } from '@feeddesk/server/errors';
import type { RiderPages } from '@feeddesk/server/riders/rider-pages';
import { riderLanguage } from '@feeddesk/server/riders/rider-pages';
import { EMAIL_MAX_CHARS } from '@feeddesk/server/subscriptions/check-email';
import {
  createSubscription,
  requireSubscriptionsOn,
} from '@feeddesk/server/subscriptions/create-subscription';
import { confirmSubscription, endSubscription } from '@feeddesk/server/subscriptions/follow-mail-link';
import { mailWords } from '@feeddesk/server/subscriptions/mail-texts';
import { startMailWorker } from '@feeddesk/server/subscriptions/mail-worker';
import { renderSubscriptionPage } from '@feeddesk/server/subscriptions/render-subscription-page';
import { smtpSender } from '@feeddesk/server/subscriptions/smtp-sender';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentOf, Message, refusals, Text } from '../support/schemas.ts';

const tags = ['riders'];

/** Routes or stops one subscription follows: a rider follows a few; more is refused with a sentence. */
export const MAX_SUBSCRIPTION_FOLLOWED = 50;

const Ids = (what: string) =>
  Type.Optional(
    Type.Union(
      [
        Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: MAX_SUBSCRIPTION_FOLLOWED }),
        Type.String({ minLength: 1, maxLength: 100 }),
      ],
      {
        description: `${what} ids to follow (at most ${MAX_SUBSCRIPTION_FOLLOWED}); none of routes and stops: the whole network.`,
      },
    ),
  );
const SubscribeBody = Type.Object({
  email: Type.String({ maxLength: EMAIL_MAX_CHARS + 10, description: 'The rider’s e-mail address.' }),
  routes: Ids('Route'),
  stops: Ids('Stop'),
  lang: Type.Optional(
    Type.String({ maxLength: 35, description: 'A language of the operator; another, or none: its default.' }),
  ),
});
type SubscribeBody = { email: string; routes?: string[] | string; stops?: string[] | string; lang?: string };
const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });

const HTML = 'text/html; charset=utf-8';
const PAGE = contentOf('A page saying so, for the rider’s browser.', { 'text/html': Text });

/**
 * E-mail subscriptions of riders (docs/rest-api.md "E-mail subscriptions"): public, no login, on
 * only when SMTP_URL is set (otherwise each call answers 404 subscriptions_off). This process also
 * queues the mails of alert changes and sends the outbox (subscriptions/mail-worker.ts).
 */
export const subscriptionRoutes: FastifyPluginAsync<{ pages: RiderPages }> = async (app, { pages }) => {
  const { config } = app.deps;
  let kick = () => {};
  if (config.SMTP_URL) {
    const smtp = smtpSender(app.deps);
    const worker = startMailWorker(
      app.deps,
      { network: () => pages.currentNetwork(), languages: () => pages.currentLanguages() },
      smtp.send,
    );
    kick = worker.kick;
    app.addHook('onClose', async () => {
      worker.stop();
      smtp.close();
    });
  }
  const perIp = config.SUBSCRIBE_PER_IP_PER_HOUR;
  // Per process (its memory store), like the API tokens' limit (http/api-token.ts).
  const limit = app.rateLimit({
    max: perIp,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `subscribe:${request.ip}`,
    errorResponseBuilder: () =>
      new AppError('too_many_signups', {
        message: `This address made more than ${perIp} subscription requests in an hour; try again later.`,
      }),
  });

  app.post<{ Body: SubscribeBody }>(
    '/subscriptions',
    {
      config: { session: false, csrf: false },
      preHandler: limit,
      schema: {
        tags,
        summary:
          'Subscribes an e-mail address to the alerts of some routes and stops (public): a confirmation link is mailed.',
        body: SubscribeBody,
        response: {
          202: { ...Message, description: 'Stored unconfirmed; the confirmation mail is queued.' },
          ...refusals(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const form = isForm(request);
      const languages = await pages.currentLanguages();
      const lang = riderLanguage(request.body.lang, languages);
      try {
        requireSubscriptionsOn(app.deps);
        const routes = ids(request.body.routes);
        const stops = ids(request.body.stops);
        const network = await pages.currentNetwork();
        await createSubscription(app.deps, {
          email: request.body.email,
          routes,
          stops,
          lang,
          agency: network.agencyName ?? '',
        });
        kick();
        const message = mailWords(lang).say('sent', { email: request.body.email.trim() });
        if (form) return page(reply, 202, lang, message);
        return reply.status(202).send({ message });
      } catch (error) {
        // A browser's form gets a page with the sentence; an API client the usual refusal.
        if (form && isAppError(error)) return page(reply, error.status, lang, error.message);
        throw error;
      }
    },
  );

  const follow = (action: 'confirm' | 'unsubscribe') =>
    app.get<{ Querystring: { token: string } }>(
      `/subscriptions/${action}`,
      {
        config: { session: false },
        schema: {
          tags,
          summary:
            action === 'confirm'
              ? 'Confirms a subscription: the link of its confirmation mail (public).'
              : 'Ends a subscription: the link of every alert mail, and its List-Unsubscribe header (public).',
          querystring: TokenQuery,
          response: { 200: PAGE, 404: PAGE, ...refusals(400) },
        },
      },
      async (request, reply) => {
        const languages = await pages.currentLanguages();
        try {
          const done =
            action === 'confirm'
              ? await confirmSubscription(app.deps, request.query.token)
              : await endSubscription(app.deps, request.query.token);
          const words = mailWords(done.lang);
          return page(reply, 200, done.lang, words.say(action === 'confirm' ? 'confirmed' : 'unsubscribed'));
        } catch (error) {
          if (isAppError(error) && error.status === 404)
            return page(reply, 404, languages.defaultLanguage, error.message);
          throw error;
        }
      },
    );
  follow('confirm');
  follow('unsubscribe');
};

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}

/** One id, several, or none as a list without blanks or repeats. */
function ids(value: string[] | string | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return [...new Set(list.map((v) => v.trim()).filter(Boolean))].sort();
}

function page(reply: FastifyReply, status: number, lang: string, text: string) {
  return reply
    .status(status)
    .type(HTML)
    .header('cache-control', 'no-store')
    .send(renderSubscriptionPage({ lang, title: mailWords(lang).say('pageTitle'), text }));
}
