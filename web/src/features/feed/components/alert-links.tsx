import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useAlertLinks } from '../api/get-alert-links.ts';
import { trainNumber } from '../feed-labels.ts';

/**
 * In the alert editor: the trips this alert was published with (a disruption's, or one trip
 * update's), so a controller changing the alert sees whose change it tells riders about.
 */
export function AlertLinks({ alertId }: { alertId: string | null }) {
  const { data } = useAlertLinks(alertId);
  if (!data || data.trips.length === 0) return null;
  const { disruption, trips } = data;
  return (
    <Alert variant="info" className="m-3 mb-0" data-testid="alert-links">
      {disruption
        ? `Published with the disruption “${disruption.reason}” of ${disruption.serviceDate}${disruption.active ? '' : ' (lifted)'}, linked to ${trips.length} trips: `
        : 'Published with the trip update of '}
      {trips.map((trip, i) => (
        <span key={trip.tripUpdateId}>
          {i > 0 && ', '}
          {trip.live ? (
            <Link to={paths.tripUpdate.getHref(trip.tripUpdateId)}>
              train {trainNumber(trip.tripId, trip.trainNumber)}
            </Link>
          ) : (
            `train ${trainNumber(trip.tripId, trip.trainNumber)} (no longer in the feed)`
          )}
          {trip.startDate && ` on ${trip.startDate}`}
        </span>
      ))}
      . A change to the alert does not change the trips.
    </Alert>
  );
}
