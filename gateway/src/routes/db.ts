import { requireRole } from '@feeddesk/server/http/require-role';
import { findStops } from '@feeddesk/server/schedule/find-stops';
import { findTrips } from '@feeddesk/server/schedule/find-trips';
import { listRoutes } from '@feeddesk/server/schedule/list-routes';
import { listServices } from '@feeddesk/server/schedule/list-services';
import { listStopTimesOfTrip } from '@feeddesk/server/schedule/list-stop-times-of-trip';
import { mapTripsToRoutes } from '@feeddesk/server/schedule/map-trips-to-routes';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { refusals } from '../support/schemas.ts';

const text = { type: 'string', maxLength: 200 } as const;
const query = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: true,
});
const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
const tags = ['db'];
/** Every /db call needs a session; before any schedule is loaded the lists are empty. */
const schema = (summary: string, ok: TSchema, more: Record<string, unknown> = {}, errors: number[] = []) => ({
  tags,
  summary,
  ...more,
  response: { 200: ok, ...refusals(...errors, 401) },
});

/** /db of docs/rest-api.md: schedule queries for the editors (login). */
export const dbRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole(null));
  app.get(
    '/get_routes',
    {
      schema: schema(
        'Routes of the current schedule (colour hex without #).',
        Type.Array(
          Type.Object({
            route_id: Type.String(),
            route_long_name: Nullable(Type.String()),
            route_color: Nullable(Type.String()),
          }),
        ),
      ),
    },
    async () => listRoutes(app.deps),
  );
  app.get(
    '/get_services',
    {
      schema: schema(
        'Every service_id of calendar.txt and calendar_dates.txt, sorted.',
        Type.Array(Type.String()),
      ),
    },
    async () => listServices(app.deps),
  );
  app.get<{ Querystring: { stopname?: string } }>(
    '/get_stops',
    {
      schema: schema(
        'Stops as [stop_id, stop_name] pairs; stopname: a case-insensitive substring.',
        Type.Array(
          Type.Array(Type.String(), { minItems: 2, maxItems: 2, description: '[stop_id, stop_name]' }),
        ),
        { querystring: query({ stopname: text }) },
        [400],
      ),
    },
    async (request) => findStops(app.deps, { stopname: request.query.stopname }),
  );
  app.get(
    '/trips_to_routes',
    {
      schema: schema(
        'Each trip_id of the current schedule with its route_id.',
        Type.Record(Type.String(), Type.String()),
      ),
    },
    async () => mapTripsToRoutes(app.deps),
  );
  app.get<{
    Querystring: { route?: string; service?: string; number?: string; after?: string; stop?: string };
  }>(
    '/get_trips',
    {
      schema: schema(
        'Trips: in progress (0), yet to start (1), finished (2), judged at `after` (local HH:MM[:SS]) or now.',
        Type.Array(
          Type.Object({
            trip_id: Type.String(),
            endTerminus: Type.String(),
            inprogress: Type.Integer({ enum: [0, 1, 2] }),
          }),
        ),
        {
          querystring: query({
            route: text,
            service: text,
            number: { type: 'string', maxLength: 20 },
            stop: text,
            after: { type: 'string', pattern: '^\\d{1,2}:\\d{2}(:\\d{2})?$' },
          }),
        },
        [400],
      ),
    },
    async (request) => findTrips(app.deps, request.query),
  );
  app.get<{ Querystring: { tripid: string } }>(
    '/get_stop_times_trip',
    {
      schema: schema(
        'Stop times of one trip in sequence order; GTFS HH:MM:SS times (may pass 24:00).',
        Type.Array(
          Type.Object({
            stopSequence: Type.Integer(),
            stopId: Type.String(),
            stopName: Nullable(Type.String()),
            arrival: Nullable(Type.String()),
            departure: Nullable(Type.String()),
          }),
        ),
        { querystring: query({ tripid: text }, ['tripid']) },
        [400, 404],
      ),
    },
    async (request) => listStopTimesOfTrip(app.deps, { tripid: request.query.tripid }),
  );
};
