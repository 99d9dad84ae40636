import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { EditBase } from '../types.ts';

/** The History cell of a feed list row, and Edit and Delete for editors. */
export function RowActions({
  editHref,
  entity,
  base,
  canEdit,
  onHistory,
  onDelete,
}: {
  editHref: string;
  entity: unknown;
  /** The revision the editor starts from, with who saved it and when. */
  base: EditBase;
  canEdit: boolean;
  onHistory: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <td>
        <Button size="sm" variant="outline-secondary" onClick={onHistory}>
          History
        </Button>
      </td>
      {canEdit && (
        <>
          <td>
            <Link to={editHref} state={{ entity, base }} className="btn btn-sm btn-primary">
              Edit
            </Link>
          </td>
          <td>
            <Button size="sm" variant="danger" onClick={onDelete}>
              Delete
            </Button>
          </td>
        </>
      )}
    </>
  );
}

/** The header cells above RowActions (named for screen readers only). */
export function RowActionHeaders({ canEdit }: { canEdit: boolean }) {
  return (
    <>
      <th scope="col">
        <span className="visually-hidden">History</span>
      </th>
      {canEdit && (
        <>
          <th scope="col">
            <span className="visually-hidden">Edit</span>
          </th>
          <th scope="col">
            <span className="visually-hidden">Delete</span>
          </th>
        </>
      )}
    </>
  );
}
