import { Alert } from 'react-bootstrap';

/** Shown on an editor to a user without the edit role: they see it before typing, not at Save. */
export function ReadOnlyNote() {
  return (
    <Alert variant="info" className="py-2">
      Read only: saving needs the edit role. Ask an administrator for it.
    </Alert>
  );
}
