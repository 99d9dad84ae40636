import { Button, Col, Form, Row } from 'react-bootstrap';
import { EMPTY_PERIOD, type Period } from '../alert-entity.ts';

/** Spec §2: one or more active periods, each start and end a date plus an optional time. */
export function ActivePeriods({ periods, onChange }: { periods: Period[]; onChange: (p: Period[]) => void }) {
  const set = (i: number, patch: Partial<Period>) =>
    onChange(periods.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Active periods</legend>
      {periods.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: periods have no identity; order is the identity
        <Row key={i} className="g-2 mb-2 align-items-end" data-testid="active-period">
          <Form.Group as={Col} xs={6} md={3} controlId={`period-${i}-start-date`}>
            <Form.Label className="small mb-1">Start date</Form.Label>
            <Form.Control
              type="date"
              value={p.startDate}
              onChange={(e) => set(i, { startDate: e.target.value })}
            />
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId={`period-${i}-start-time`}>
            <Form.Label className="small mb-1">Start time</Form.Label>
            <Form.Control
              type="time"
              value={p.startTime}
              onChange={(e) => set(i, { startTime: e.target.value })}
            />
          </Form.Group>
          <Form.Group as={Col} xs={6} md={3} controlId={`period-${i}-end-date`}>
            <Form.Label className="small mb-1">End date</Form.Label>
            <Form.Control
              type="date"
              value={p.endDate}
              onChange={(e) => set(i, { endDate: e.target.value })}
            />
          </Form.Group>
          <Form.Group as={Col} xs={6} md={2} controlId={`period-${i}-end-time`}>
            <Form.Label className="small mb-1">End time</Form.Label>
            <Form.Control
              type="time"
              value={p.endTime}
              onChange={(e) => set(i, { endTime: e.target.value })}
            />
          </Form.Group>
          <Col md={2}>
            {periods.length > 1 && (
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() => onChange(periods.filter((_, j) => j !== i))}
                aria-label={`Remove period ${i + 1}`}
              >
                Remove
              </Button>
            )}
          </Col>
        </Row>
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => onChange([...periods, { ...EMPTY_PERIOD }])}
      >
        + Add period
      </Button>
    </fieldset>
  );
}
