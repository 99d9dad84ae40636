import { Fragment, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { paths } from '../../../config/paths.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useDeleteFeedEntity } from '../api/delete-feed-entity.ts';
import { useTripsToRoutes } from '../api/get-trips-to-routes.ts';
import { matchesTrainNumber, TRIP_STATE } from '../feed-labels.ts';
import type { TripUpdateEntity } from '../types.ts';
import { DELETE_CONFIRM } from './alerts-table.tsx';
import { RowActions } from './row-actions.tsx';
import { TripRowDetails } from './trip-row-details.tsx';
import { toInputDate } from './trip-search.tsx';

type Item = {
  id: string;
  entity: unknown;
  state: string | null;
  updatedAt: string;
  tripId?: string;
  routeId?: string;
};

type Props = { items: Item[]; loading: boolean; canEdit: boolean; route: string; number: string };

/** Spec §2 trip table; a double click (or the ▸ button) on a row opens its quick edit. */
export function TripsTable({ items, loading, canEdit, route, number }: Props) {
  const zone = useTimeZone();
  const tripsToRoutes = useTripsToRoutes().data;
  const remove = useDeleteFeedEntity();
  const [open, setOpen] = useState<string | null>(null);
  const tripOf = (item: Item) =>
    item.tripId ?? (item.entity as TripUpdateEntity).tripUpdate?.trip?.tripId ?? '';
  const routeOf = (item: Item) =>
    item.routeId ??
    (item.entity as TripUpdateEntity).tripUpdate?.trip?.routeId ??
    tripsToRoutes?.[tripOf(item)];
  const shown = items.filter(
    (item) => (!route || routeOf(item) === route) && matchesTrainNumber(tripOf(item), number),
  );
  const startDateOf = (item: Item) => (item.entity as TripUpdateEntity).tripUpdate?.trip?.startDate;
  const toggle = (id: string) => setOpen((current) => (current === id ? null : id));
  const onDelete = (id: string) => {
    if (window.confirm(DELETE_CONFIRM)) remove.mutate({ kind: 'trip_update', id });
  };
  const columns = canEdit ? 7 : 5;
  return (
    <Table hover responsive size="sm" className="mb-0" data-testid="trips-table">
      <thead>
        <tr>
          <th scope="col" style={{ width: '2.5rem' }}>
            <span className="visually-hidden">Details</span>
          </th>
          <th scope="col">Trip id</th>
          <th scope="col">Date</th>
          <th scope="col">State</th>
          <th scope="col">Last modified</th>
          {canEdit && (
            <>
              <th scope="col">
                <span className="visually-hidden">Edit</span>
              </th>
              <th scope="col">
                <span className="visually-hidden">Delete</span>
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {!loading && shown.length === 0 && (
          <tr>
            <td colSpan={columns} className="text-body-secondary p-3">
              No trip updates{items.length > 0 ? ' match the filter' : ' in the feed'}.
            </td>
          </tr>
        )}
        {shown.map((item) => {
          const state = TRIP_STATE[item.state ?? ''];
          const tripId = tripOf(item);
          return (
            <Fragment key={item.id}>
              <tr
                className={`trip-row ${state ? `table-${state.variant}` : ''}`}
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
                <td className="font-monospace">{tripId}</td>
                <td className="small" data-testid="trip-date">
                  {startDateOf(item) ? toInputDate(startDateOf(item)!) : ''}
                </td>
                <td>
                  {state && (
                    <Badge bg={state.variant} text={state.variant === 'warning' ? 'dark' : undefined}>
                      {state.label}
                    </Badge>
                  )}
                </td>
                <td className="small">{formatDateTime(item.updatedAt, zone)}</td>
                {canEdit && (
                  <RowActions
                    editHref={paths.tripUpdate.getHref(item.id)}
                    entity={item.entity}
                    onDelete={() => onDelete(item.id)}
                  />
                )}
              </tr>
              {open === item.id && (
                <tr>
                  <td colSpan={columns} className="bg-light">
                    <TripRowDetails id={item.id} entity={item.entity as TripUpdateEntity} canEdit={canEdit} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
