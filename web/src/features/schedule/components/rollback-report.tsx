import { Alert, Button } from 'react-bootstrap';
import type { RollbackResult } from '../types.ts';

/** What the rollback left to look at: the consistency findings against the restored schedule. */
export function RollbackReport({ report, onClose }: { report: RollbackResult; onClose: () => void }) {
  const gone = report.tripUpdatesNotInSchedule;
  return (
    <Alert variant={report.findings.length > 0 ? 'warning' : 'success'} data-testid="rollback-report">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div>
          <strong>
            Version {report.versionId} is current
            {report.replacedVersionId ? `; version ${report.replacedVersionId} is the previous one` : ''}.
          </strong>{' '}
          <span data-testid="rollback-findings">After rollback: {report.findings.length} findings.</span>
        </div>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {report.findings.length > 0 && (
        <ul className="mb-0 mt-2">
          {report.findings.slice(0, 20).map((f) => (
            <li key={`${f.code}-${f.entityIds.join()}`}>
              <span className="text-uppercase small">{f.severity}</span> {f.message}
            </li>
          ))}
          {report.findings.length > 20 && (
            <li>… and {report.findings.length - 20} more on the feed screen.</li>
          )}
        </ul>
      )}
      {gone.length > 0 && (
        <p className="mb-0 mt-2" data-testid="rollback-not-in-schedule">
          {gone.length} trip updates are for trips the restored schedule does not have:{' '}
          {gone
            .slice(0, 50)
            .map((t) => `${t.tripId}${t.startDate ? ` (${t.startDate})` : ''}`)
            .join(', ')}
          {gone.length > 50 ? ` and ${gone.length - 50} more` : ''}. They show as "Not in schedule" in the
          feed list.
        </p>
      )}
    </Alert>
  );
}
