import type { SyntheticEvent } from 'react';
import { Button, ButtonGroup, Col, Form, Row } from 'react-bootstrap';
import { EMPTY_PERIOD, type Period, periodEnd } from '../alert-entity.ts';

/** The labels of one kind of period: impact ("Start date") or communication ("Tell riders from"). */
type Kind = {
  /** Prefix of the inputs' ids, which the half-typed check keys on. */
  idPrefix: string;
  legend: string;
  hint?: string;
  labels: Record<keyof Period, string>;
  /** What "remove" and "add" call one period. */
  noun: string;
  /** Start now / +1 h / +2 h under each period. */
  shortcuts: boolean;
  /** A kind that may have no period at all (communication: told while in the feed). */
  mayBeEmpty: boolean;
  emptyText?: string;
};

export const IMPACT: Kind = {
  idPrefix: 'period',
  legend: 'Service affected (impact periods)',
  labels: { startDate: 'Start date', startTime: 'Start time', endDate: 'End date', endTime: 'End time' },
  noun: 'period',
  shortcuts: true,
  mayBeEmpty: false,
};

export const COMMUNICATION: Kind = {
  idPrefix: 'told',
  legend: 'Tell riders (communication periods)',
  hint: 'Each impact period must lie inside a communication period; riders may be told before it starts.',
  labels: {
    startDate: 'Tell riders from (date)',
    startTime: 'Tell riders from (time)',
    endDate: 'Tell riders until (date)',
    endTime: 'Tell riders until (time)',
  },
  noun: 'communication period',
  shortcuts: false,
  mayBeEmpty: true,
  emptyText: 'No communication period: riders are told for as long as the alert is in the feed.',
};

type Props = {
  kind?: Kind;
  periods: Period[];
  onChange: (p: Period[]) => void;
  /** Ids of date/time inputs left half-typed (the browser reads them as empty). */
  incomplete: Set<string>;
  onIncomplete: (id: string, incomplete: boolean) => void;
  timeZone: string;
  /** The server's refusals about these periods (e.g. impact_outside_communication), shown here. */
  errors?: string[];
};

export const INCOMPLETE_DATE = 'Incomplete date: give day, month and year, or clear it.';
export const HALF_TYPED = 'A date or time is half-typed: complete or clear the marked field.';
export const INCOMPLETE_TIME = 'Incomplete time: give hours and minutes, or clear it.';

/**
 * docs/spec.md §2: one or more periods, each start and end a date plus an optional time, for the impact
 * or the communication of an alert. A half-typed field is an error next to it, never
 * "no date"; impact periods have shortcuts.
 */
export function ActivePeriods({
  kind = IMPACT,
  periods,
  onChange,
  incomplete,
  onIncomplete,
  timeZone,
  errors = [],
}: Props) {
  const set = (i: number, patch: Partial<Period>) =>
    onChange(periods.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  // A date input with only some parts typed has value '' and validity.badInput.
  const check = (e: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onIncomplete(e.currentTarget.id, e.currentTarget.validity.badInput);
  const idOf = (i: number, key: keyof Period) =>
    `${kind.idPrefix}-${i}-${key.replace(/[A-Z]/, (c) => `-${c.toLowerCase()}`)}`;
  const field = (i: number, key: keyof Period, type: 'date' | 'time', md: number) => {
    const id = idOf(i, key);
    return (
      <Form.Group as={Col} xs={6} md={md} controlId={id}>
        <Form.Label className="small mb-1">{kind.labels[key]}</Form.Label>
        <Form.Control
          type={type}
          value={periods[i]![key]}
          isInvalid={incomplete.has(id) || errors.length > 0}
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
  const endIn = (i: number, hours: '1h' | '2h') => {
    set(i, periodEnd(periods[i]!, hours, timeZone));
    for (const key of ['endDate', 'endTime'] as const) onIncomplete(idOf(i, key), false);
  };
  return (
    <fieldset className="mb-3" data-testid={`${kind.idPrefix}-periods`}>
      <legend className="fs-6 fw-semibold mb-1">{kind.legend}</legend>
      {kind.hint && <div className="small text-body-secondary mb-2">{kind.hint}</div>}
      {periods.length === 0 && kind.emptyText && <div className="small mb-2">{kind.emptyText}</div>}
      {periods.map((p, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: periods have no identity; order is the identity
          key={i}
          className="mb-2"
          data-testid={kind === IMPACT ? 'active-period' : 'communication-period'}
        >
          <Row className="g-2 align-items-start">
            {field(i, 'startDate', 'date', 3)}
            {field(i, 'startTime', 'time', 2)}
            {field(i, 'endDate', 'date', 3)}
            {field(i, 'endTime', 'time', 2)}
            <Col md={2} className="pt-md-4">
              {(periods.length > 1 || kind.mayBeEmpty) && (
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => onChange(periods.filter((_, j) => j !== i))}
                  aria-label={`Remove ${kind.noun} ${i + 1}`}
                >
                  Remove
                </Button>
              )}
            </Col>
          </Row>
          {kind.shortcuts && (
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
              <ButtonGroup size="sm" aria-label={`End of ${kind.noun} ${i + 1}`}>
                <Button variant="outline-secondary" onClick={() => endIn(i, '1h')}>
                  +1 h
                </Button>
                <Button variant="outline-secondary" onClick={() => endIn(i, '2h')}>
                  +2 h
                </Button>
              </ButtonGroup>
            </div>
          )}
        </div>
      ))}
      {errors.length > 0 && (
        <div className="text-danger small mb-2" role="alert" data-testid={`${kind.idPrefix}-errors`}>
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => onChange([...periods, { ...EMPTY_PERIOD }])}
      >
        {kind === IMPACT ? '+ Add period' : '+ Add communication period'}
      </Button>
    </fieldset>
  );
}
