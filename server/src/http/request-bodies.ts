import formbody from '@fastify/formbody';
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Bodies are parsed in time linear in their size and within bounds no call of the contract comes
 * near, so that no request, signed in or not, holds the event loop that serves the feeds: the
 * nesting and the number of values are counted in one pass before the text is parsed.
 */
export const BODY_LIMITS = {
  /** Every route's largest body unless it says otherwise (uploads and protobuf entities do). */
  bytes: 512 * 1024,
  jsonDepth: 32,
  /** Values of a JSON body (a trip of 200 stops with all their fields is ~3 000). */
  jsonValues: 20_000,
  /** Fields of a form, repeated ones counted each time (a user's roles, a trip's stops). */
  formValues: 1000,
};

export type JsonShape = { depth: number; values: number };

/**
 * The deepest nesting of arrays and objects of a JSON text and its count of values (separators
 * plus one per container), in one pass over its characters; what lies in strings does not count.
 * Stops early once a bound is passed.
 */
export function jsonShape(
  text: string,
  bounds = { depth: Number.POSITIVE_INFINITY, values: Number.POSITIVE_INFINITY },
): JsonShape {
  let depth = 0;
  let deepest = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c /* , */ || c === 0x3a /* : */) values++;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      values++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
    if (deepest > bounds.depth || values > bounds.values) break;
  }
  return { depth: deepest, values };
}

/** Why a JSON text is refused before it is parsed, or undefined when it is within the bounds. */
export function jsonBodyRefusal(text: string): AppError | undefined {
  const shape = jsonShape(text, { depth: BODY_LIMITS.jsonDepth, values: BODY_LIMITS.jsonValues });
  if (shape.depth > BODY_LIMITS.jsonDepth) {
    return new AppError('bad_request', {
      message: `The JSON body nests deeper than ${BODY_LIMITS.jsonDepth} levels. Send the fields of the call only.`,
    });
  }
  if (shape.values > BODY_LIMITS.jsonValues) {
    return new AppError('bad_request', {
      message: `The JSON body holds more than ${BODY_LIMITS.jsonValues} values. Send the fields of the call only.`,
    });
  }
  return undefined;
}

/** The bounded, linear parsers of JSON and urlencoded bodies, and the default body limit. */
export async function installBodyParsers(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refusal = jsonBodyRefusal(body as string);
    if (refusal) done(refusal, undefined);
    else parseJson(request, body as string, done);
  });
  await app.register(formbody, { parser: parseForm });
}

/** fast-querystring's parse, after counting the fields (objects of 100 000 distinct keys took 66 ms to build). */
function parseForm(text: string): Record<string, unknown> {
  let fields = 1;
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    if (++fields > BODY_LIMITS.formValues) {
      throw new AppError('bad_request', {
        message: `The form has more than ${BODY_LIMITS.formValues} fields. Send each field once.`,
      });
    }
  }
  return parseQuery(text);
}
