import type { FeedEntity } from '@feeddesk/proto';
import { own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A carriage has no carriage_sequence: the GTFS-RT reference marks CarriageDetails.carriage_sequence
 * Required ("Identifies the order of this carriage with respect to the other carriages"). Error.
 */
export const code = 'carriage_sequence_missing';
export const severity: Severity = 'error';
export const description = 'A carriage of multi_carriage_details has no carriage_sequence.';
export const sentence = () =>
  'This carriage has no carriage_sequence; number the carriages 1, 2, 3… from the front.';

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return (entity.vehicle?.multiCarriageDetails ?? []).flatMap((carriage, i) =>
    own(carriage, 'carriageSequence') === undefined
      ? [report(`vehicle.multi_carriage_details[${i}].carriage_sequence`)]
      : [],
  );
}
