import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { type Notice, noticesOf } from '../../../lib/errors.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { zonedDate } from '../../../lib/time.ts';
import { useAllStops } from '../api/get-all-stops.ts';
import { useRoutes } from '../api/get-routes.ts';
import { useSaveTripUpdate } from '../api/save-trip-update.ts';
import { dashed } from '../extra-train.ts';
import { buildJourney, type JourneyKind, type JourneyStop, newTripId } from '../journey.ts';
import type { EditBase, TripUpdateEntity } from '../types.ts';
import { clockTime } from './stop-times-table.tsx';

type Props = {
  kind: JourneyKind;
  timeZone: string;
  /** A replacement: the scheduled trip it replaces, its route and date. */
  tripId?: string;
  routeId?: string;
  /** 'YYYYMMDD' */
  date?: string;
  /** The stops to start from (a replacement: the scheduled ones; a saved journey: its own). */
  stops?: JourneyStop[];
  /** A saved journey being edited. */
  entity?: TripUpdateEntity;
  base?: EditBase;
  readOnly?: boolean;
  /** Shown open (editing a saved journey), else behind its button. */
  open?: boolean;
};

const TITLES: Record<JourneyKind, { button: string; title: string; save: string }> = {
  NEW: { button: 'Add a train', title: 'New train', save: 'Save new train' },
  REPLACEMENT: { button: 'Re-time or divert', title: 'Replacement journey', save: 'Save replacement' },
};
const EMPTY_STOP: JourneyStop = { stopId: '', arrival: '', departure: '' };

/**
 * A train with its own stops and times, as a GTFS-RT NEW trip (any route, including a
 * bus route), or a scheduled train re-timed or diverted, as a REPLACEMENT of its whole journey.
 * The server's feed rules check the rest (stops known, times increasing, not a mere delay).
 */
export function JourneyForm(props: Props) {
  const { kind, timeZone, entity, base, readOnly } = props;
  const navigate = useNavigate();
  const titles = TITLES[kind];
  const routes = useRoutes().data ?? [];
  const allStops = useAllStops().data ?? [];
  const [open, setOpen] = useState(Boolean(props.open));
  const saved = entity?.tripUpdate.trip;
  const [routeId, setRouteId] = useState(saved?.routeId ?? props.routeId ?? '');
  const [tripId, setTripId] = useState(saved?.tripId ?? props.tripId ?? '');
  const [date, setDate] = useState(
    dashed(saved?.startDate ?? props.date ?? zonedDate(new Date(), timeZone).replaceAll('-', '')),
  );
  const [stops, setStops] = useState<JourneyStop[]>(
    props.stops && props.stops.length > 0 ? props.stops : [EMPTY_STOP, EMPTY_STOP],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const save = useSaveTripUpdate({ onSuccess: () => navigate(paths.home.getHref()) });
  if (!open) {
    return (
      <Button
        variant="outline-primary"
        className="mt-3 me-2"
        onClick={() => setOpen(true)}
        disabled={readOnly}
      >
        {titles.button}
      </Button>
    );
  }
  const set = (i: number, patch: Partial<JourneyStop>) =>
    setStops((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    setNotices([]);
    const typed = stops.map((s) => ({
      stopId: s.stopId,
      arrival: s.arrival.trim() ? clockTime(s.arrival) : '',
      departure: s.departure.trim() ? clockTime(s.departure) : '',
    }));
    const serviceDate = date.replaceAll('-', '');
    if (
      typed.some(
        (s) => !s.stopId || s.arrival === null || s.departure === null || !(s.arrival || s.departure),
      )
    ) {
      setProblem('Give every stop a station and a time (hh:mm).');
      return;
    }
    if (kind === 'NEW' && !routeId) {
      setProblem('Choose the route the new train runs on.');
      return;
    }
    if (!/^\d{8}$/.test(serviceDate)) {
      setProblem('Give the date the train runs.');
      return;
    }
    setProblem(null);
    const journey = typed as JourneyStop[];
    const first = journey[0]!;
    const entityToSave = buildJourney({
      id: entity?.id,
      kind,
      tripId: tripId.trim() || newTripId(serviceDate, first.departure || first.arrival),
      routeId: routeId || undefined,
      date: serviceDate,
      stops: journey,
      timeZone,
    });
    save.mutate(
      { entity: entityToSave, baseRevision: entity?.id ? (base?.revision ?? 0) : 0 },
      { onError: (error) => setNotices(noticesOf(error)) },
    );
  };
  const fixed = kind === 'REPLACEMENT';
  return (
    <Card className="shadow-sm mt-3" as="section" aria-label={titles.title}>
      <Form {...submitByButton(submit)} noValidate>
        <Card.Header className="bg-white d-flex flex-wrap align-items-end gap-3">
          <h2 className="h6 mb-0 me-2">
            {titles.title}
            {fixed && (
              <>
                {' of '}
                <span className="font-monospace">{tripId}</span>
              </>
            )}
          </h2>
          {!fixed && (
            <>
              <Form.Group controlId={`journey-route-${kind}`}>
                <Form.Label className="small mb-0">Route</Form.Label>
                <Form.Select size="sm" value={routeId} onChange={(e) => setRouteId(e.target.value)}>
                  <option value="">Choose a route</option>
                  {routes.map((r) => (
                    <option key={r.route_id} value={r.route_id}>
                      {[r.route_short_name, r.route_long_name].filter(Boolean).join(' ') || r.route_id}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={`journey-trip-${kind}`}>
                <Form.Label className="small mb-0">Trip id</Form.Label>
                <Form.Control
                  size="sm"
                  placeholder="made from date and time"
                  value={tripId}
                  disabled={Boolean(entity)}
                  onChange={(e) => setTripId(e.target.value)}
                />
              </Form.Group>
            </>
          )}
          <Form.Group controlId={`journey-date-${kind}`}>
            <Form.Label className="small mb-0">Date</Form.Label>
            <Form.Control
              type="date"
              size="sm"
              value={date}
              disabled={fixed}
              onChange={(e) => setDate(e.target.value)}
            />
          </Form.Group>
          {!readOnly && (
            <Button type="submit" className="ms-auto" disabled={save.isPending}>
              {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {titles.save}
            </Button>
          )}
        </Card.Header>
        {(problem || notices.length > 0) && (
          <Alert variant="danger" className="m-3 mb-0" role="alert">
            {problem && <div>{problem}</div>}
            {notices.map((n) => (
              <div key={`${n.code}-${n.field}`}>{n.message}</div>
            ))}
          </Alert>
        )}
        <Table size="sm" responsive className="mb-0 align-middle" data-testid="journey-stops">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Stop</th>
              <th scope="col">Arrives</th>
              <th scope="col">Departs</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {stops.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the journey's positions.
              <tr key={i}>
                <td>{i + 1}</td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`Stop ${i + 1}`}
                    value={s.stopId}
                    onChange={(e) => set(i, { stopId: e.target.value })}
                  >
                    <option value="">Choose a stop</option>
                    {allStops
                      .filter((stop) => !stop.station)
                      .map((stop) => (
                        <option key={stop.stopId} value={stop.stopId}>
                          {stop.label}
                        </option>
                      ))}
                  </Form.Select>
                </td>
                {(['arrival', 'departure'] as const).map((event) => (
                  <td key={event}>
                    <Form.Control
                      size="sm"
                      inputMode="numeric"
                      placeholder="hh:mm"
                      maxLength={5}
                      aria-label={`${event === 'arrival' ? 'Arrival' : 'Departure'} at stop ${i + 1}`}
                      value={s[event]}
                      isInvalid={s[event].trim() !== '' && !clockTime(s[event])}
                      onChange={(e) => set(i, { [event]: e.target.value })}
                    />
                  </td>
                ))}
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={`Remove stop ${i + 1}`}
                    disabled={stops.length <= 2 || readOnly}
                    onClick={() => setStops((list) => list.filter((_, j) => j !== i))}
                  >
                    ✕
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Card.Footer className="bg-white">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={readOnly}
            onClick={() => setStops((list) => [...list, EMPTY_STOP])}
          >
            Add a stop
          </Button>
        </Card.Footer>
      </Form>
    </Card>
  );
}
