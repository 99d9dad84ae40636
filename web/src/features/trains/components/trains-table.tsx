import { Fragment, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { platformChange } from '../../feed/feed-labels.ts';
import type { Train } from '../types.ts';
import { ago, useNowSecs } from '../use-now.ts';
import { FormationEditor, FormationView } from './formation.tsx';

const STATUS = { STOPPED_AT: 'At', INCOMING_AT: 'Arriving at', IN_TRANSIT_TO: 'Next' } as const;

/**
 * Each train with its trip, its next stop, how long ago it was seen (ticking) and its formation,
 * which a controller (`canEdit`) edits in place.
 */
export function TrainsTable({ trains, canEdit = false }: { trains: Train[]; canEdit?: boolean }) {
  const now = useNowSecs();
  const [editing, setEditing] = useState<string | null>(null);
  if (trains.length === 0) return <p className="text-body-secondary">No train has reported a position.</p>;
  return (
    <Table size="sm" hover responsive aria-label="Trains">
      <thead>
        <tr>
          <th scope="col">Train</th>
          <th scope="col">Route</th>
          <th scope="col">To</th>
          <th scope="col">Stop</th>
          <th scope="col">Seen</th>
          <th scope="col">Formation</th>
        </tr>
      </thead>
      <tbody>
        {trains.map((t) => (
          <Fragment key={t.id}>
            <tr data-testid={`train-row-${t.id}`}>
              <td>
                <span className="fw-semibold">{t.trainNumber ?? t.label}</span>
                {t.tripId && <div className="small text-body-secondary">{t.tripId}</div>}
              </td>
              <td>
                {t.routeColor && (
                  <span
                    className="d-inline-block rounded-circle me-1"
                    style={{ width: 10, height: 10, background: `#${t.routeColor}` }}
                    aria-hidden
                  />
                )}
                {t.routeName ?? t.routeId ?? '–'}
              </td>
              <td>{t.headsign ?? '–'}</td>
              <td data-testid="train-stop">
                {t.stopName ? `${STATUS[t.status]} ${t.stopName}` : '–'}
                {t.stopName && t.scheduledStopName && (
                  // Moved to another platform: said as riders see it on the boards.
                  <div className="small text-warning-emphasis" data-testid="train-platform">
                    {platformChange(t.stopName, t.scheduledStopName)}
                  </div>
                )}
              </td>
              <td data-testid="train-seen">{ago(now, t.timestamp)}</td>
              <td>
                <FormationView carriages={t.formation} />
                {canEdit && t.tripId && t.startDate && editing !== t.id && (
                  <Button size="sm" variant="link" className="p-0" onClick={() => setEditing(t.id)}>
                    Edit formation
                  </Button>
                )}
              </td>
            </tr>
            {editing === t.id && (
              <tr>
                <td colSpan={6}>
                  <FormationEditor train={t} onClose={() => setEditing(null)} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
}
