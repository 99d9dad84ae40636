import { Alert, Badge, Card, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { formatError } from '../../../lib/errors.ts';
import { useScheduleDiff } from '../api/diff-schedule-versions.ts';
import type { ScheduleDiff } from '../types.ts';

type RouteDiff = ScheduleDiff['routes'][number];
/** A listed trip; a retimed one also says when it ran before. */
type Trip = RouteDiff['addedTrips'][number] & { firstBefore?: string | null; lastBefore?: string | null };
type Service = ScheduleDiff['services'][number];

/** The diff of two versions per route, each list behind a summary with its count. */
export function VersionDiff({ from, to }: { from: number | null; to: number | null }) {
  const diff = useScheduleDiff(from, to);
  if (from === null || to === null) return null;
  if (diff.isLoading) return <LoadingScreen />;
  if (diff.error) return <Alert variant="danger">{formatError(diff.error)}</Alert>;
  if (!diff.data) return null;
  const { totals, routes, stopsAdded, stopsRemoved, services, dated } = diff.data;
  return (
    <div data-testid="version-diff">
      <p data-testid="diff-totals">
        From version {from} to version {to}: {totals.tripsAdded} trips added, {totals.tripsRemoved} removed,{' '}
        {totals.tripsRetimed} retimed; {totals.stopsAdded} stops added, {totals.stopsRemoved} removed;{' '}
        {totals.servicesChanged} services with changed days.
      </p>
      {dated.length > 0 && (
        // What riders see on each date (planned works move trains between services: by trip id
        // they read as added or nothing at all).
        <ul data-testid="diff-dated">
          {dated.map((d) => (
            <li key={d.date}>
              {d.sentence}
              {d.notRunningTrains.length > 0 && (
                <span className="small text-body-secondary">
                  {' '}
                  Not running: {d.notRunningTrains.join(', ')}.
                </span>
              )}
              {d.addedTrains.length > 0 && (
                <span className="small text-body-secondary"> Added: {d.addedTrains.join(', ')}.</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {routes.length > 0 && (
        <Card className="shadow-sm mb-3">
          <Table responsive className="mb-0 align-top" aria-label="Changes per route">
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col">Added</th>
                <th scope="col">Removed</th>
                <th scope="col">Retimed</th>
              </tr>
            </thead>
            <tbody>
              {routes.map((r) => (
                <tr key={r.routeId} data-testid={`diff-route-${r.routeId}`}>
                  <th scope="row">
                    {r.routeId}
                    {r.routeName && <div className="small text-body-secondary fw-normal">{r.routeName}</div>}
                  </th>
                  <td>
                    <TripList count={r.added} trips={r.addedTrips} what="added" />
                  </td>
                  <td>
                    <TripList count={r.removed} trips={r.removedTrips} what="removed" />
                  </td>
                  <td>
                    <TripList count={r.retimed} trips={r.retimedTrips} what="retimed" />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      <StopList title="Stops added" stops={stopsAdded} />
      <StopList title="Stops removed" stops={stopsRemoved} />
      {services.length > 0 && (
        <details className="mb-2" data-testid="diff-services">
          <summary>Service days changed ({services.length})</summary>
          <ul>
            {services.map((s) => (
              <li key={s.serviceId}>
                <ServiceLine service={s} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function TripList(props: { count: number; trips: Trip[]; what: string }) {
  if (props.count === 0) return <span className="text-body-secondary">0</span>;
  return (
    <details>
      <summary>
        <Badge
          bg={props.what === 'removed' ? 'danger' : props.what === 'added' ? 'success' : 'warning'}
          text={props.what === 'retimed' ? 'dark' : undefined}
        >
          {props.count}
        </Badge>{' '}
        {props.what}
      </summary>
      <ul className="small mb-0">
        {props.trips.map((t) => (
          <li key={t.tripId}>
            {t.tripId} {t.first}–{t.last}
            {t.firstBefore !== undefined && (
              <span className="text-body-secondary">
                {' '}
                (was {t.firstBefore}–{t.lastBefore})
              </span>
            )}
          </li>
        ))}
        {props.count > props.trips.length && <li>… and {props.count - props.trips.length} more</li>}
      </ul>
    </details>
  );
}

function StopList({ title, stops }: { title: string; stops: ScheduleDiff['stopsAdded'] }) {
  if (stops.length === 0) return null;
  return (
    <details className="mb-2">
      <summary>
        {title} ({stops.length})
      </summary>
      <ul>
        {stops.map((s) => (
          <li key={s.stopId}>
            {s.stopId}
            {s.stopName ? ` · ${s.stopName}` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ServiceLine({ service }: { service: Service }) {
  const rule = (r: { weekdays: string; startDate: string; endDate: string } | null) =>
    r ? `${r.weekdays} ${r.startDate}–${r.endDate}` : 'none';
  return (
    <>
      <strong>{service.serviceId}</strong> {service.change}
      {service.calendar && `: calendar ${rule(service.calendar.before)} → ${rule(service.calendar.after)}`}
      {service.dates.length > 0 &&
        `; dates ${service.dates.map((d) => `${d.date} ${d.before ?? 'regular'} → ${d.after ?? 'regular'}`).join(', ')}`}
    </>
  );
}
