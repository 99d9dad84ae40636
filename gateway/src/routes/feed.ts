import { Readable } from 'node:stream';
import { saveAlertWithApproval } from '@feeddesk/server/approvals/save-alert-with-approval';
import { AppError } from '@feeddesk/server/errors';
import { deleteFeedEntity } from '@feeddesk/server/feed/delete-feed-entity';
import type { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { FEED_PATHS, type FeedKind } from '@feeddesk/server/feed/feed-kind';
import { letPollsIn } from '@feeddesk/server/feed/let-polls-in';
import { type SaveFeedEntitiesResult, saveFeedEntities } from '@feeddesk/server/feed/save-feed-entities';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { requireRole } from '@feeddesk/server/http/require-role';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FeedAnswers } from '../support/feed-answers.ts';
import { boolField, field, readForm } from '../support/read-form.ts';
import {
  Binary,
  contentOf,
  formBody,
  Message,
  notModified,
  ROLE_REFUSALS,
  refusals,
} from '../support/schemas.ts';

const MAX_ENTITY_BYTES = 1024 * 1024;
/** Named in the refusal of an entity posted to the other path (docs/rest-api.md). */
const SAVE_CALLS = {
  trip_update: 'POST /feed/trip_update',
  alert: 'POST /feed/service_alert',
  vehicle: 'POST /feed/vehicle_position',
};

const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'If-None-Match, If-Modified-Since',
  'access-control-max-age': '86400',
};

const tags = ['feed'];
const Feed = Type.Object({ feed: Type.String({ enum: Object.keys(FEED_PATHS) }) });
const Notice = Type.Object(
  {
    code: Type.String(),
    severity: Type.String({ enum: ['error', 'warning', 'info'] }),
    entityId: Type.Union([Type.String(), Type.Null()]),
    field: Type.String({ description: 'e.g. trip_update.stop_time_update[3].stop_sequence' }),
    message: Type.String(),
    value: Type.Optional(Type.Unknown()),
    stopSequence: Type.Optional(Type.Integer()),
    stopId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
// Texts here: the service says what is wrong with a value (not a number, before 1970, too far ahead).
const AlertQuery = Type.Object({
  publishAt: Type.Optional(
    Type.String({ maxLength: 40, description: 'Epoch seconds: the alert enters the feed then, not before.' }),
  ),
  emergency: Type.Optional(
    Type.String({
      enum: ['true', 'false', '1', '0'],
      description:
        'true: published now although two-person approval is on, marked until approved afterwards.',
    }),
  ),
});
const TripUpdateQuery = Type.Object({
  cause: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 40,
      description:
        'A delay cause of the catalogue (GET /settings/causes) kept for the train; an unknown code is 400 unknown_cause.',
    }),
  ),
  causeStopId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "Where the cause happened: one of the train's stops.",
    }),
  ),
});
const DeleteFields = Type.Object({
  entity_id: Type.String(),
  deleteFromLog: Type.Optional(
    Type.Union([Type.Boolean(), Type.String()], { description: 'Default false.' }),
  ),
});
const Saved = Type.Object({
  id: Type.String(),
  message: Type.String(),
  warnings: Type.Array(Notice),
  state: Type.String({
    enum: ['pending', 'published', 'scheduled'],
    description:
      'published: in the feed now; pending: waits for a second person (two-person approval); scheduled: enters the feed at publishAt.',
  }),
  pendingId: Type.Optional(
    Type.String({
      description: 'The item of GET /feed/pending (pending, scheduled, or an emergency publish).',
    }),
  ),
  publishAt: Type.Optional(Type.String()),
  emergency: Type.Optional(Type.Boolean()),
});
/** A save: one protobuf FeedEntity, as the original web app and external clients send it. */
const saveSchema = (summary: string, ...more: number[]) => ({
  tags,
  summary,
  headers: Type.Object({
    logentity: Type.Optional(
      Type.String({ description: 'Default true; `false` or `0`: not logged in the history.' }),
    ),
  }),
  documentedBody: {
    'application/x-protobuf': { ...Binary, description: 'One GTFS-Realtime FeedEntity (at most 1 MB).' },
  },
  response: { 200: Saved, ...refusals(400, ...ROLE_REFUSALS, 413, 415, 422, ...more) },
});

/** A bulk push: one FeedMessage in, the count saved and the entities refused out. */
const bulkSchema = (summary: string) => ({
  tags,
  summary,
  documentedBody: {
    'application/x-protobuf': { ...Binary, description: 'One GTFS-Realtime FeedMessage (at most 1 MB).' },
  },
  response: {
    200: Type.Object({
      saved: Type.Integer(),
      rejected: Type.Array(
        Type.Object({
          id: Type.String(),
          notices: Type.Array(Notice),
          noticesLeftOut: Type.Optional(
            Type.Integer({ description: 'Notices of this entity not listed: at most 10 are, errors first.' }),
          ),
        }),
      ),
    }),
    // 413: more entities than FEED_PUSH_MAX_ENTITIES; 429: over a quota of live positions.
    ...refusals(400, ...ROLE_REFUSALS, 413, 415, 422, 429),
  },
});

/** /feed of docs/rest-api.md: the public GTFS-RT feeds with HTTP caching, and the editors' writes. */
export const feedRoutes: FastifyPluginAsync<{ cache: FeedCache }> = async (app, { cache }) => {
  const answers = new FeedAnswers();
  for (const [name, kind] of Object.entries(FEED_PATHS)) servePolls(app, { name, kind, cache, answers });
  app.addContentTypeParser(
    ['application/x-protobuf', 'application/protobuf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_ENTITY_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { feed: string }; Querystring: { format?: string } }>(
    '/:feed',
    {
      config: { accessLog: 'summary' },
      schema: {
        tags,
        summary:
          'A live feed (updates, alerts, positions): GTFS-Realtime FULL_DATASET, with ETag and Last-Modified.',
        params: Feed,
        querystring: Type.Object({
          format: Type.Optional(Type.String({ enum: ['json', 'pb', 'protobuf'] })),
        }),
        response: {
          200: contentOf('The FeedMessage (gzip when Accept-Encoding allows); `format=json` as JSON.', {
            'application/x-protobuf': Binary,
            'application/json': Type.Object({}, { additionalProperties: true }),
          }),
          304: notModified('Not modified (If-None-Match or If-Modified-Since).'),
          ...refusals(400),
        },
      },
    },
    // The polls servePolls declines: API tokens (checked and rate limited by the hooks), other
    // queries (validated above), HEAD, a feed not read yet or due a new stamp.
    async (request, reply) => {
      const snapshot = await cache.get(FEED_PATHS[request.params.feed]!);
      const answer = answers.answer(snapshot, request.headers, request.query.format === 'json');
      for (const name of answer.omitted) reply.removeHeader(name);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );

  // CORS preflight of the public feeds (a browser app sending If-None-Match asks first).
  app.options<{ Params: { feed: string } }>(
    '/:feed',
    {
      schema: {
        tags,
        summary: 'CORS preflight of a live feed: any origin may read it and its validators.',
        params: Feed,
        response: { 204: notModified('No content: the CORS headers only.') },
      },
    },
    (_request, reply) => reply.status(204).headers(PREFLIGHT_HEADERS).send(),
  );

  const edit = { onRequest: requireRole('edit') };
  app.post<{ Querystring: Static<typeof TripUpdateQuery> }>(
    '/trip_update',
    {
      ...edit,
      schema: {
        ...saveSchema('Save a trip update (edit), with its delay cause when `cause` is given.'),
        querystring: TripUpdateQuery,
      },
    },
    async (request) => {
      const { cause, causeStopId } = request.query;
      const { id, message, warnings } = await saveFeedEntity(app.deps, {
        kind: 'trip_update',
        entity: { protobuf: protobufBody(request) },
        by: request.user!.username,
        log: logEntityHeader(request),
        saveCalls: SAVE_CALLS,
        ...(cause && { cause: { code: cause, ...(causeStopId && { stopId: causeStopId }) } }),
      });
      // Controllers' trip updates are never held for approval (docs/contract-notes.md).
      return { id, message, warnings, state: 'published' };
    },
  );

  app.post<{ Querystring: Static<typeof AlertQuery> }>(
    '/service_alert',
    {
      ...edit,
      schema: {
        ...saveSchema(
          'Save a service alert (edit): published now, or pending while two-person approval is on, or scheduled for `publishAt`.',
          429,
        ),
        querystring: AlertQuery,
      },
    },
    async (request) => {
      const saved = await saveAlertWithApproval(app.deps, {
        entity: { protobuf: protobufBody(request) },
        by: request.user!.username,
        roles: request.user!.roles,
        log: logEntityHeader(request),
        saveCalls: SAVE_CALLS,
        publishAt: request.query.publishAt,
        emergency: ['true', '1'].includes(request.query.emergency ?? ''),
      });
      const { id, message, warnings, state, pendingId, publishAt, emergency } = saved;
      return { id, message, warnings, state, pendingId, publishAt, emergency };
    },
  );

  // Positions arrive every few seconds per train: kept out of the history unless LogEntity: true.
  app.post(
    '/vehicle_position',
    {
      ...edit,
      schema: saveSchema(
        'Save one vehicle position (edit): a FeedEntity holding a `vehicle`; not logged unless LogEntity: true.',
        429,
      ),
    },
    async (request) => {
      const { id, message, warnings } = await saveFeedEntity(app.deps, {
        kind: 'vehicle',
        entity: { protobuf: protobufBody(request) },
        by: request.user!.username,
        log: logEntityHeader(request, false),
        saveCalls: SAVE_CALLS,
      });
      return { id, message, warnings, state: 'published' };
    },
  );

  /** A whole FeedMessage of positions, as an AVL system pushes it: the good ones saved, the bad ones listed. */
  app.post(
    '/vehicle_positions',
    {
      ...edit,
      schema: bulkSchema(
        'Save a whole FeedMessage of vehicle positions (edit), as an AVL system pushes it: the good entities saved, the bad ones listed.',
      ),
    },
    async (request, reply) =>
      sendBulkAnswer(
        reply,
        await saveFeedEntities(app.deps, {
          kind: 'vehicle',
          message: protobufBody(request, 'a protobuf FeedMessage'),
          by: request.user!.username,
          log: false,
          saveCalls: SAVE_CALLS,
        }),
      ),
  );

  // A CAD system's predictions for many trains at once; refused whole when they contradict the feed.
  app.post(
    '/trip_updates',
    {
      ...edit,
      schema: bulkSchema(
        'Save a whole FeedMessage of trip updates (edit): the good entities saved, the bad ones listed; 422 and nothing saved when together they contradict the live feed.',
      ),
    },
    async (request, reply) =>
      sendBulkAnswer(
        reply,
        await saveFeedEntities(app.deps, {
          kind: 'trip_update',
          message: protobufBody(request, 'a protobuf FeedMessage'),
          by: request.user!.username,
          log: logEntityHeader(request),
          saveCalls: SAVE_CALLS,
        }),
      ),
  );

  app.delete<{ Params: { feed: string } }>(
    '/:feed/delete_feed_entity',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Delete an entity from a live feed (edit); the history keeps it unless deleteFromLog.',
        params: Feed,
        querystring: Type.Object({
          entity_id: Type.Optional(Type.String()),
          deleteFromLog: Type.Optional(Type.String({ description: 'true or 1: also from the history.' })),
        }),
        documentedBody: {
          'application/json': DeleteFields,
          ...formBody(DeleteFields),
        },
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 404) },
      },
    },
    async (request) => {
      const form = await readForm(request);
      const query = request.query as Record<string, string | undefined>;
      const id = field(form, 'entity_id') ?? query.entity_id;
      if (!id)
        throw new AppError('validation_failed', { message: 'Give the entity_id of the entity to delete.' });
      const deleteFromLog = boolField(
        form,
        'deleteFromLog',
        ['true', '1'].includes(query.deleteFromLog ?? ''),
      );
      await deleteFeedEntity(app.deps, {
        kind: FEED_PATHS[request.params.feed]!,
        id,
        by: request.user!.username,
        deleteFromLog,
      });
      return { message: 'Successfully deleted.' };
    },
  );
};

/** `format=` of GET /feed/{feed} → JSON or not; another query goes to the route's validation. */
const POLL_QUERIES = new Map([
  ['', false],
  ['format=pb', false],
  ['format=protobuf', false],
  ['format=json', true],
]);

/**
 * The anonymous polls of one feed, answered before Fastify (server/src/http/public-gets.ts): no
 * session, cookie, CSRF or token work, the prepared answer written in one go. A request with an
 * Authorization header goes to the route, whose hooks refuse a revoked token and rate limit.
 */
function servePolls(
  app: FastifyInstance,
  feed: { name: string; kind: FeedKind; cache: FeedCache; answers: FeedAnswers },
): void {
  app.publicGets.add(`${app.prefix}/${feed.name}`, `${app.prefix}/:feed`, (request) => {
    if (request.headers.authorization !== undefined) return undefined;
    const url = request.url ?? '';
    const q = url.indexOf('?');
    const json = POLL_QUERIES.get(q < 0 ? '' : url.slice(q + 1));
    if (json === undefined) return undefined;
    const snapshot = feed.cache.peek(feed.kind);
    if (!snapshot) return undefined;
    return feed.answers.answer(snapshot, request.headers, json).prepared;
  });
}

/**
 * A bulk push's answer, written as JSON a piece at a time with the feed's polls let in between: a
 * 1 MB push of unknown trains is refused with a notice per stop (14 MB of JSON), and serializing
 * and writing that in one go held the event loop for a second (tests/bench/README.md).
 */
function sendBulkAnswer(reply: FastifyReply, answer: SaveFeedEntitiesResult): FastifyReply {
  async function* pieces() {
    let piece = `{"saved":${answer.saved},"rejected":[`;
    for (const [i, rejected] of answer.rejected.entries()) {
      piece += `${i > 0 ? ',' : ''}${JSON.stringify(rejected)}`;
      if (piece.length >= 64 * 1024) {
        yield Buffer.from(piece);
        piece = '';
        await letPollsIn(i);
      }
    }
    yield Buffer.from(`${piece}]}`);
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(pieces()));
}

function protobufBody(request: FastifyRequest, what = 'one protobuf FeedEntity'): Buffer {
  if (!Buffer.isBuffer(request.body)) {
    throw new AppError('unsupported_media_type', {
      message: `Send ${what} with Content-Type: application/x-protobuf.`,
    });
  }
  return request.body;
}

/** Header LogEntity: default true (positions: false); `false` or `0` = do not log (docs/rest-api.md). */
function logEntityHeader(request: FastifyRequest, byDefault = true): boolean {
  const header = request.headers.logentity;
  if (header === undefined) return byDefault;
  const value = String(header).toLowerCase();
  return !(value === 'false' || value === '0');
}
