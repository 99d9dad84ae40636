import {
  decodeFeedEntity,
  FeedDecodeError,
  type FeedEntity,
  FeedVerifyError,
  feedEntityFromJson,
} from '@feeddesk/proto';
import { AppError } from '../errors.ts';

/**
 * The entity as an edge received it: protobuf bytes (REST), protobuf-JSON without an id needed
 * (tRPC), or one entity of a FeedMessage the edge decoded (a bulk push of positions).
 */
export type EntityInput = { protobuf: Uint8Array } | { json: object } | { decoded: FeedEntity };

/** The one message a save or a check works on; the decoder's or verifier's words in the error. */
export function readFeedEntity(input: EntityInput): FeedEntity {
  if ('decoded' in input) return input.decoded;
  try {
    if ('protobuf' in input) return decodeFeedEntity(input.protobuf);
    // The editor may leave the id out: a new entity gets one when saved.
    return feedEntityFromJson({ id: '', ...input.json });
  } catch (error) {
    if (error instanceof FeedDecodeError) {
      throw new AppError('feed_decode_failed', {
        message: `The body is not a valid FeedEntity: ${error.message}.`,
      });
    }
    if (error instanceof FeedVerifyError) throw notValid(error.message);
    throw error;
  }
}

export function notValid(problem: string): AppError {
  return new AppError('feed_rules_failed', { message: `The entity is not valid: ${problem}.` });
}
