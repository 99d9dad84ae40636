import { useState } from 'react';
import { Button, Card, Col, Form, Row, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useSearchParams } from 'react-router-dom';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatClock } from '../../../lib/time.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { ALERT_FILTERS, type AlertFilter } from '../alert-list-state.ts';
import { useRoutes } from '../api/get-routes.ts';
import { type FeedKind, useFeedList, useLiveFeed } from '../api/list-feed.ts';
import { LIST_STATES } from '../trip-summary.ts';
import { AlertsTable } from './alerts-table.tsx';
import { ConsistencyPanel } from './consistency-panel.tsx';
import { NotInScheduleAction } from './not-in-schedule-action.tsx';
import { PendingList } from './pending-list.tsx';
import { type TripSort, TripsTable } from './trips-table.tsx';

/**
 * docs/spec.md §2 feed list: alerts / trip updates toggle (`?show=alerts` opens on alerts), the trip
 * filters and sort, live through the feed subscription, with the time of the last refresh.
 */
export function FeedList({
  canEdit,
  canApprove = false,
  me,
}: {
  canEdit: boolean;
  /** The approve role: Approve / Reject on what others saved. */
  canApprove?: boolean;
  me?: string;
}) {
  const [params, setParams] = useSearchParams();
  const kind: FeedKind = params.get('show') === 'alerts' ? 'alert' : 'trip_update';
  const setKind = (value: FeedKind) =>
    setParams(value === 'alert' ? { show: 'alerts' } : {}, { replace: true });
  const [route, setRoute] = useState('');
  const [number, setNumber] = useState('');
  const [state, setState] = useState('');
  const [departsAfter, setDepartsAfter] = useState('');
  const [sort, setSort] = useState<TripSort>('changed');
  const [alertFilter, setAlertFilter] = useState<AlertFilter>('all');
  const debouncedNumber = useDebounced(number);
  const list = useFeedList(kind);
  const routes = useRoutes();
  const zone = useTimeZone();
  useLiveFeed();
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-white">
        <Row className="g-2 align-items-center">
          <Col xs="auto">
            <ToggleButtonGroup
              type="radio"
              name="feed-kind"
              value={kind}
              onChange={(value: FeedKind) => setKind(value)}
              aria-label="Show"
            >
              <ToggleButton id="show-trips" value="trip_update" variant="outline-primary">
                Trip updates
              </ToggleButton>
              <ToggleButton id="show-alerts" value="alert" variant="outline-primary">
                Alerts
              </ToggleButton>
            </ToggleButtonGroup>
          </Col>
          {kind === 'alert' && (
            <Col xs={12} sm="auto">
              <Form.Select
                aria-label="Filter alerts"
                value={alertFilter}
                onChange={(e) => setAlertFilter(e.target.value as AlertFilter)}
                size="sm"
              >
                {ALERT_FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </Form.Select>
            </Col>
          )}
          {kind === 'trip_update' && (
            <>
              <Col xs={12} sm="auto">
                <Form.Select
                  aria-label="Filter by route"
                  value={route}
                  onChange={(e) => setRoute(e.target.value)}
                  size="sm"
                >
                  <option value="">All routes</option>
                  {(routes.data ?? []).map((r) => (
                    <option key={r.route_id} value={r.route_id}>
                      {r.label}
                    </option>
                  ))}
                </Form.Select>
              </Col>
              <Col xs={12} sm="auto">
                <Form.Control
                  size="sm"
                  inputMode="numeric"
                  placeholder="Train number"
                  aria-label="Filter by train number"
                  value={number}
                  onChange={(e) => setNumber(e.target.value)}
                />
              </Col>
              <Col xs={12} sm="auto">
                <Form.Select
                  aria-label="Filter by state"
                  value={state}
                  onChange={(e) => setState(e.target.value)}
                  size="sm"
                >
                  <option value="">All states</option>
                  {LIST_STATES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </Form.Select>
              </Col>
              <Col xs={12} sm="auto">
                <Form.Control
                  size="sm"
                  inputMode="numeric"
                  placeholder="Departs after hh:mm"
                  aria-label="Departs after (hh:mm)"
                  value={departsAfter}
                  onChange={(e) => setDepartsAfter(e.target.value)}
                  style={{ width: '11rem' }}
                />
              </Col>
              <Col xs={12} sm="auto">
                <Form.Select
                  aria-label="Sort by"
                  value={sort}
                  onChange={(e) => setSort(e.target.value as TripSort)}
                  size="sm"
                >
                  <option value="changed">Newest change first</option>
                  <option value="departure">By departure</option>
                  <option value="route">By route</option>
                  <option value="state">By state</option>
                </Form.Select>
              </Col>
            </>
          )}
          <Col className="text-end text-nowrap">
            <span className="small text-body-secondary me-2" data-testid="last-refresh">
              {list.dataUpdatedAt > 0 && `Updated ${formatClock(list.dataUpdatedAt, zone)}`}
            </span>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => list.refetch()}
              disabled={list.isFetching}
            >
              ↻ Refresh
            </Button>
          </Col>
        </Row>
      </Card.Header>
      <ConsistencyPanel />
      {kind === 'trip_update' && canEdit && <NotInScheduleAction items={list.data ?? []} />}
      {list.error && <div className="p-3 text-danger">{list.error.message}</div>}
      {kind === 'alert' && (canEdit || canApprove) && <PendingList me={me} canApprove={canApprove} />}
      {kind === 'alert' ? (
        <AlertsTable
          items={list.data ?? []}
          loading={list.isLoading}
          canEdit={canEdit}
          filter={alertFilter}
        />
      ) : (
        <TripsTable
          items={list.data ?? []}
          loading={list.isLoading}
          canEdit={canEdit}
          route={route}
          number={debouncedNumber}
          state={state}
          departsAfter={departsAfter}
          sort={sort}
        />
      )}
    </Card>
  );
}
