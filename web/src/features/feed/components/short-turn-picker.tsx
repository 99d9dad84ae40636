import { Form } from 'react-bootstrap';
import type { ShortTurn, StopRow } from '../trip-entity.ts';

/**
 * "terminates at X" (the stops after X skipped, the headsign X's name) or
 * "starts at X" (the stops before X skipped); one choice, so a train is turned at one end.
 */
export function ShortTurnPicker({
  rows,
  value,
  onChange,
  disabled,
}: {
  rows: StopRow[];
  value: ShortTurn;
  onChange: (turn: ShortTurn) => void;
  disabled: boolean;
}) {
  const last = rows.length - 1;
  const encoded = value ? `${value.at}:${value.stopSequence}` : '';
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      aria-label="Short turn"
      value={encoded}
      disabled={disabled || rows.length < 2}
      onChange={(e) => {
        const [at, sequence] = e.target.value.split(':');
        onChange(at ? { at: at as 'end' | 'start', stopSequence: Number(sequence) } : null);
      }}
    >
      <option value="">Runs the whole way</option>
      {rows.slice(0, last).map((row) => (
        <option key={`end-${row.stopSequence}`} value={`end:${row.stopSequence}`}>
          Terminates at {row.stopName}
        </option>
      ))}
      {rows.slice(1).map((row) => (
        <option key={`start-${row.stopSequence}`} value={`start:${row.stopSequence}`}>
          Starts at {row.stopName}
        </option>
      ))}
    </Form.Select>
  );
}
