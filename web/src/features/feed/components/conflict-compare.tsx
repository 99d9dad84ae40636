import { Button, Table } from 'react-bootstrap';

export type Difference = { field: string; theirs: string; mine: string };

/**
 * After a refused save (409): the colleague's version beside the controller's own entries, and the
 * two ways on, neither of which loses work unasked.
 */
export function ConflictCompare({
  by,
  differences,
  onKeepMine,
}: {
  by: string;
  differences: Difference[];
  onKeepMine: () => void;
}) {
  return (
    <div className="w-100" data-testid="conflict-compare">
      <Table size="sm" className="small mb-2 bg-transparent">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{by}’s version</th>
            <th scope="col">Your entries</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.field} data-field={d.field}>
              <th scope="row">{d.field}</th>
              <td data-side="theirs">{d.theirs || '—'}</td>
              <td data-side="mine">{d.mine || '—'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Button size="sm" variant="primary" onClick={onKeepMine}>
        Keep my entries on top of theirs
      </Button>
      <span className="small ms-2">
        Your changed fields stay, the others take {by}’s version; then save again.
      </span>
    </div>
  );
}
