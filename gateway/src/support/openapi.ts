import type { SwaggerOptions } from '@fastify/swagger';
import type { TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the handler reads itself (a form, protobuf bytes, an upload), by content
     * type: described in the OpenAPI document, never validated by Fastify (a multipart body is
     * read only after the route's onRequest hooks checked the caller).
     */
    documentedBody?: Record<string, TSchema>;
  }
}

/** @fastify/swagger's options: the OpenAPI 3 document /docs/openapi.json, made from the routes' schemas. */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Feed desk REST API',
      version: '1.0.0',
      description:
        'The REST/protobuf contract of the feed desk (gateway/src/routes). Errors are `{code, error, description}` ' +
        '(docs/errors.md). Writes (POST, PUT, DELETE) need the header X-CSRF-Token from GET /auth/csrf, ' +
        'bound to the browser_id cookie; role-protected paths need the session cookie from POST /auth/login.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'From POST /auth/login.' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'From GET /auth/csrf.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN, when it is set.' },
      },
    },
    tags: [
      { name: 'operations', description: 'Health, readiness and Prometheus metrics (no session).' },
      { name: 'auth', description: 'CSRF token, login, users (admin).' },
      { name: 'db', description: 'Queries of the current schedule (login).' },
      { name: 'feed', description: 'The public GTFS-Realtime feeds and the editors’ writes.' },
      { name: 'disruptions', description: 'Dated trips and disruptions (edit).' },
      { name: 'gtfs', description: 'Schedule upload (gtfs) and the schedule downloads.' },
      { name: 'excel', description: 'History summaries (excel).' },
      {
        name: 'settings',
        description: 'Operator settings: languages of alert texts (read: login; write: admin).',
      },
      {
        name: 'webhooks',
        description: "The operator's own systems told of each act, signed as Standard Webhooks says (admin).",
      },
      {
        name: 'riders',
        description:
          'Riders’ pages: the status of each route, alerts as Atom, e-mail subscriptions (public).',
      },
    ],
  },
  transform: ({ schema, url: routeUrl }) => {
    // A group's own path is registered as `/feed/disruptions/`: documented without the slash, as called.
    const url = routeUrl.length > 1 ? routeUrl.replace(/\/$/, '') : routeUrl;
    if (!schema) return { schema, url };
    const { documentedBody, ...rest } = schema;
    const documented: FastifySchema = { ...rest, response: described(schema.response) };
    if (documentedBody) {
      const content = Object.entries(documentedBody).map(([type, s]) => [type, { schema: s }]);
      documented.body = { content: Object.fromEntries(content) };
    }
    return { schema: documented, url };
  },
};

/** A success answer without a description of its own is "Success." (Swagger UI would say "Default Response"). */
function described(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  const entries = Object.entries(response as Record<string, { description?: string }>).map(([status, s]) => [
    status,
    s.description || !status.startsWith('2') ? s : { ...s, description: 'Success.' },
  ]);
  return Object.fromEntries(entries);
}
