import { useEffect, useState } from 'react';
import { Badge, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { useScheduleInfo } from '../../../lib/schedule-info.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useFindStops } from '../api/find-stops.ts';
import { useFindTrips } from '../api/find-trips.ts';
import { useRoutes } from '../api/get-routes.ts';
import { useServices } from '../api/get-services.ts';
import { PROGRESS } from '../feed-labels.ts';

/** Spec §9: WE when the day of week is a weekend day, else WD; schedule.info knows today's services. */
function todaysService(todayServices: string[] | undefined): string {
  if (todayServices?.includes('WD')) return 'WD';
  if (todayServices?.includes('WE')) return 'WE';
  if (todayServices?.[0]) return todayServices[0];
  const day = new Date().getDay();
  return day === 0 || day === 6 ? 'WE' : 'WD';
}

/** `YYYYMMDD` ⇄ the date input's `YYYY-MM-DD`. */
export const toInputDate = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const fromInputDate = (d: string) => d.replaceAll('-', '');

const MAX_RESULTS = 50;

/** Spec §2: find a trip by route, service and train number, or by stop name. */
export function TripSearch({
  onSelect,
}: {
  onSelect: (tripId: string, routeId: string | undefined, date: string) => void;
}) {
  const info = useScheduleInfo();
  const routes = useRoutes();
  const services = useServices();
  const [route, setRoute] = useState('');
  const [service, setService] = useState('');
  const [number, setNumber] = useState('');
  const [stopName, setStopName] = useState('');
  const [stop, setStop] = useState('');
  // Issue 12: trips of a service date (today by default); the service narrows further when chosen.
  const [date, setDate] = useState('');
  useEffect(() => {
    if (date || !info.data) return;
    setDate(info.data.today);
    setService(todaysService(info.data.todayServices));
  }, [info.data, date]);
  const debouncedNumber = useDebounced(number);
  const debouncedStop = useDebounced(stopName);
  const stops = useFindStops(debouncedStop);
  const trips = useFindTrips({ route, service, number: debouncedNumber, stop, date }, Boolean(date));
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-uppercase text-body-secondary">
          Find a trip
        </Card.Title>
        <Row className="g-2">
          <Form.Group as={Col} md={3} controlId="search-route">
            <Form.Label className="small mb-1">Route</Form.Label>
            <Form.Select value={route} onChange={(e) => setRoute(e.target.value)}>
              <option value="">Any route</option>
              {(routes.data ?? []).map((r) => (
                <option key={r.route_id} value={r.route_id}>
                  {r.route_long_name || r.route_id}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="search-date">
            <Form.Label className="small mb-1">Date</Form.Label>
            <Form.Control
              type="date"
              value={date ? toInputDate(date) : ''}
              onChange={(e) => {
                if (!e.target.value) return;
                setDate(fromInputDate(e.target.value));
                // Another date may run other services: list whatever runs then.
                setService('');
              }}
            />
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="search-service">
            <Form.Label className="small mb-1">Service</Form.Label>
            <Form.Select value={service} onChange={(e) => setService(e.target.value)}>
              <option value="">Any running</option>
              {(services.data ?? ['WD', 'WE']).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId="search-number">
            <Form.Label className="small mb-1">Train number</Form.Label>
            <Form.Control inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} />
          </Form.Group>
          <Form.Group as={Col} md={3} controlId="search-stop">
            <Form.Label className="small mb-1">or stop name</Form.Label>
            <Form.Control
              value={stopName}
              list="search-stop-options"
              onChange={(e) => {
                setStopName(e.target.value);
                const match = (stops.data ?? []).find(([, name]) => name === e.target.value);
                setStop(match ? match[0] : '');
              }}
            />
            <datalist id="search-stop-options">
              {(stops.data ?? []).slice(0, 30).map(([id, name]) => (
                <option key={id} value={name} />
              ))}
            </datalist>
          </Form.Group>
        </Row>
        {(trips.data ?? []).length > 0 && (
          <ListGroup
            className="mt-3"
            style={{ maxHeight: '16rem', overflowY: 'auto' }}
            aria-label="Trips found"
          >
            {(trips.data ?? []).slice(0, MAX_RESULTS).map((trip) => {
              const progress = PROGRESS[trip.inprogress];
              return (
                <ListGroup.Item
                  key={trip.trip_id}
                  action
                  as="button"
                  type="button"
                  className="d-flex align-items-center gap-3"
                  onClick={() => onSelect(trip.trip_id, route || undefined, date)}
                  data-testid="trip-result"
                >
                  <span className="font-monospace">{trip.trip_id}</span>
                  {progress && (
                    <Badge bg={progress.variant} text={progress.variant === 'warning' ? 'dark' : undefined}>
                      {progress.label}
                    </Badge>
                  )}
                  <span className="ms-auto text-body-secondary small">to {trip.endTerminus}</span>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
        {trips.data && trips.data.length === 0 && (
          <p className="mt-3 mb-0 text-body-secondary">No trips found.</p>
        )}
      </Card.Body>
    </Card>
  );
}
