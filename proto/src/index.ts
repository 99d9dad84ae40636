import { transit_realtime } from './generated/gtfs-realtime.js';

export {
  decodeFeedEntity,
  decodeFeedMessage,
  encodeFeedEntity,
  encodeFeedMessage,
  feedEntityId,
  type SplitFeedMessage,
  splitFeedMessage,
} from './codec.ts';
export { type EntityKind, entityKind } from './entity-kind.ts';
export { FeedDecodeError, FeedVerifyError } from './errors.ts';
export {
  type FeedEntityJson,
  type FeedJson,
  feedEntityFromJson,
  feedEntityToJson,
  feedMessageFromJson,
  feedMessageToJson,
  type JsonOf,
} from './json.ts';
export { verifyFeedEntity, verifyFeedMessage } from './verify.ts';
export { transit_realtime };

// Plain-object shapes (protobufjs interfaces) for the messages the product handles.
export type FeedMessage = transit_realtime.IFeedMessage;
export type FeedHeader = transit_realtime.IFeedHeader;
export type FeedEntity = transit_realtime.IFeedEntity;
export type TripUpdate = transit_realtime.ITripUpdate;
export type StopTimeUpdate = transit_realtime.TripUpdate.IStopTimeUpdate;
export type StopTimeEvent = transit_realtime.TripUpdate.IStopTimeEvent;
export type TripDescriptor = transit_realtime.ITripDescriptor;
export type Alert = transit_realtime.IAlert;
export type EntitySelector = transit_realtime.IEntitySelector;
export type TimeRange = transit_realtime.ITimeRange;
export type VehiclePosition = transit_realtime.IVehiclePosition;

export const TripScheduleRelationship = transit_realtime.TripDescriptor.ScheduleRelationship;
export const StopScheduleRelationship = transit_realtime.TripUpdate.StopTimeUpdate.ScheduleRelationship;
