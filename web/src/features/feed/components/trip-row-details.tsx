import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { conflictOf } from '../../../lib/errors.ts';
import { useSaveTripUpdate } from '../api/save-trip-update.ts';
import { platformLabel } from '../feed-labels.ts';
import { withCancelled } from '../trip-entity.ts';
import type { TripUpdateEntity } from '../types.ts';

/** docs/spec.md §2: the expanded trip row: cancel checkbox, total delay, cancelled stops and Save. */
export function TripRowDetails({
  id,
  entity,
  revision,
  canEdit,
}: {
  id: string;
  entity: TripUpdateEntity;
  /** The revision shown: a colleague's later save refuses this one (409) instead of being lost. */
  revision: number;
  canEdit: boolean;
}) {
  const [cancelled, setCancelled] = useState(entity.tripUpdate?.trip?.scheduleRelationship === 'CANCELED');
  const save = useSaveTripUpdate();
  // A colleague's save in between: said here (the live list already shows their change).
  const conflict = conflictOf(save.error);
  const updates = entity.tripUpdate?.stopTimeUpdate ?? [];
  const delays = updates.map((u) => u.arrival?.delay ?? u.departure?.delay).filter((d) => d !== undefined);
  const totalMinutes = delays.length > 0 ? Math.round(delays[delays.length - 1]! / 60) : 0;
  const skipped = updates.filter((u) => u.scheduleRelationship === 'SKIPPED');
  const moved = updates.filter((u) => u.stopTimeProperties?.assignedStopId);
  const extra = entity.tripUpdate?.trip?.scheduleRelationship === 'DUPLICATED';
  return (
    <div className="d-flex flex-wrap align-items-center gap-4 py-1 px-2" data-testid="trip-details">
      {/* An extra train is not cancelled but deleted (its row's Delete). */}
      {!extra && (
        <Form.Check
          id={`cancel-${id}`}
          label="Trip cancelled"
          checked={cancelled}
          disabled={!canEdit}
          onChange={(e) => setCancelled(e.target.checked)}
        />
      )}
      <span>
        Total delay: <strong data-testid="trip-total-delay">{totalMinutes} min</strong>
      </span>
      <span>
        Cancelled stops:{' '}
        <strong>
          {skipped.length > 0 ? skipped.map((u) => u.stopId ?? `#${u.stopSequence}`).join(', ') : 'none'}
        </strong>
      </span>
      {moved.length > 0 && (
        <span data-testid="trip-platforms">
          Platform changes:{' '}
          <strong>
            {moved
              .map(
                (u) =>
                  `${u.stopId ?? `#${u.stopSequence}`} → ${platformLabel(u.stopTimeProperties!.assignedStopId!)}`,
              )
              .join(', ')}
          </strong>
        </span>
      )}
      {canEdit && !extra && (
        <Button
          size="sm"
          onClick={() =>
            save.mutate({ entity: withCancelled(entity, id, cancelled), baseRevision: revision })
          }
          disabled={save.isPending}
        >
          Save
        </Button>
      )}
      {conflict && (
        <span className="text-danger small" role="alert">
          {conflict.message}
        </span>
      )}
    </div>
  );
}
