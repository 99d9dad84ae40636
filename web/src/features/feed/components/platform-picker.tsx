import { Form } from 'react-bootstrap';
import { platformChange, platformLabel } from '../feed-labels.ts';

export type Platform = { stopId: string; stopName: string | null };

/** A stop row's platform: as scheduled, or another platform of the same station (assigned_stop_id). */
export function PlatformPicker({
  stopLabel,
  platforms,
  value,
  onChange,
  disabled,
}: {
  stopLabel: string;
  platforms: Platform[];
  value: string;
  onChange: (stopId: string) => void;
  disabled: boolean;
}) {
  if (platforms.length === 0) return null;
  const assigned = platforms.find((p) => p.stopId === value);
  const assignedName = assigned ? (assigned.stopName ?? assigned.stopId) : null;
  const moved = assignedName !== null && platformLabel(assignedName) !== platformLabel(stopLabel);
  return (
    <>
      <Form.Select
        size="sm"
        aria-label={`Platform at ${stopLabel}`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">As scheduled</option>
        {platforms.map((p) => (
          <option key={p.stopId} value={p.stopId}>
            {platformLabel(p.stopName ?? p.stopId)}
          </option>
        ))}
      </Form.Select>
      {moved && (
        // As riders see it on the boards, so the controller reads what they will be told.
        <div className="small text-warning-emphasis" data-testid="platform-change">
          {platformChange(assignedName, stopLabel)}
        </div>
      )}
    </>
  );
}
