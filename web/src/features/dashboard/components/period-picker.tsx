import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { PRESETS, presetPeriod } from '../period.ts';

export type Period = { from: string; to: string };

/** From and to (agency dates, both included), or a preset ending today. */
export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  return (
    <Form
      className="d-flex flex-wrap gap-2 align-items-end"
      aria-label="Period"
      onSubmit={(e) => e.preventDefault()}
    >
      <ButtonGroup aria-label="Presets">
        {PRESETS.map((p) => {
          const preset = presetPeriod(today, p.days);
          const active = preset.from === period.from && preset.to === period.to;
          return (
            <Button
              key={p.label}
              variant={active ? 'primary' : 'outline-primary'}
              aria-pressed={active}
              onClick={() => onChange(preset)}
            >
              {p.label}
            </Button>
          );
        })}
      </ButtonGroup>
      <Form.Group controlId="dashboard-from">
        <Form.Label className="small mb-0">From</Form.Label>
        <Form.Control
          type="date"
          value={period.from}
          max={period.to}
          required
          onChange={(e) => e.target.value && onChange({ ...period, from: e.target.value })}
        />
      </Form.Group>
      <Form.Group controlId="dashboard-to">
        <Form.Label className="small mb-0">To</Form.Label>
        <Form.Control
          type="date"
          value={period.to}
          min={period.from}
          required
          onChange={(e) => e.target.value && onChange({ ...period, to: e.target.value })}
        />
      </Form.Group>
    </Form>
  );
}
