import type { SyntheticEvent } from 'react';
import { Button, ButtonGroup, Col, Form, Row } from 'react-bootstrap';
import { EMPTY_PERIOD, type Period, periodEnd } from '../alert-entity.ts';

type Props = {
  periods: Period[];
  onChange: (p: Period[]) => void;
  /** Ids of date/time inputs left half-typed (the browser reads them as empty). */
  incomplete: Set<string>;
  onIncomplete: (id: string, incomplete: boolean) => void;
  timeZone: string;
};

export const INCOMPLETE_DATE = 'Incomplete date: give day, month and year, or clear it.';
export const HALF_TYPED = 'A date or time is half-typed: complete or clear the marked field.';
export const INCOMPLETE_TIME = 'Incomplete time: give hours and minutes, or clear it.';

/**
 * Spec §2: one or more active periods, each start and end a date plus an optional time. A
 * half-typed field is an error next to it (issue 18), never "no date"; the end has shortcuts.
 */
export function ActivePeriods({ periods, onChange, incomplete, onIncomplete, timeZone }: Props) {
  const set = (i: number, patch: Partial<Period>) =>
    onChange(periods.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  // A date input with only some parts typed has value '' and validity.badInput.
  const check = (e: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onIncomplete(e.currentTarget.id, e.currentTarget.validity.badInput);
  const field = (i: number, key: keyof Period, label: string, type: 'date' | 'time', md: number) => {
    const id = `period-${i}-${key.replace(/[A-Z]/, (c) => `-${c.toLowerCase()}`)}`;
    return (
      <Form.Group as={Col} xs={6} md={md} controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control
          type={type}
          value={periods[i]![key]}
          isInvalid={incomplete.has(id)}
          onInput={check}
          onBlur={check}
          onChange={(e) => set(i, { [key]: e.target.value })}
        />
        {incomplete.has(id) && (
          <Form.Control.Feedback type="invalid">
            {type === 'date' ? INCOMPLETE_DATE : INCOMPLETE_TIME}
          </Form.Control.Feedback>
        )}
      </Form.Group>
    );
  };
  const endIn = (i: number, kind: '1h' | '2h' | 'service') => {
    const p = periods[i]!;
    set(i, periodEnd(p, kind, timeZone));
    for (const key of ['end-date', 'end-time']) onIncomplete(`period-${i}-${key}`, false);
  };
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Active periods</legend>
      {periods.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: periods have no identity; order is the identity
        <div key={i} className="mb-2" data-testid="active-period">
          <Row className="g-2 align-items-start">
            {field(i, 'startDate', 'Start date', 'date', 3)}
            {field(i, 'startTime', 'Start time', 'time', 2)}
            {field(i, 'endDate', 'End date', 'date', 3)}
            {field(i, 'endTime', 'End time', 'time', 2)}
            <Col md={2} className="pt-md-4">
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
          <div className="d-flex flex-wrap align-items-center gap-2 mt-1 small">
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => set(i, periodEnd(p, 'now', timeZone))}
            >
              Start now
            </Button>
            <span className="text-body-secondary">End:</span>
            <ButtonGroup size="sm" aria-label={`End of period ${i + 1}`}>
              <Button variant="outline-secondary" onClick={() => endIn(i, '1h')}>
                +1 h
              </Button>
              <Button variant="outline-secondary" onClick={() => endIn(i, '2h')}>
                +2 h
              </Button>
              <Button variant="outline-secondary" onClick={() => endIn(i, 'service')}>
                End of service
              </Button>
            </ButtonGroup>
          </div>
        </div>
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
