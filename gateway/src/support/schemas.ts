import { type TObject, type TSchema, Type } from '@sinclair/typebox';

/**
 * Schema pieces shared by the route files. Each route keeps its own schema beside its handler;
 * @fastify/swagger makes /docs/openapi.json from them (support/openapi.ts).
 */

/** Every refusal (server/src/http/error-handler.ts, docs/errors.md). */
export const ErrorBody = Type.Object(
  {
    code: Type.Integer({ description: 'The HTTP status.' }),
    error: Type.String({ description: 'A short title, e.g. "Unknown trip".' }),
    description: Type.String({ description: 'What to fix, as a sentence.' }),
    details: Type.Optional(
      Type.Unknown({
        description: 'Refused feed entities: `{"notices": [...]}`; uploads: `{"validation_report": true}`.',
      }),
    ),
  },
  { description: 'The refusal, `{code, error, description}`.' },
);

const REFUSALS: Record<number, string> = {
  400: 'Bad input (validation_failed, bad_request, …).',
  401: 'Not logged in (not_logged_in).',
  403: 'Missing role or bad CSRF token (forbidden, csrf_invalid).',
  404: 'Unknown thing.',
  409: 'Conflict: the thing changed or is in a state that refuses this (entity_changed, conflict, …).',
  413: 'Too large.',
  405: 'Another method is needed (method_not_allowed).',
  415: 'Wrong content type.',
  422: 'The entity fails the feed rules (details.notices).',
  429: 'Too many attempts.',
};

/** Error responses of a route: `{...refusals(401, 403, 404)}`; 500 is always listed. */
export function refusals(...statuses: number[]): Record<number, TSchema> {
  const responses: Record<number, TSchema> = {};
  for (const status of [...statuses, 500]) {
    responses[status] = {
      ...ErrorBody,
      description: REFUSALS[status] ?? 'Something went wrong on the server.',
    };
  }
  return responses;
}

/** The 401/403 of a route for logged-in users with a role; 403 also covers a bad CSRF token. */
export const ROLE_REFUSALS = [401, 403] as const;

export const Message = Type.Object({ message: Type.String() });

/** A response that is not JSON: text, a file, protobuf bytes. */
export function contentOf(description: string, types: Record<string, TSchema>): TSchema {
  const content: Record<string, { schema: TSchema }> = {};
  for (const [type, schema] of Object.entries(types)) content[type] = { schema };
  return { description, content } as unknown as TSchema;
}

export const Text = Type.String();
export const Binary = Type.String({ format: 'binary' });

/** 304: no body (a conditional GET that matched). */
export const notModified = (description: string) => Type.Null({ description });

/** A form, as urlencoded or multipart (docs/rest-api.md "Common rules"), read by the handler itself. */
export function formBody(fields: TObject) {
  return { 'application/x-www-form-urlencoded': fields, 'multipart/form-data': fields };
}
