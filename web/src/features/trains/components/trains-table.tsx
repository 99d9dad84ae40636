import { Table } from 'react-bootstrap';
import type { Train } from '../types.ts';
import { ago, useNowSecs } from '../use-now.ts';

const STATUS = { STOPPED_AT: 'At', INCOMING_AT: 'Arriving at', IN_TRANSIT_TO: 'Next' } as const;

/** Each train with its trip, its next stop and how long ago it was seen (ticking). */
export function TrainsTable({ trains }: { trains: Train[] }) {
  const now = useNowSecs();
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
        </tr>
      </thead>
      <tbody>
        {trains.map((t) => (
          <tr key={t.id} data-testid={`train-row-${t.id}`}>
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
            <td data-testid="train-stop">{t.stopName ? `${STATUS[t.status]} ${t.stopName}` : '–'}</td>
            <td data-testid="train-seen">{ago(now, t.timestamp)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
