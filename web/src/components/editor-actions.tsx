import { Button } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths.ts';

export const CANCEL_EDIT_CONFIRM = 'Are you sure you want to cancel? You might lose unsaved changes';

/** docs/spec.md §2 editor screens: a go-back link, 'create new' (a fresh form) and Cancel with a confirmation. */
export function EditorActions({ newHref }: { newHref: string }) {
  const navigate = useNavigate();
  const cancel = () => {
    if (window.confirm(CANCEL_EDIT_CONFIRM)) navigate(paths.home.getHref());
  };
  return (
    <>
      <Link to={paths.home.getHref()} className="btn btn-link">
        ← Go back
      </Link>
      <Button variant="outline-primary" onClick={() => window.location.assign(newHref)}>
        Create new
      </Button>
      <Button variant="outline-secondary" onClick={cancel}>
        Cancel
      </Button>
    </>
  );
}
