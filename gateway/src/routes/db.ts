import { requireRole } from '@feeddesk/server/http/require-role';
import { findStops } from '@feeddesk/server/schedule/find-stops';
import { findTrips } from '@feeddesk/server/schedule/find-trips';
import { listAgencies } from '@feeddesk/server/schedule/list-agencies';
import { listRoutes } from '@feeddesk/server/schedule/list-routes';
import { listServices } from '@feeddesk/server/schedule/list-services';
import { listStopDetails } from '@feeddesk/server/schedule/list-stop-details';
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
const NullableText = Nullable(Type.String());
const NullableInt = Nullable(Type.Integer());
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
    '/get_agency',
    {
      schema: schema(
        "Agencies of the current schedule with agency.txt's fields (null when absent).",
        Type.Array(
          Type.Object({
            agency_id: Type.String(),
            agency_name: Type.String(),
            agency_url: NullableText,
            agency_timezone: Type.String(),
            agency_lang: NullableText,
            agency_phone: NullableText,
            agency_fare_url: NullableText,
            agency_email: NullableText,
          }),
        ),
      ),
    },
    async () => listAgencies(app.deps),
  );
  app.get(
    '/get_routes',
    {
      schema: schema(
        "Routes of the current schedule with routes.txt's fields (colours hex without #).",
        Type.Array(
          Type.Object({
            route_id: Type.String(),
            route_long_name: NullableText,
            route_color: NullableText,
            agency_id: NullableText,
            route_short_name: NullableText,
            route_desc: NullableText,
            route_type: NullableInt,
            route_url: NullableText,
            route_text_color: NullableText,
            route_sort_order: NullableInt,
            label: Type.String({
              description: 'How the product shows the route: its name, told apart from namesakes',
            }),
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
  app.get<{ Querystring: { stopname?: string } }>(
    '/get_stop_details',
    {
      schema: schema(
        "Stops with stops.txt's fields (null when absent), by stop_id; stopname: a case-insensitive substring.",
        Type.Array(
          Type.Object({
            stop_id: Type.String(),
            stop_code: NullableText,
            stop_name: NullableText,
            stop_desc: NullableText,
            stop_lat: Nullable(Type.Number()),
            stop_lon: Nullable(Type.Number()),
            zone_id: NullableText,
            stop_url: NullableText,
            location_type: NullableInt,
            parent_station: NullableText,
            stop_timezone: NullableText,
            wheelchair_boarding: NullableInt,
            level_id: NullableText,
            platform_code: NullableText,
          }),
        ),
        { querystring: query({ stopname: text }) },
        [400],
      ),
    },
    async (request) => listStopDetails(app.deps, { stopname: request.query.stopname }),
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
        "Trips: in progress (0), yet to start (1), finished (2), judged at `after` (local HH:MM[:SS]) or now; yesterday's runs still under way are listed with their service date `start_date`.",
        Type.Array(
          Type.Object({
            trip_id: Type.String(),
            start_date: Type.String({ pattern: '^\\d{8}$' }),
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
