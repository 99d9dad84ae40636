import { Fragment, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { paths } from '../../../config/paths.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime, hhmm } from '../../../lib/time.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useDeleteTripUpdate } from '../api/delete-trip-update.ts';
import { useRoutes } from '../api/get-routes.ts';
import { useTripsToRoutes } from '../api/get-trips-to-routes.ts';
import { matchesTrainNumber, TRIP_STATE, trainNumber } from '../feed-labels.ts';
import { LIST_STATES, listState, tripEffect } from '../trip-summary.ts';
import { type EditBase, type FeedEntityJson, isTripUpdate } from '../types.ts';
import { HistoryModal } from './history-modal.tsx';
import { RowActionHeaders, RowActions } from './row-actions.tsx';
import { TripRowDetails } from './trip-row-details.tsx';
import { toInputDate } from './trip-search.tsx';

type Item = EditBase & {
  id: string;
  entity: FeedEntityJson;
  state: string | null;
  tripId?: string;
  routeId?: string;
  /** The schedule's train number (trip_short_name), when it has one. */
  trainNumber?: string;
  departureSecs?: number;
};

export type TripSort = 'changed' | 'departure' | 'route' | 'state';

type Props = {
  items: Item[];
  loading: boolean;
  canEdit: boolean;
  route: string;
  number: string;
  state: string;
  /** 'HH:MM': only trips departing at or after it. */
  departsAfter: string;
  sort: TripSort;
};

const STATE_ORDER = LIST_STATES.map((s) => s.value);
const CANCELLED = { label: 'Cancelled', variant: 'secondary' } as const;

/** docs/spec.md §2 trip table; a double click (or the ▸ button) on a row opens its quick edit. */
export function TripsTable({ items, loading, canEdit, route, number, state, departsAfter, sort }: Props) {
  const zone = useTimeZone();
  const tripsToRoutes = useTripsToRoutes().data;
  const routes = useRoutes().data;
  const routeName = (id: string | undefined) =>
    (id && (routes?.find((r) => r.route_id === id)?.label ?? id)) || '';
  const remove = useDeleteTripUpdate();
  const [open, setOpen] = useState<string | null>(null);
  const [history, setHistory] = useState<{ id: string; title: string } | null>(null);
  const tripOf = (item: Item) => item.tripId ?? item.entity.tripUpdate?.trip?.tripId ?? '';
  const routeOf = (item: Item) =>
    item.routeId ?? item.entity.tripUpdate?.trip?.routeId ?? tripsToRoutes?.[tripOf(item)];
  const stateOf = (item: Item) => listState(item.entity, item.state);
  const after = /^\d{1,2}:\d{2}$/.test(departsAfter) ? hhmmSeconds(departsAfter) : null;
  const shown = items
    .filter(
      (item) =>
        (!route || routeOf(item) === route) &&
        matchesTrainNumber(tripOf(item), number, item.trainNumber) &&
        (!state || stateOf(item) === state) &&
        (after === null || (item.departureSecs ?? -1) >= after),
    )
    .sort((a, b) => {
      if (sort === 'departure') return (a.departureSecs ?? 1e9) - (b.departureSecs ?? 1e9);
      if (sort === 'route') return routeName(routeOf(a)).localeCompare(routeName(routeOf(b)));
      if (sort === 'state') return STATE_ORDER.indexOf(stateOf(a)) - STATE_ORDER.indexOf(stateOf(b));
      return b.updatedAt.localeCompare(a.updatedAt);
    });
  const platformNames = usePlatformNames(shown.map((item) => item.entity));
  // An extra train runs on its own date (TripProperties), not the original trip's.
  const startDateOf = (item: Item) =>
    item.entity.tripUpdate?.trip?.startDate ?? item.entity.tripUpdate?.tripProperties?.startDate ?? undefined;
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const columns = canEdit ? 11 : 9;
  return (
    <>
      <Table hover responsive size="sm" className="mb-0 table-cards" data-testid="trips-table">
        <thead>
          <tr>
            <th scope="col" style={{ width: '2.5rem' }}>
              <span className="visually-hidden">Details</span>
            </th>
            <th scope="col">Trip id</th>
            <th scope="col">Date</th>
            <th scope="col">Route</th>
            <th scope="col">Departs</th>
            <th scope="col">State</th>
            <th scope="col">What the update does</th>
            <th scope="col">Last changed</th>
            <RowActionHeaders canEdit={canEdit} />
          </tr>
        </thead>
        <tbody>
          {!loading && shown.length === 0 && (
            <tr>
              <td colSpan={columns} className="text-body-secondary p-3 card-full">
                No trip updates{items.length > 0 ? ' match the filter' : ' in the feed'}.
              </td>
            </tr>
          )}
          {shown.map((item) => {
            const rowState = stateOf(item) === 'cancelled' ? CANCELLED : TRIP_STATE[item.state ?? ''];
            const tripId = tripOf(item);
            return (
              <Fragment key={item.id}>
                <tr
                  className={`trip-row ${rowState ? `table-${rowState.variant}` : ''}`}
                  data-trip-id={tripId}
                  data-state={item.state ?? undefined}
                  onDoubleClick={() => toggle(item.id)}
                >
                  <td>
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0 text-decoration-none text-body"
                      aria-expanded={open === item.id}
                      aria-label={`Details of ${tripId}`}
                      onClick={() => toggle(item.id)}
                    >
                      {open === item.id ? '▾' : '▸'}
                    </Button>
                  </td>
                  <td data-label="Trip id">
                    {item.trainNumber && item.trainNumber !== trainNumber(tripId) ? (
                      <>
                        <span className="fw-semibold">Train {item.trainNumber}</span>
                        <div className="font-monospace small text-body-secondary">{tripId}</div>
                      </>
                    ) : (
                      <span className="font-monospace">{tripId}</span>
                    )}
                  </td>
                  <td className="small" data-testid="trip-date" data-label="Date">
                    {startDateOf(item) ? toInputDate(startDateOf(item)!) : ''}
                  </td>
                  <td className="small" data-testid="trip-route" data-label="Route">
                    {routeName(routeOf(item))}
                  </td>
                  <td className="small" data-label="Departs">
                    {item.departureSecs !== undefined ? hhmm(item.departureSecs) : '—'}
                  </td>
                  <td data-label="State">
                    {rowState && (
                      <Badge bg={rowState.variant} text={rowState.variant === 'warning' ? 'dark' : undefined}>
                        {rowState.label}
                      </Badge>
                    )}
                  </td>
                  <td className="fw-semibold" data-testid="trip-effect" data-label="What the update does">
                    {tripEffect(item.entity, item.state, platformNames)}
                  </td>
                  <td className="small text-lg-nowrap" data-testid="trip-changed" data-label="Last changed">
                    {item.updatedBy ?? 'feed client'}
                    <span className="text-body-secondary"> · {formatDateTime(item.updatedAt, zone)}</span>
                  </td>
                  <RowActions
                    editHref={paths.tripUpdate.getHref(item.id)}
                    entity={item.entity}
                    base={item}
                    canEdit={canEdit}
                    onHistory={() =>
                      setHistory({ id: item.id, title: `train ${trainNumber(tripId, item.trainNumber)}` })
                    }
                    onDelete={() => remove(item.id, tripId, startDateOf(item))}
                  />
                </tr>
                {open === item.id && isTripUpdate(item.entity) && (
                  <tr>
                    <td colSpan={columns} className="bg-light card-full">
                      <TripRowDetails
                        id={item.id}
                        entity={item.entity}
                        revision={item.revision}
                        canEdit={canEdit}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      <HistoryModal
        kind="trip_update"
        id={history?.id ?? null}
        title={history?.title ?? ''}
        onClose={() => setHistory(null)}
      />
    </>
  );
}

function hhmmSeconds(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60;
}

/** Stops asked for their platform names at once: the trains shown rarely change more. */
const MAX_PLATFORM_STOPS = 100;

/**
 * The names of the platforms the shown trains were moved from and to (each stop's station's other
 * platforms, so a scheduled and an assigned stop name each other), for "Platform 4, was 2".
 */
function usePlatformNames(entities: FeedEntityJson[]): ReadonlyMap<string, string> {
  const stopIds = [
    ...new Set(
      entities.flatMap((e) =>
        (e.tripUpdate?.stopTimeUpdate ?? []).flatMap((u) =>
          u.stopTimeProperties?.assignedStopId && u.stopId
            ? [u.stopId, u.stopTimeProperties.assignedStopId]
            : [],
        ),
      ),
    ),
  ]
    .sort()
    .slice(0, MAX_PLATFORM_STOPS);
  const platforms = trpc.schedule.platforms.useQuery({ stopIds }, { enabled: stopIds.length > 0 }).data;
  return new Map(
    Object.values(platforms ?? {}).flatMap((list) =>
      list.map((p) => [p.stopId, p.stopName ?? p.stopId] as const),
    ),
  );
}
