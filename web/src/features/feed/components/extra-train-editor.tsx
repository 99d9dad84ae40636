import { useTimeZone } from '../../../lib/schedule-info.ts';
import { useStopTimes } from '../api/get-stop-times.ts';
import type { EditBase, TripUpdateEntity } from '../types.ts';
import { ExtraTrainForm } from './extra-train-form.tsx';

/** An extra train opened from the feed list: its date and start, on the stops of the trip it copies. */
export function ExtraTrainEditor({
  entity,
  base,
  readOnly,
}: {
  entity: TripUpdateEntity;
  base?: EditBase;
  readOnly: boolean;
}) {
  const zone = useTimeZone();
  const tripId = entity.tripUpdate.trip.tripId ?? '';
  const stops = useStopTimes(tripId || null);
  if (stops.error) return <p className="text-danger">{stops.error.message}</p>;
  if (!stops.data) return <p>Loading stops…</p>;
  return (
    <ExtraTrainForm
      tripId={tripId}
      routeId={entity.tripUpdate.trip.routeId ?? undefined}
      stops={stops.data}
      timeZone={zone}
      entity={entity}
      base={base}
      readOnly={readOnly}
    />
  );
}
