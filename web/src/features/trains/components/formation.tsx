import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useDeleteFormation, useSaveFormation } from '../api/save-formation.ts';
import type { Train } from '../types.ts';

type Carriage = NonNullable<Train['formation']>[number];

/** OccupancyStatus names as a controller reads them. */
export const OCCUPANCY_LABELS: Record<string, string> = {
  EMPTY: 'Empty',
  MANY_SEATS_AVAILABLE: 'Many seats',
  FEW_SEATS_AVAILABLE: 'Few seats',
  STANDING_ROOM_ONLY: 'Standing room',
  CRUSHED_STANDING_ROOM_ONLY: 'Crushed',
  FULL: 'Full',
  NOT_ACCEPTING_PASSENGERS: 'Not accepting',
  NO_DATA_AVAILABLE: 'No data',
  NOT_BOARDABLE: 'Not boardable',
};

/** What one carriage is, in a few words: "1 · first · Standing room · WC", or "3 · closed". */
export function carriageText(c: Carriage): string {
  const parts = [
    c.label,
    c.class,
    c.closed ? 'closed' : c.occupancyStatus && OCCUPANCY_LABELS[c.occupancyStatus],
    !c.closed && c.occupancyPercentage !== undefined ? `${c.occupancyPercentage}%` : undefined,
    c.toilet ? 'WC' : undefined,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The carriages in the order of travel, front first. */
export function FormationView({ carriages }: { carriages: Carriage[] | null }) {
  if (!carriages) return <span className="text-body-secondary">–</span>;
  return (
    <div className="d-flex flex-wrap gap-1" data-testid="formation">
      {carriages.map((c) => (
        <Badge
          key={c.label}
          bg={c.closed ? 'secondary' : 'light'}
          text={c.closed ? undefined : 'dark'}
          className="border"
          data-testid="carriage"
        >
          {carriageText(c)}
        </Badge>
      ))}
    </div>
  );
}

/** Edits the formation of one dated train: a row per carriage, in the order of travel. */
export function FormationEditor({ train, onClose }: { train: Train; onClose: () => void }) {
  const [rows, setRows] = useState<Carriage[]>(train.formation ?? [{ label: '1' }]);
  const save = useSaveFormation(onClose);
  const remove = useDeleteFormation(onClose);
  const set = (i: number, patch: Partial<Carriage>) =>
    setRows((all) => all.map((c, k) => (k === i ? { ...c, ...patch } : c)));
  const dated = { tripId: train.tripId ?? '', date: train.startDate ?? '' };
  return (
    <Form
      aria-label={`Formation of train ${train.trainNumber ?? train.label}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...dated, carriages: rows });
      }}
    >
      <Table size="sm" className="mb-2">
        <thead>
          <tr>
            <th scope="col">Carriage</th>
            <th scope="col">Class</th>
            <th scope="col">Occupancy</th>
            <th scope="col">Toilet</th>
            <th scope="col">Closed</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; labels change as typed.
            <tr key={i}>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Carriage ${i + 1} label`}
                  value={c.label}
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              </td>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Carriage ${i + 1} class`}
                  value={c.class ?? ''}
                  onChange={(e) => set(i, { class: e.target.value || undefined })}
                />
              </td>
              <td>
                <Form.Select
                  size="sm"
                  aria-label={`Carriage ${i + 1} occupancy`}
                  value={c.occupancyStatus ?? ''}
                  onChange={(e) => set(i, { occupancyStatus: e.target.value || undefined })}
                >
                  <option value="">–</option>
                  {Object.entries(OCCUPANCY_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Form.Select>
              </td>
              <td>
                <Form.Check
                  aria-label={`Carriage ${i + 1} toilet`}
                  checked={c.toilet ?? false}
                  onChange={(e) => set(i, { toilet: e.target.checked })}
                />
              </td>
              <td>
                <Form.Check
                  aria-label={`Carriage ${i + 1} closed`}
                  checked={c.closed ?? false}
                  onChange={(e) => set(i, { closed: e.target.checked })}
                />
              </td>
              <td>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Remove carriage ${i + 1}`}
                  onClick={() => setRows((all) => all.filter((_, k) => k !== i))}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => setRows((all) => [...all, { label: String(all.length + 1) }])}
        >
          Add carriage
        </Button>
        <Button size="sm" type="submit" disabled={save.isPending}>
          Save formation
        </Button>
        {train.formation && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(dated)}
          >
            Delete formation
          </Button>
        )}
        <Button size="sm" variant="link" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
