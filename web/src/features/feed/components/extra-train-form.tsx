import { type FormEvent, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { type Notice, noticesOf } from '../../../lib/errors.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { hhmm, zonedTomorrow } from '../../../lib/time.ts';
import { useSaveTripUpdate } from '../api/save-trip-update.ts';
import { buildExtraTrain, dashed, extraTripId, shiftedStops } from '../extra-train.ts';
import type { ScheduledStop } from '../trip-entity.ts';
import type { EditBase, TripUpdateEntity } from '../types.ts';
import { clockTime } from './stop-times-table.tsx';

type Props = {
  tripId: string;
  routeId?: string;
  stops: ScheduledStop[];
  timeZone: string;
  /** An extra train being edited (its id, date and start are kept unless changed). */
  entity?: TripUpdateEntity;
  base?: EditBase;
  readOnly?: boolean;
};

/**
 * "Add an extra train": the chosen scheduled trip run again at another date and start time (a
 * GTFS-RT DUPLICATED trip), with a preview of the shifted times before it is saved.
 */
export function ExtraTrainForm({ tripId, routeId, stops, timeZone, entity, base, readOnly }: Props) {
  const navigate = useNavigate();
  const saved = entity?.tripUpdate.tripProperties;
  const [open, setOpen] = useState(Boolean(entity));
  const [date, setDate] = useState(
    saved?.startDate ? dashed(saved.startDate) : zonedTomorrow(new Date(), timeZone),
  );
  const [start, setStart] = useState(saved?.startTime?.slice(0, 5) ?? '');
  const [notices, setNotices] = useState<Notice[]>([]);
  const save = useSaveTripUpdate({ onSuccess: () => navigate(paths.home.getHref()) });
  const time = clockTime(start);
  const serviceDate = date.replaceAll('-', '');
  const preview = useMemo(() => (time ? shiftedStops(stops, time) : []), [stops, time]);
  if (!open) {
    return (
      <Button variant="outline-primary" className="mt-3" onClick={() => setOpen(true)} disabled={readOnly}>
        Add an extra train
      </Button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!time || !/^\d{8}$/.test(serviceDate) || readOnly) return;
    setNotices([]);
    const entityToSave = buildExtraTrain({
      id: entity?.id,
      tripId,
      routeId,
      date: serviceDate,
      startTime: time,
      newTripId: saved?.tripId ?? extraTripId(tripId, serviceDate, time),
      stops,
      timeZone,
    });
    save.mutate(
      { entity: entityToSave, baseRevision: entity?.id ? (base?.revision ?? 0) : 0 },
      { onError: (error) => setNotices(noticesOf(error)) },
    );
  };
  return (
    <Card className="shadow-sm mt-3" as="section" aria-label="Extra train">
      <Form {...submitByButton(submit)} noValidate>
        <Card.Header className="bg-white d-flex flex-wrap align-items-end gap-3">
          <h2 className="h6 mb-0 me-2">
            Extra train of <span className="font-monospace">{tripId}</span>
          </h2>
          <Form.Group controlId="extra-date">
            <Form.Label className="small mb-0">Date</Form.Label>
            <Form.Control type="date" size="sm" value={date} onChange={(e) => setDate(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="extra-start">
            <Form.Label className="small mb-0">Start time</Form.Label>
            <Form.Control
              size="sm"
              inputMode="numeric"
              placeholder="hh:mm"
              maxLength={5}
              value={start}
              isInvalid={start !== '' && !time}
              onChange={(e) => setStart(e.target.value)}
            />
          </Form.Group>
          {!readOnly && (
            <Button type="submit" className="ms-auto" disabled={!time || save.isPending}>
              {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              Save extra train
            </Button>
          )}
        </Card.Header>
        {notices.length > 0 && (
          <Alert variant="danger" className="m-3 mb-0" role="alert">
            {notices.map((n) => (
              <div key={`${n.code}-${n.field}`}>{n.message}</div>
            ))}
          </Alert>
        )}
        {preview.length === 0 ? (
          <Card.Body className="text-body-secondary">
            Give a start time to see the extra train's times.
          </Card.Body>
        ) : (
          <Table size="sm" className="mb-0" data-testid="extra-train-preview">
            <thead>
              <tr>
                <th scope="col">Stop</th>
                <th scope="col">Scheduled</th>
                <th scope="col">Extra train</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((s, i) => (
                <tr key={s.stopSequence}>
                  <th scope="row" className="fw-normal">
                    {s.stopName}
                  </th>
                  <td>{hhmm(s.scheduled)}</td>
                  <td className="fw-semibold">{hhmm(i === 0 ? s.departure : s.arrival)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Form>
    </Card>
  );
}
