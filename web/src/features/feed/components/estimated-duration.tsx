import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { zonedToPosix } from '../../../lib/time.ts';
import type { EstimatedEnd } from '../alert-entity.ts';
import { useEndOfService } from '../api/get-end-of-service.ts';

type Choice = '' | 'further_notice' | 'end_of_service' | 'hours' | 'date';

export const NO_SERVICE_THAT_DAY = 'The current schedule has no service that day: give the end yourself.';

/**
 * The estimated duration of an alert: until further notice, until the end of service
 * (the last arrival of that day's service in the current schedule, not a fixed 23:59), for some
 * hours, or until a date and time. It sets the end of the impact and communication periods.
 */
export function EstimatedDuration({
  impactStart,
  timeZone,
  onEnd,
}: {
  /** POSIX seconds of the last impact period's start, when given. */
  impactStart: number | undefined;
  timeZone: string;
  onEnd: (end: EstimatedEnd) => void;
}) {
  const [choice, setChoice] = useState<Choice>('');
  const [hours, setHours] = useState('2');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState('');
  const endOfService = useEndOfService();
  const apply = async () => {
    setProblem('');
    if (choice === 'further_notice') onEnd({ kind: 'none' });
    if (choice === 'hours' && Number(hours) > 0) onEnd({ kind: 'hours', hours: Number(hours) });
    if (choice === 'date' && date) onEnd({ kind: 'at', posix: zonedToPosix(date, time, timeZone) });
    if (choice === 'end_of_service') {
      const found = await endOfService(impactStart);
      if (found.end === null) setProblem(NO_SERVICE_THAT_DAY);
      else onEnd({ kind: 'at', posix: found.end });
    }
  };
  return (
    <div className="mb-3" data-testid="estimated-duration">
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs={12} md={4} controlId="estimated-duration">
          <Form.Label className="small mb-1">Estimated duration</Form.Label>
          <Form.Select size="sm" value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
            <option value="">Choose…</option>
            <option value="further_notice">Until further notice</option>
            <option value="end_of_service">Until end of service</option>
            <option value="hours">For some hours</option>
            <option value="date">Until a date and time</option>
          </Form.Select>
        </Form.Group>
        {choice === 'hours' && (
          <Form.Group as={Col} xs={6} md={2} controlId="estimated-hours">
            <Form.Label className="small mb-1">Hours</Form.Label>
            <Form.Control
              size="sm"
              type="number"
              min={1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          </Form.Group>
        )}
        {choice === 'date' && (
          <>
            <Form.Group as={Col} xs={6} md={3} controlId="estimated-date">
              <Form.Label className="small mb-1">Estimated until (date)</Form.Label>
              <Form.Control size="sm" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </Form.Group>
            <Form.Group as={Col} xs={6} md={2} controlId="estimated-time">
              <Form.Label className="small mb-1">Estimated until (time)</Form.Label>
              <Form.Control size="sm" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </Form.Group>
          </>
        )}
        <Col xs="auto">
          <Button size="sm" variant="outline-primary" disabled={!choice} onClick={() => void apply()}>
            Set the end
          </Button>
        </Col>
      </Row>
      <Form.Text className="text-body-secondary">
        Sets the end of the last impact period and of the last communication period.
      </Form.Text>
      {problem && (
        <div className="text-danger small" role="alert">
          {problem}
        </div>
      )}
    </div>
  );
}
