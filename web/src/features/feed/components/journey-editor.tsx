import { useTimeZone } from '../../../lib/schedule-info.ts';
import { type JourneyKind, savedJourney } from '../journey.ts';
import type { EditBase, TripUpdateEntity } from '../types.ts';
import { JourneyForm } from './journey-form.tsx';

/** A new train or replacement journey opened from the feed list: its own stops and times. */
export function JourneyEditor({
  entity,
  base,
  readOnly,
}: {
  entity: TripUpdateEntity;
  base?: EditBase;
  readOnly: boolean;
}) {
  const zone = useTimeZone();
  const kind = entity.tripUpdate.trip.scheduleRelationship as JourneyKind;
  return (
    <JourneyForm
      kind={kind}
      timeZone={zone}
      entity={entity}
      base={base}
      stops={savedJourney(entity, zone)}
      readOnly={readOnly}
      open
    />
  );
}
