import { Badge, Button, Table } from 'react-bootstrap';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useLiftDisruption } from '../api/lift-disruption.ts';
import { useDisruptions } from '../api/list-disruptions.ts';
import { useRouteChoices } from '../api/schedule-lists.ts';

const ACTIONS: Record<string, string> = {
  cancel: 'Cancel',
  delete: 'Delete',
  skip_stop: 'Skip stop',
  delay: 'Delay',
  replace_by_bus: 'Buses',
  short_turn: 'Short turn',
  set_down_only: 'Set down only',
  pick_up_only: 'Pick up only',
  change_platform: 'Platform change',
};

/** Where a short turn turns: the list says which end. */
const TURNS: Record<string, string> = { end: ' (terminate at)', start: ' (start from)' };

/** Bus trips named one by one in the list; more are counted (a disruption may add thousands). */
const BUSES_NAMED = 5;
const busList = (buses: { tripId: string }[]) =>
  buses
    .slice(0, BUSES_NAMED)
    .map((b) => b.tripId)
    .join(', ') + (buses.length > BUSES_NAMED ? ` and ${buses.length - BUSES_NAMED} more` : '');

/** A stop by the name the list was given for it (docs/rest-api.md `GET /feed/disruptions`), else its id. */
function stopName(names: Record<string, string> | undefined, id: string | undefined): string {
  return (id && names?.[id]) || id || '';
}

/** A GTFS service date (20261207) as the rest of the screen writes dates (2026-12-07). */
const isoDate = (date: string) =>
  /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : date;

/** Every disruption with its state; an active one is lifted in one act. */
export function DisruptionList() {
  const list = useDisruptions();
  const lift = useLiftDisruption();
  const zone = useTimeZone();
  // Routes by the name a controller reads, not their id.
  const routes = useRouteChoices();
  const routeName = (id: string | undefined) =>
    (routes.data ?? []).find((r) => r.route_id === id)?.label ?? id ?? '';
  if (!list.data?.length) return <p className="text-body-secondary">No disruptions yet.</p>;
  return (
    <Table size="sm" striped aria-label="Disruptions">
      <thead>
        <tr>
          <th>When</th>
          <th>By</th>
          <th>Date</th>
          <th>Action</th>
          <th>Trips</th>
          <th>Reason</th>
          <th>State</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {list.data.map((d) => (
          <tr key={d.id}>
            <td>{formatDateTime(d.createdAt, zone)}</td>
            <td>{d.by}</td>
            <td>{isoDate(d.serviceDate)}</td>
            <td>
              {ACTIONS[d.action.type]}
              {d.action.at ? TURNS[d.action.at] : ''}
              {d.action.stopId ? ` ${stopName(d.stopNames, d.action.stopId)}` : ''}
              {d.action.minutes ? ` +${d.action.minutes} min` : ''}
              {d.action.type === 'change_platform' ? ` → ${stopName(d.stopNames, d.action.toStopId)}` : ''}
              {d.action.type === 'replace_by_bus'
                ? ` ${stopName(d.stopNames, d.action.fromStopId)} – ${stopName(d.stopNames, d.action.toStopId)} on ${routeName(d.action.routeId)} (+${d.action.marginMinutes} min)`
                : ''}
              {d.alertId
                ? d.alertWaiting === 'pending'
                  ? ' + alert (pending approval)'
                  : d.alertWaiting === 'scheduled'
                    ? ' + alert (scheduled)'
                    : ' + alert'
                : ''}
              {d.publishAs === 'schedule' && (
                <div className="small text-body-secondary">
                  Planned works in schedule version {d.versionId}
                  {d.active && !d.inSchedule ? ' (not in the current version)' : ''}
                </div>
              )}
            </td>
            <td>
              {d.trips.length}
              {d.replacementTrips?.length ? (
                <div className="small" data-testid="replacement-trips">
                  {d.replacementTrips.length} buses: {busList(d.replacementTrips)}
                </div>
              ) : null}
            </td>
            <td>{d.reason}</td>
            <td>{d.active ? <Badge bg="danger">Active</Badge> : <Badge bg="secondary">Lifted</Badge>}</td>
            <td>
              {d.active && (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={lift.isPending}
                  onClick={() => lift.mutate({ id: d.id })}
                >
                  Lift
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
