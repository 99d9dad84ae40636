import { Modal, Table } from 'react-bootstrap';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useFeedHistory } from '../api/get-history.ts';
import type { FeedKind } from '../api/list-feed.ts';

const ACTIONS: Record<string, string> = { save: 'Saved', delete: 'Deleted', restore: 'Delete undone' };

/** Who changed an entity, when, and what each save changed. */
export function HistoryModal({
  kind,
  id,
  title,
  onClose,
}: {
  kind: FeedKind;
  id: string | null;
  title: string;
  onClose: () => void;
}) {
  const zone = useTimeZone();
  const history = useFeedHistory(kind, id);
  return (
    <Modal show={id !== null} onHide={onClose} size="lg" aria-labelledby="history-title">
      <Modal.Header closeButton>
        <Modal.Title id="history-title" className="h5">
          History of {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {history.isLoading && <p>Loading…</p>}
        {history.error && <p className="text-danger">{history.error.message}</p>}
        {history.data?.length === 0 && <p className="text-body-secondary">No saves are kept for it.</p>}
        {history.data && history.data.length > 0 && (
          <Table size="sm" data-testid="history-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">What changed</th>
              </tr>
            </thead>
            <tbody>
              {[...history.data].reverse().map((entry) => (
                <tr key={entry.id} className="history-entry">
                  <td className="text-nowrap small">{formatDateTime(entry.at, zone)}</td>
                  <td className="small">{entry.by ?? 'feed client'}</td>
                  <td className="small">{ACTIONS[entry.action] ?? entry.action}</td>
                  <td className="small font-monospace">
                    {entry.changes.map((c) => (
                      <div key={c}>{c}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
    </Modal>
  );
}
