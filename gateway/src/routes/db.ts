import { requireRole } from '@feeddesk/server/http/require-role';
import { findStops } from '@feeddesk/server/schedule/find-stops';
import { findTrips } from '@feeddesk/server/schedule/find-trips';
import { listRoutes } from '@feeddesk/server/schedule/list-routes';
import { listServices } from '@feeddesk/server/schedule/list-services';
import { listStopTimesOfTrip } from '@feeddesk/server/schedule/list-stop-times-of-trip';
import { mapTripsToRoutes } from '@feeddesk/server/schedule/map-trips-to-routes';
import type { FastifyPluginAsync } from 'fastify';

const text = { type: 'string', maxLength: 200 } as const;
const query = (properties: Record<string, unknown>, required: string[] = []) => ({
  querystring: { type: 'object', properties, required, additionalProperties: true },
});

/** /db of contract.md: schedule queries for the editors (login). */
export const dbRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole(null));
  app.get('/get_routes', async () => listRoutes(app.deps));
  app.get('/get_services', async () => listServices(app.deps));
  app.get<{ Querystring: { stopname?: string } }>(
    '/get_stops',
    { schema: query({ stopname: text }) },
    async (request) => findStops(app.deps, { stopname: request.query.stopname }),
  );
  app.get('/trips_to_routes', async () => mapTripsToRoutes(app.deps));
  app.get<{
    Querystring: { route?: string; service?: string; number?: string; after?: string; stop?: string };
  }>(
    '/get_trips',
    {
      schema: query({
        route: text,
        service: text,
        number: { type: 'string', maxLength: 20 },
        stop: text,
        after: { type: 'string', pattern: '^\\d{1,2}:\\d{2}(:\\d{2})?$' },
      }),
    },
    async (request) => findTrips(app.deps, request.query),
  );
  app.get<{ Querystring: { tripid: string } }>(
    '/get_stop_times_trip',
    { schema: query({ tripid: text }, ['tripid']) },
    async (request) => listStopTimesOfTrip(app.deps, { tripid: request.query.tripid }),
  );
};
