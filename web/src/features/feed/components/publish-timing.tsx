import { Col, Form, Row } from 'react-bootstrap';
import { zonedToPosix } from '../../../lib/time.ts';

export type PublishTiming = { date: string; time: string; emergency: boolean };
export const NOW: PublishTiming = { date: '', time: '', emergency: false };

/**
 * When the alert enters the feed: "Publish at" a date and time of the agency's zone (whatever the
 * browser's), empty for now; and, while two-person approval holds the controller's saves, an
 * emergency publish that goes out at once (docs/contract-notes.md "Two-person approval and
 * publication times").
 */
export function PublishTimingFields({
  value,
  onChange,
  zone,
  mayEmergency,
}: {
  value: PublishTiming;
  onChange: (next: PublishTiming) => void;
  zone: string;
  /** Approval is on and this user's saves wait for it. */
  mayEmergency: boolean;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Publish at</legend>
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs="auto" controlId="publish-at-date">
          <Form.Label className="small">Date ({zone})</Form.Label>
          <Form.Control
            type="date"
            value={value.date}
            disabled={value.emergency}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
          />
        </Form.Group>
        <Form.Group as={Col} xs="auto" controlId="publish-at-time">
          <Form.Label className="small">Time</Form.Label>
          <Form.Control
            type="time"
            value={value.time}
            disabled={value.emergency}
            onChange={(e) => onChange({ ...value, time: e.target.value })}
          />
        </Form.Group>
        <Col xs={12} className="small text-body-secondary">
          Empty: as soon as it is saved{mayEmergency ? ' and approved' : ''}.
        </Col>
      </Row>
      {mayEmergency && (
        <Form.Check
          className="mt-2"
          id="publish-emergency"
          label="Emergency — publish now (approved afterwards)"
          checked={value.emergency}
          onChange={(e) => onChange({ ...value, emergency: e.target.checked, date: '', time: '' })}
        />
      )}
    </fieldset>
  );
}

/** The save's publishAt (epoch seconds) and emergency from the fields. */
export function publishTimingInput(
  value: PublishTiming,
  zone: string,
): { publishAt?: number; emergency?: boolean } {
  if (value.emergency) return { emergency: true };
  if (!value.date) return {};
  return { publishAt: zonedToPosix(value.date, value.time, zone) };
}
