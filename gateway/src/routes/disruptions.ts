import { DISRUPTION_ACTIONS } from '@feeddesk/server/disruptions/disruption-input';
import { liftDisruption } from '@feeddesk/server/disruptions/lift-disruption';
import { listDisruptions } from '@feeddesk/server/disruptions/list-disruptions';
import { publishDisruption } from '@feeddesk/server/disruptions/publish-disruption';
import { requestPrincipal } from '@feeddesk/server/http/request-principal';
import { requireRole } from '@feeddesk/server/http/require-role';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Message, ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const Id = Type.String({ maxLength: 200 });
const LocalTime = Type.String({ pattern: '^\\d{1,2}:\\d{2}$' });
const Texts = Type.Record(Type.String({ maxLength: 35 }), Type.String({ maxLength: 10_000 }));
const Select = Type.Object(
  {
    routeId: Type.Optional(Id),
    directionId: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    stopId: Type.Optional(Id),
    from: Type.Optional(LocalTime),
    to: Type.Optional(LocalTime),
    tripIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  },
  { additionalProperties: false },
);
const Action = Type.Object(
  {
    type: Type.Union(DISRUPTION_ACTIONS.map((a) => Type.Literal(a))),
    stopId: Type.Optional(Id),
    minutes: Type.Optional(Type.Integer({ minimum: -1440, maximum: 1440 })),
    fromStopId: Type.Optional(
      Type.String({ maxLength: 200, description: 'replace_by_bus: one end of the section.' }),
    ),
    toStopId: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'replace_by_bus: the other end; change_platform: the platform the trains use instead of stopId (a stop of the same station).',
      }),
    ),
    routeId: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'replace_by_bus: the bus route (route_type 3) the buses run on; a rail route is refused. Planned works without one get a replacement-bus route added to the schedule.',
      }),
    ),
    marginMinutes: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 180,
        description:
          'replace_by_bus: the minutes riders have at least to change between train and bus at each end of the section (default 5).',
      }),
    ),
    busMinutes: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 600,
        description:
          "replace_by_bus: how long the bus takes from one end of the section to the other (default: the train's time and 10 minutes).",
      }),
    ),
    at: Type.Optional(
      Type.Union([Type.Literal('end'), Type.Literal('start')], {
        description: 'short_turn: the trains terminate at (end) or start from (start) stopId.',
      }),
    ),
  },
  { additionalProperties: false },
);
const ReplacementTrips = Type.Array(Type.Object({ tripId: Type.String(), replacesTripId: Type.String() }), {
  description: 'replace_by_bus: the NEW bus trip made for each train.',
});
const ContinuingTrips = Type.Array(Type.Object({ tripId: Type.String(), continuesTripId: Type.String() }), {
  description:
    "replace_by_bus: the NEW trip of a train's part after the section, when the train keeps a part before it too.",
});
const Connections = Type.Array(
  Type.Object({
    tripId: Type.String(),
    busTripId: Type.Union([Type.String(), Type.Null()]),
    stopId: Type.String(),
    stopName: Type.String(),
    kind: Type.Union([Type.Literal('to_bus'), Type.Literal('to_train')]),
    trainTime: Type.String({
      description: 'HH:MM (past 24 after midnight): the train arrives (to_bus) or leaves (to_train).',
    }),
    busTime: Type.String({ description: 'HH:MM: the bus leaves (to_bus) or arrives (to_train).' }),
    minutes: Type.Integer({ description: 'The minutes riders have to change.' }),
    heldMinutes: Type.Integer({
      description: 'to_train: how much later than timetabled the train leaves to wait for the bus.',
    }),
  }),
  { description: 'replace_by_bus: the connection planned at each end of the section, per train.' },
);
const Alert = Type.Object(
  {
    cause: Type.Optional(Type.String({ maxLength: 40 })),
    effect: Type.Optional(Type.String({ maxLength: 40 })),
    headerText: Type.Optional(Texts),
    descriptionText: Type.Optional(Texts),
  },
  { additionalProperties: false },
);
const Body = Type.Object({
  serviceDate: Type.Optional(Type.String({ pattern: '^\\d{8}$' })),
  select: Type.Optional(Select),
  action: Action,
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
  alert: Type.Optional(Type.Union([Type.Boolean(), Alert])),
  dryRun: Type.Optional(Type.Boolean()),
  cause: Type.Optional(
    Type.Object(
      {
        code: Type.String({ minLength: 1, maxLength: 40 }),
        stopId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      },
      {
        additionalProperties: false,
        description:
          "A delay cause of the catalogue (GET /settings/causes) and where: one of the trains' stops. The drafted alert takes its gtfsCause; an unknown code is 400 unknown_cause.",
      },
    ),
  ),
  publishAs: Type.Optional(
    Type.Union([Type.Literal('feed'), Type.Literal('schedule')], {
      description:
        '"schedule": planned works in a new schedule version (a date from tomorrow on; needs the gtfs role too), nothing in the trip updates.',
    }),
  ),
  publishAt: Type.Optional(
    Type.Number({
      description:
        'Epoch seconds: the alert enters the feed then, not before (state scheduled); the trains change now. Needs an alert.',
    }),
  ),
});
const TripRef = Type.Object({ tripId: Type.String(), startDate: Type.String() });
const Applied = Type.Object({
  id: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  trips: Type.Array(
    Type.Object({
      tripId: Type.String(),
      startDate: Type.String(),
      routeId: Type.String(),
      firstTime: Type.String(),
      lastTime: Type.String(),
    }),
  ),
  replacementTrips: Type.Optional(ReplacementTrips),
  continuingTrips: Type.Optional(ContinuingTrips),
  connections: Type.Optional(Connections),
  alertId: Type.Union([Type.String(), Type.Null()]),
  state: Type.Optional(
    Type.String({
      enum: ['pending', 'published'],
      description:
        'published: applied; pending: waits for a second person (approval alerts_and_disruptions), id null until approved.',
    }),
  ),
  pendingId: Type.Optional(
    Type.String({
      description:
        'The item of GET /feed/pending that waits: the disruption (state pending) or its alert (alertState pending or scheduled).',
    }),
  ),
  alertState: Type.Optional(
    Type.String({
      enum: ['published', 'pending', 'scheduled'],
      description:
        'After an apply with an alert: published; pending: the alert waits for a second person (approval on; the trains changed now); scheduled: it enters the feed at publishAt.',
    }),
  ),
  publishAt: Type.Optional(
    Type.String({
      description: 'When the waiting alert enters the feed (ISO 8601), once approved if pending.',
    }),
  ),
  versionId: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'publishAs "schedule": the schedule version made.',
    }),
  ),
  refusals: Type.Optional(
    Type.Array(
      Type.Object(
        {
          code: Type.String(),
          severity: Type.String(),
          entityId: Type.String(),
          field: Type.String(),
          message: Type.String(),
        },
        { description: 'dryRun: what the apply would be refused for (422), with its sentences.' },
      ),
    ),
  ),
  cancelledLeftOut: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'The trains selected that are already cancelled, left alone (every action but cancel and delete).',
    }),
  ),
  otherAlerts: Type.Optional(
    Type.Array(
      Type.Object(
        {
          alertId: Type.String(),
          header: Type.String(),
          trains: Type.Array(Type.String()),
          ended: Type.Boolean(),
        },
        {
          description:
            'Other alerts the apply changes (dryRun: would change): they no longer name these trains (ended when none was left) until this disruption is lifted.',
        },
      ),
    ),
  ),
});
const Listed = Type.Array(
  Type.Object({
    id: Type.String(),
    createdAt: Type.String(),
    by: Type.Union([Type.String(), Type.Null()]),
    reason: Type.String(),
    serviceDate: Type.String(),
    action: Action,
    trips: Type.Array(TripRef),
    replacementTrips: Type.Optional(ReplacementTrips),
    continuingTrips: Type.Optional(ContinuingTrips),
    alertId: Type.Union([Type.String(), Type.Null()]),
    alertWaiting: Type.Union([Type.Literal('pending'), Type.Literal('scheduled'), Type.Null()], {
      description:
        'Its alert still waits to enter the feed: pending approval, or scheduled for its publishAt; null otherwise.',
    }),
    active: Type.Boolean(),
    publishAs: Type.Union([Type.Literal('feed'), Type.Literal('schedule')]),
    versionId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Planned works: the schedule version made when they were published.',
    }),
    inSchedule: Type.Boolean({
      description: 'Planned works: whether the current schedule version holds them.',
    }),
    stopNames: Type.Record(Type.String(), Type.String(), {
      description: 'stop_id → the name riders know, for the stops its select and action name.',
    }),
  }),
);

const tags = ['disruptions'];

/** /feed/disruptions of docs/contract-notes.md "Dated trips and disruptions" (edit). */
export const disruptionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('edit'));

  app.post<{ Body: Static<typeof Body> }>(
    '/',
    {
      schema: {
        tags,
        summary:
          'Apply a disruption to the trips of a service date that match the selection (dryRun: preview only).',
        body: Body,
        response: { 200: Applied, ...refusals(400, ...ROLE_REFUSALS, 404, 422, 429) },
      },
    },
    (request) => {
      const { select = {}, reason = '', alert = false, dryRun = false, ...rest } = request.body;
      return publishDisruption(app.deps, {
        ...rest,
        select,
        reason,
        alert,
        dryRun,
        by: request.user!.username,
        user: request.user,
        principal: requestPrincipal(request),
      });
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The disruptions, newest first.',
        response: { 200: Listed, ...refusals(...ROLE_REFUSALS) },
      },
    },
    () => listDisruptions(app.deps),
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      schema: {
        tags,
        summary:
          'Lift a disruption: its trips are back as they were, its alert leaves the feed (planned works: a new schedule version without them).',
        params: Type.Object({ id: Id }),
        // 409 conflict: lifted already.
        response: { 200: Message, ...refusals(...ROLE_REFUSALS, 404, 409) },
      },
    },
    async (request) => {
      await liftDisruption(app.deps, {
        id: request.params.id,
        by: request.user!.username,
        user: request.user,
      });
      return { message: 'Disruption lifted.' };
    },
  );
};
