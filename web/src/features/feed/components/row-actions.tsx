import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';

/** The Edit and Delete cells of a feed list row (editors only). */
export function RowActions({
  editHref,
  entity,
  onDelete,
}: {
  editHref: string;
  entity: unknown;
  onDelete: () => void;
}) {
  return (
    <>
      <td>
        <Link to={editHref} state={{ entity }} className="btn btn-sm btn-primary">
          Edit
        </Link>
      </td>
      <td>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </td>
    </>
  );
}
