import { FeedVerifyError } from './errors.ts';
import { transit_realtime } from './generated/gtfs-realtime.js';
import { verifyFeedEntity, verifyFeedMessage } from './verify.ts';

/** protobuf-JSON: camelCase names, enums as names, int64 as numbers, unset fields omitted. */
export type FeedJson = { [key: string]: unknown };

/**
 * The protobuf-JSON shape of a message interface T (what `toObject` with the options below makes):
 * enum numbers become their names, int64 (number or Long) numbers, bytes base64 strings. (An enum
 * member's template string is its digits only, so `${number}` tells a plain number from an enum.)
 */
export type JsonOf<T> = T extends string | boolean
  ? T
  : T extends number
    ? `${number}` extends `${T}`
      ? number
      : string
    : T extends { low: number; high: number; unsigned: boolean }
      ? number
      : T extends Uint8Array
        ? string
        : T extends readonly (infer U)[]
          ? JsonOf<NonNullable<U>>[]
          : T extends object
            ? { [K in keyof T]: JsonOf<NonNullable<T[K]>> }
            : never;

export type FeedEntityJson = JsonOf<transit_realtime.IFeedEntity>;

const toJsonOptions = { enums: String, longs: Number, json: true } as const;

export function feedEntityToJson(entity: transit_realtime.IFeedEntity): FeedEntityJson {
  // toObject is typed as a loose record; with these options it makes exactly FeedEntityJson.
  return transit_realtime.FeedEntity.toObject(
    entity as transit_realtime.FeedEntity,
    toJsonOptions,
  ) as FeedEntityJson;
}

export function feedMessageToJson(message: transit_realtime.IFeedMessage): FeedJson {
  return transit_realtime.FeedMessage.toObject(message as transit_realtime.FeedMessage, toJsonOptions);
}

type FromObject<T> = {
  fromObject(object: { [k: string]: unknown }): T;
  toObject(message: T): { [k: string]: unknown };
};

/**
 * Builds a message from protobuf-JSON (enum names or numbers, int64 as numbers or strings),
 * then verifies it; throws FeedVerifyError. Unknown enum names are dropped by protobufjs.
 */
function fromJsonAs<T>(type: FromObject<T>, verify: (value: unknown) => string | null, json: unknown): T {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new FeedVerifyError('object expected');
  let message: T;
  try {
    message = type.fromObject(json as { [k: string]: unknown });
  } catch (error) {
    throw new FeedVerifyError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  // Verify the plain form: a message instance inherits defaults (id "") that hide missing required fields.
  const error = verify(type.toObject(message));
  if (error) throw new FeedVerifyError(error);
  return message;
}

export function feedEntityFromJson(json: unknown): transit_realtime.FeedEntity {
  return fromJsonAs(transit_realtime.FeedEntity, verifyFeedEntity, json);
}

export function feedMessageFromJson(json: unknown): transit_realtime.FeedMessage {
  return fromJsonAs(transit_realtime.FeedMessage, verifyFeedMessage, json);
}
