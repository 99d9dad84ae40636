import { useState } from 'react';
import { Button, Card, Col, Form, Row, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useRoutes } from '../api/get-routes.ts';
import { type FeedKind, useFeedList } from '../api/list-feed.ts';
import { AlertsTable } from './alerts-table.tsx';
import { ConsistencyPanel } from './consistency-panel.tsx';
import { NotInScheduleAction } from './not-in-schedule-action.tsx';
import { TripsTable } from './trips-table.tsx';

/** Spec §2 feed list: alerts / trip updates toggle, refresh, and the trip filters. */
export function FeedList({ canEdit }: { canEdit: boolean }) {
  const [kind, setKind] = useState<FeedKind>('trip_update');
  const [route, setRoute] = useState('');
  const [number, setNumber] = useState('');
  const debouncedNumber = useDebounced(number);
  const list = useFeedList(kind);
  const routes = useRoutes();
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
                      {r.route_long_name || r.route_id}
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
            </>
          )}
          <Col className="text-end">
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
      {kind === 'alert' ? (
        <AlertsTable items={list.data ?? []} loading={list.isLoading} canEdit={canEdit} />
      ) : (
        <TripsTable
          items={list.data ?? []}
          loading={list.isLoading}
          canEdit={canEdit}
          route={route}
          number={debouncedNumber}
        />
      )}
    </Card>
  );
}
