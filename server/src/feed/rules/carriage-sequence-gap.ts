import type { FeedEntity } from '@feeddesk/proto';
import { own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Carriage sequences do not run 1, 2, 3… without a gap: "The first carriage in the direction of
 * travel must have a value of 1. The second … must have a value of 2", and a consumer seeing 3 for
 * the second carriage discards every carriage's data (GTFS-RT reference, carriage_sequence). Error,
 * on each carriage whose sequence is above the number of carriages.
 */
export const code = 'carriage_sequence_gap';
export const severity: Severity = 'error';
export const description = 'The carriage sequences of a vehicle do not run 1, 2, 3… without a gap.';
export const sentence = (n: FeedNotice) =>
  `carriage_sequence ${n.value} leaves a gap in a train of ${n.carriages} carriages; number them 1 to ${n.carriages}.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const carriages = entity.vehicle?.multiCarriageDetails ?? [];
  const report = reporter(code, severity, entity.id);
  // With sequences unique (carriage_sequence_repeated) and at most n, they are exactly 1..n.
  return carriages.flatMap((carriage, i) => {
    const sequence = own(carriage, 'carriageSequence');
    if (sequence === undefined || (sequence >= 1 && sequence <= carriages.length)) return [];
    return [
      report(`vehicle.multi_carriage_details[${i}].carriage_sequence`, {
        value: sequence,
        carriages: carriages.length,
      }),
    ];
  });
}
