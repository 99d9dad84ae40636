import $protobuf from 'protobufjs/minimal.js';
import { FeedDecodeError, FeedVerifyError } from './errors.ts';
import { transit_realtime } from './generated/gtfs-realtime.js';
import { verifyFeedEntity, verifyFeedMessage } from './verify.ts';

type Decoder<T> = { decode(reader: Uint8Array): T };

/** A FeedMessage read but for its entities: its header, and each entity's bytes, in order. */
export type SplitFeedMessage = { header: transit_realtime.FeedHeader; entities: Uint8Array[] };

/**
 * Reads a FeedMessage's header and finds its entities' bytes without decoding them, so that a
 * large message's entities can be decoded one at a time (decodeFeedEntity) between other work;
 * throws a FeedDecodeError as decodeFeedMessage does. Read as protobufjs reads the whole message:
 * the last header wins, unknown fields are skipped.
 */
export function splitFeedMessage(bytes: Uint8Array): SplitFeedMessage {
  return decodeAs(
    {
      decode(input: Uint8Array) {
        const reader = $protobuf.Reader.create(input);
        let header: transit_realtime.FeedHeader | undefined;
        const entities: Uint8Array[] = [];
        while (reader.pos < reader.len) {
          const tag = reader.uint32();
          if (tag >>> 3 === 1) header = transit_realtime.FeedHeader.decode(reader, reader.uint32());
          else if (tag >>> 3 === 2) {
            const length = reader.uint32();
            const start = reader.pos;
            reader.skip(length);
            entities.push(input.subarray(start, start + length));
          } else reader.skipType(tag & 7);
        }
        if (!header) throw new Error("missing required 'header'");
        return { header, entities };
      },
    },
    bytes,
  );
}

/**
 * The id of an entity (splitFeedMessage's bytes) read without decoding the rest: a push of 10 000
 * positions over its producer's quota is refused on their ids alone, without making 10 000
 * entities of garbage first. The last id wins, as in decodeFeedEntity; '' when it has none.
 */
export function feedEntityId(bytes: Uint8Array): string {
  return decodeAs(
    {
      decode(input: Uint8Array) {
        const reader = $protobuf.Reader.create(input);
        let id = '';
        while (reader.pos < reader.len) {
          const tag = reader.uint32();
          if (tag === 10) id = reader.string();
          else reader.skipType(tag & 7);
        }
        return id;
      },
    },
    bytes,
  );
}

/** Decodes bytes or throws a FeedDecodeError whose message names the problem. Unknown fields are skipped. */
function decodeAs<T>(type: Decoder<T>, bytes: Uint8Array): T {
  try {
    return type.decode(bytes);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // protobufjs names required fields in camelCase; the spec and the proto use snake_case.
    const named = message.replace(/missing required '(\w+)'/, (_, field: string) => {
      return `missing required '${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}'`;
    });
    throw new FeedDecodeError(named, { cause: error });
  }
}

export function decodeFeedMessage(bytes: Uint8Array): transit_realtime.FeedMessage {
  return decodeAs(transit_realtime.FeedMessage, bytes);
}

export function decodeFeedEntity(bytes: Uint8Array): transit_realtime.FeedEntity {
  return decodeAs(transit_realtime.FeedEntity, bytes);
}

/** Verifies, then encodes; throws FeedVerifyError with the verification message. */
export function encodeFeedEntity(entity: transit_realtime.IFeedEntity): Uint8Array {
  const error = verifyFeedEntity(entity);
  if (error) throw new FeedVerifyError(error);
  return transit_realtime.FeedEntity.encode(transit_realtime.FeedEntity.fromObject(entity)).finish();
}

/** Verifies, then encodes; throws FeedVerifyError with the verification message. */
export function encodeFeedMessage(message: transit_realtime.IFeedMessage): Uint8Array {
  const error = verifyFeedMessage(message);
  if (error) throw new FeedVerifyError(error);
  return transit_realtime.FeedMessage.encode(transit_realtime.FeedMessage.fromObject(message)).finish();
}
