import { transit_realtime } from './generated/gtfs-realtime.js';

type Verifier = { verify(message: { [k: string]: unknown }): string | null };

/**
 * Checks an object against a message type: required fields, enum values among the listed ones,
 * integers are integers, strings are strings (protobufjs' verify), then no NaN or Infinity anywhere
 * (protobufjs accepts any `number` for float fields). Returns null or a message naming the field.
 */
export function verifyAs(type: Verifier, value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'object expected';
  const error = type.verify(value as { [k: string]: unknown });
  // protobufjs reports a missing nested message as "header.object expected".
  return error ? error.replace(/\.object expected$/, ': object expected') : findNonFinite(value, '');
}

function findNonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path}: finite number expected`;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const error = findNonFinite(
      child,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
    );
    if (error) return error;
  }
  return null;
}

/** Null when `entity` can be encoded as a FeedEntity, else what is wrong (e.g. "tripUpdate.trip: object expected"). */
export function verifyFeedEntity(entity: unknown): string | null {
  return verifyAs(transit_realtime.FeedEntity, entity);
}

/** Null when `message` can be encoded as a FeedMessage, else what is wrong. */
export function verifyFeedMessage(message: unknown): string | null {
  return verifyAs(transit_realtime.FeedMessage, message);
}
