import { useEffect, useState } from 'react';
import { Badge, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { directionChoices, useDirections } from '../../../lib/directions.ts';
import { useScheduleInfo } from '../../../lib/schedule-info.ts';
import { matchStop } from '../../../lib/stop-match.ts';
import { hhmm } from '../../../lib/time.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useFindStops } from '../api/find-stops.ts';
import { useFindTrips } from '../api/find-trips.ts';
import { useRoutes } from '../api/get-routes.ts';
import { useServiceDay } from '../api/get-service-day.ts';
import { useServices } from '../api/get-services.ts';
import { PROGRESS, trainNumber } from '../feed-labels.ts';

/**
 * docs/spec.md §9: WE when the day of week is a weekend day, else WD; schedule.info knows today's
 * services and today's date in the agency's zone (`YYYYMMDD`).
 */
function todaysService(todayServices: string[] | undefined, today: string): string {
  if (todayServices?.includes('WD')) return 'WD';
  if (todayServices?.includes('WE')) return 'WE';
  // Any operator's services: one running alone is today's; of several (Metro-North runs a dozen a
  // day, each a few trains), one would hide the others' trains.
  if (todayServices?.length === 1) return todayServices[0]!;
  if (todayServices && todayServices.length > 1) return '';
  const day = new Date(`${toInputDate(today)}T12:00:00Z`).getUTCDay();
  return day === 0 || day === 6 ? 'WE' : 'WD';
}

/** `YYYYMMDD` ⇄ the date input's `YYYY-MM-DD`. */
export const toInputDate = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const fromInputDate = (d: string) => d.replaceAll('-', '');

const MAX_RESULTS = 50;

/** docs/spec.md §2: find a trip by route, service and train number, or by stop name. */
export function TripSearch({
  onSelect,
  disabled = false,
}: {
  onSelect: (tripId: string, routeId: string | undefined, date: string) => void;
  disabled?: boolean;
}) {
  const info = useScheduleInfo();
  const routes = useRoutes();
  const services = useServices();
  const [route, setRoute] = useState('');
  const [direction, setDirection] = useState('');
  const directions = useDirections();
  const [service, setService] = useState('');
  const [number, setNumber] = useState('');
  const [stopName, setStopName] = useState('');
  const [chosenStop, setChosenStop] = useState('');
  // Trips of a service date (today by default); the service narrows further when chosen.
  const [date, setDate] = useState('');
  useEffect(() => {
    if (date || !info.data) return;
    setDate(info.data.today);
    setService(todaysService(info.data.todayServices, info.data.today));
  }, [info.data, date]);
  const debouncedNumber = useDebounced(number);
  const debouncedStop = useDebounced(stopName);
  const stops = useFindStops(debouncedStop);
  // A part of a name finds its stops ("Bellv" → Bellville): one match is used at once, several ask,
  // each by its label (namesakes such as a station's two platforms read differently).
  const stopsFound = debouncedStop.trim() && stops.data ? stops.data : [];
  const exact = matchStop(stopsFound, stopName);
  const stop =
    chosenStop || exact?.stopId || (stopsFound.length === 1 && stopName.trim() ? stopsFound[0]!.stopId : '');
  const trips = useFindTrips(
    {
      route,
      direction: direction === '' ? undefined : Number(direction),
      service,
      number: debouncedNumber,
      stop,
      date,
    },
    Boolean(date),
  );
  // A timetable whose calendars ended finds no train today, a weekend service chosen on a Monday
  // none either: say so (and when it runs next) rather than list nothing.
  const serviceDay = useServiceDay(date, service).data;
  const noService = serviceDay?.noService ?? null;
  const notRunning = serviceDay?.service?.runs === false ? serviceDay.service : null;
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-uppercase text-body-secondary">
          Find a trip
        </Card.Title>
        <fieldset disabled={disabled}>
          <Row className="g-2">
            <Form.Group as={Col} md={2} controlId="search-route">
              <Form.Label className="small mb-1">Route</Form.Label>
              <Form.Select value={route} onChange={(e) => setRoute(e.target.value)}>
                <option value="">Any route</option>
                {(routes.data ?? []).map((r) => (
                  <option key={r.route_id} value={r.route_id}>
                    {r.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={6} md={2} controlId="search-direction">
              <Form.Label className="small mb-1">Direction</Form.Label>
              <Form.Select value={direction} onChange={(e) => setDirection(e.target.value)}>
                <option value="">Both ways</option>
                {directionChoices(directions.data, route).map((d) => (
                  <option key={d.directionId} value={String(d.directionId)}>
                    {d.towards}
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
              <Form.Control
                inputMode="numeric"
                value={number}
                // The train number is what a controller types first.
                autoFocus
                onChange={(e) => setNumber(e.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={2} controlId="search-stop">
              <Form.Label className="small mb-1">or stop name</Form.Label>
              <Form.Control
                value={stopName}
                list="search-stop-options"
                onChange={(e) => {
                  setStopName(e.target.value);
                  setChosenStop('');
                }}
              />
              <datalist id="search-stop-options">
                {(stops.data ?? []).slice(0, 30).map((s) => (
                  <option key={s.stopId} value={s.label} />
                ))}
              </datalist>
            </Form.Group>
          </Row>
        </fieldset>
        {debouncedStop.trim() && stops.data && stopsFound.length === 0 && (
          <p className="mt-3 mb-0 text-body-secondary">No stop has a name with "{debouncedStop.trim()}".</p>
        )}
        {!stop && stopsFound.length > 1 && (
          <div className="mt-2 d-flex flex-wrap align-items-center gap-2 small">
            <span className="text-body-secondary">Which stop?</span>
            {stopsFound.slice(0, 12).map((s) => (
              <button
                key={s.stopId}
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => {
                  setChosenStop(s.stopId);
                  setStopName(s.label);
                }}
              >
                {s.label}
              </button>
            ))}
          </div>
        )}
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
                  onClick={() => onSelect(trip.trip_id, route || undefined, trip.start_date)}
                  data-testid="trip-result"
                >
                  <span className="fw-semibold" style={{ minWidth: '3.5rem' }}>
                    {trip.departureSecs !== null ? hhmm(trip.departureSecs) : '—'}
                  </span>
                  {trip.trainNumber && trip.trainNumber !== trainNumber(trip.trip_id) ? (
                    <span>
                      <span className="fw-semibold">Train {trip.trainNumber}</span>{' '}
                      <span className="font-monospace small text-body-secondary">{trip.trip_id}</span>
                    </span>
                  ) : (
                    <span className="font-monospace">{trip.trip_id}</span>
                  )}
                  {trip.start_date !== date && (
                    // The night's train of yesterday's service (the operating day, docs/architecture.md).
                    <Badge bg="secondary" data-testid="run-date">
                      service of {toInputDate(trip.start_date)}
                    </Badge>
                  )}
                  {progress && (
                    <Badge bg={progress.variant} text={progress.variant === 'warning' ? 'dark' : undefined}>
                      {progress.label}
                    </Badge>
                  )}
                  <span className="ms-auto small">
                    {trip.origin} → <strong>{trip.endTerminus}</strong>
                  </span>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
        {noService ? (
          <p className="mt-3 mb-0 text-danger" data-testid="no-service">
            {noService} Choose a date within it.
          </p>
        ) : notRunning && (trips.data ?? []).length === 0 ? (
          <div className="mt-3 d-flex flex-wrap align-items-center gap-2" data-testid="service-not-running">
            <span className="text-danger">{notRunning.notRunning}</span>
            {notRunning.nextDate && (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={() => setDate(notRunning.nextDate!)}
              >
                Show {toInputDate(notRunning.nextDate)}
              </button>
            )}
          </div>
        ) : (
          trips.data &&
          trips.data.length === 0 && (
            <p className="mt-3 mb-0 text-body-secondary">No trips found for this search.</p>
          )
        )}
      </Card.Body>
    </Card>
  );
}
