import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import type { EditConflict } from '../../../lib/errors.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import type { EditBase } from '../types.ts';

/**
 * Who saved the entity the editor shows, and when; and, after a save refused because a colleague
 * saved first, their change with a Reload (no silent overwrite).
 */
export function EditStatus({
  base,
  existing,
  conflict,
  onReload,
  children,
}: {
  base?: EditBase;
  /** The sentence that says why the editor opened an existing entity instead of a new one. */
  existing?: string;
  conflict: EditConflict | null;
  onReload: (id: string) => void;
  /** Shown in the conflict box: the colleague's version beside the controller's entries. */
  children?: ReactNode;
}) {
  const zone = useTimeZone();
  return (
    <>
      {base && (
        <div className="px-3 pt-2 small text-body-secondary" data-testid="last-changed">
          {existing && <strong className="text-body me-1">{existing}</strong>}
          Last changed by {base.updatedBy ?? 'a feed client'} at {formatDateTime(base.updatedAt, zone)}.
        </div>
      )}
      {conflict && (
        <Alert
          variant="warning"
          className="m-3 mb-0 d-flex flex-wrap align-items-center gap-3"
          data-testid="edit-conflict"
        >
          <span>{conflict.message}</span>
          <Button size="sm" variant="warning" className="ms-auto" onClick={() => onReload(conflict.id)}>
            {children ? 'Reload their version (drops your entries)' : 'Reload'}
          </Button>
          {children}
        </Alert>
      )}
    </>
  );
}
