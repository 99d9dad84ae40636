import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { matchStop } from '../../../lib/stop-match.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { type Affected, NOTHING_AFFECTED } from '../alert-entity.ts';
import { useFindStops } from '../api/find-stops.ts';
import { useFindTrips } from '../api/find-trips.ts';
import { useAllStops } from '../api/get-all-stops.ts';
import { useRoutes } from '../api/get-routes.ts';
import { scopeLabel } from '../feed-labels.ts';

type Props = { affected: Affected[]; onChange: (a: Affected[]) => void; missing: boolean };

/**
 * docs/spec.md §2: affected trips, routes and stops, each found by a search. Choosing is adding:
 * a route picked in the select, or a stop or trip picked from its suggestions, joins the list.
 */
export function AffectedEntities({ affected, onChange, missing }: Props) {
  const routes = useRoutes();
  const [stopText, setStopText] = useState('');
  const [tripText, setTripText] = useState('');
  const stops = useFindStops(useDebounced(stopText));
  const trips = useFindTrips({ number: useDebounced(tripText) });
  const routeNames = useMemo(
    () => new Map((routes.data ?? []).map((r) => [r.route_id, r.label])),
    [routes.data],
  );
  // Chips name stops as controllers know them (name and code), not by stop_id.
  const allStops = useAllStops();
  const stopNames = useMemo(() => new Map((allStops.data ?? []).map((s) => [s.stopId, s])), [allStops.data]);
  const add = (item: Affected) => {
    if (!item.id || affected.some((a) => a.kind === item.kind && a.id === item.id)) return;
    onChange([...affected, item]);
  };
  const stopMatch = matchStop(stops.data ?? [], stopText);
  const tripMatch = (trips.data ?? []).find((t) => t.trip_id === tripText);
  // A suggestion chosen (or typed in full) is added at once and the box is cleared for the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a match appears, not on each list change
  useEffect(() => {
    if (stopMatch) {
      add({ kind: 'stop', id: stopMatch.stopId });
      setStopText('');
    }
  }, [stopMatch?.stopId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (tripMatch) {
      add({ kind: 'trip', id: tripMatch.trip_id });
      setTripText('');
    }
  }, [tripMatch?.trip_id]);
  const label = (a: Affected) =>
    scopeLabel(
      a.kind === 'trip'
        ? { trip: { tripId: a.id } }
        : a.kind === 'route'
          ? { routeId: a.id }
          : { stopId: a.id },
      routeNames,
      stopNames,
    );
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Affected trips, routes and stops</legend>
      <Row className="g-2">
        <Col md={4}>
          <Form.Label htmlFor="affected-route" className="small mb-1">
            Route
          </Form.Label>
          <Form.Select
            id="affected-route"
            value=""
            onChange={(e) => add({ kind: 'route', id: e.target.value })}
          >
            <option value="">Add a route…</option>
            {(routes.data ?? []).map((r) => (
              <option key={r.route_id} value={r.route_id}>
                {r.label}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col md={4}>
          <Form.Label htmlFor="affected-stop" className="small mb-1">
            Stop
          </Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              id="affected-stop"
              list="affected-stop-options"
              placeholder="Type, then pick a stop"
              value={stopText}
              onChange={(e) => setStopText(e.target.value)}
            />
            <datalist id="affected-stop-options">
              {(stops.data ?? []).slice(0, 30).map((s) => (
                <option key={s.stopId} value={s.label}>
                  {s.stopId}
                </option>
              ))}
            </datalist>
          </div>
        </Col>
        <Col md={4}>
          <Form.Label htmlFor="affected-trip" className="small mb-1">
            Trip (train number)
          </Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              id="affected-trip"
              list="affected-trip-options"
              placeholder="Type, then pick a trip"
              value={tripText}
              onChange={(e) => setTripText(e.target.value)}
            />
            <datalist id="affected-trip-options">
              {(trips.data ?? []).slice(0, 30).map((t) => (
                <option key={t.trip_id} value={t.trip_id}>
                  towards {t.endTerminus}
                </option>
              ))}
            </datalist>
          </div>
        </Col>
      </Row>
      <div className="mt-2 d-flex flex-wrap gap-2" data-testid="affected-list">
        {affected.length === 0 &&
          (missing ? (
            <span className="small text-danger fw-semibold" role="alert">
              {NOTHING_AFFECTED}
            </span>
          ) : (
            <span className="small text-body-secondary">Nothing chosen yet: pick at least one.</span>
          ))}
        {affected.map((a) => (
          <Badge
            key={`${a.kind}-${a.id}`}
            bg="light"
            text="dark"
            className="border d-flex align-items-center gap-1"
          >
            {label(a)}
            <Button
              variant="link"
              size="sm"
              className="p-0 ms-1 text-danger text-decoration-none"
              aria-label={`Remove ${label(a)}`}
              onClick={() => onChange(affected.filter((b) => b !== a))}
            >
              ×
            </Button>
          </Badge>
        ))}
      </div>
    </fieldset>
  );
}
