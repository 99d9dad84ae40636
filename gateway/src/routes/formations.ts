import { deleteFormation } from '@feeddesk/server/formations/delete-formation';
import { OCCUPANCY_STATUSES } from '@feeddesk/server/formations/formation';
import { getFormation } from '@feeddesk/server/formations/get-formation';
import { saveFormation } from '@feeddesk/server/formations/save-formation';
import { requireRole } from '@feeddesk/server/http/require-role';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Message, ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const tags = ['feed'];
const Params = Type.Object({ tripId: Type.String({ minLength: 1, maxLength: 200 }) });
const Query = Type.Object({
  date: Type.String({ maxLength: 40, description: 'The service date of the train, YYYYMMDD.' }),
});
const Carriage = Type.Object(
  {
    label: Type.String({
      maxLength: 40,
      description: 'What riders read on the carriage; its id in the feed.',
    }),
    class: Type.Optional(Type.String({ maxLength: 40, description: 'e.g. "first", "economy"; not served.' })),
    occupancyStatus: Type.Optional(
      Type.String({ enum: OCCUPANCY_STATUSES, description: 'A GTFS-RT OccupancyStatus name.' }),
    ),
    occupancyPercentage: Type.Optional(Type.Integer({ minimum: 0, maximum: 300 })),
    toilet: Type.Optional(Type.Boolean({ description: 'Whether the carriage has a toilet; not served.' })),
    closed: Type.Optional(
      Type.Boolean({ description: 'Closed to riders: served as NOT_ACCEPTING_PASSENGERS.' }),
    ),
  },
  { additionalProperties: false },
);
// Far more than FORMATION_MAX_CARRIAGES, so a long train is answered 413 with the limit, not 400.
const Body = Type.Object(
  { carriages: Type.Array(Carriage, { maxItems: 1000, description: 'In the order of travel.' }) },
  { additionalProperties: false },
);
const Formation = Type.Object({
  tripId: Type.String(),
  date: Type.String(),
  carriages: Type.Array(Carriage),
  updatedAt: Type.String(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
type Route = { Params: Static<typeof Params>; Querystring: Static<typeof Query> };

/**
 * The formations of dated trains (docs/rest-api.md "Formations"): read with view, written with edit
 * (controllers, and the API tokens of yard and passenger-counting systems).
 */
export const formationRoutes: FastifyPluginAsync = async (app) => {
  app.get<Route>(
    '/:tripId',
    {
      onRequest: requireRole('view'),
      schema: {
        tags,
        summary: "A dated train's formation (view): its carriages in the order of travel.",
        params: Params,
        querystring: Query,
        response: { 200: Formation, ...refusals(400, ...ROLE_REFUSALS, 404) },
      },
    },
    (request) => getFormation(app.deps, { tripId: request.params.tripId, date: request.query.date }),
  );

  app.put<Route & { Body: Static<typeof Body> }>(
    '/:tripId',
    {
      onRequest: requireRole('edit'),
      schema: {
        tags,
        summary:
          "Save a dated train's formation (edit): served in its vehicle position's multi_carriage_details and its trip update's departure_occupancy_status.",
        params: Params,
        querystring: Query,
        body: Body,
        response: { 200: Formation, ...refusals(400, ...ROLE_REFUSALS, 404, 413, 422, 429) },
      },
    },
    (request) =>
      saveFormation(app.deps, {
        tripId: request.params.tripId,
        date: request.query.date,
        carriages: request.body.carriages,
        by: request.user!.username,
      }),
  );

  app.delete<Route>(
    '/:tripId',
    {
      onRequest: requireRole('edit'),
      schema: {
        tags,
        summary: "Remove a dated train's formation (edit), and its carriages from the live feeds.",
        params: Params,
        querystring: Query,
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 404, 422) },
      },
    },
    async (request) => {
      await deleteFormation(app.deps, {
        tripId: request.params.tripId,
        date: request.query.date,
        by: request.user!.username,
      });
      return { message: 'Formation deleted.' };
    },
  );
};
