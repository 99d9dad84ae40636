import type { FeedEntity } from '@feeddesk/proto';
import { own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Two carriages of a vehicle have the same carriage_sequence: each sequence names one position in
 * the train (GTFS-RT reference, CarriageDetails.carriage_sequence). Error, on the later carriage.
 */
export const code = 'carriage_sequence_repeated';
export const severity: Severity = 'error';
export const description = 'Two carriages of multi_carriage_details have the same carriage_sequence.';
export const sentence = (n: FeedNotice) =>
  `carriage_sequence ${n.value} is given to more than one carriage; give each carriage its own place.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const seen = new Set<number>();
  return (entity.vehicle?.multiCarriageDetails ?? []).flatMap((carriage, i) => {
    const sequence = own(carriage, 'carriageSequence');
    if (sequence === undefined) return [];
    if (!seen.has(sequence)) {
      seen.add(sequence);
      return [];
    }
    return [report(`vehicle.multi_carriage_details[${i}].carriage_sequence`, { value: sequence })];
  });
}
