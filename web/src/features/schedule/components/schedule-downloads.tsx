import { Card } from 'react-bootstrap';
import { downloads } from '../../../config/paths.ts';
import { useScheduleInfo, useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';

/** docs/spec.md §2 home: the latest schedule workbook with its last-modified time, and the schedule zip. */
export function ScheduleDownloads() {
  const info = useScheduleInfo().data;
  const zone = useTimeZone();
  return (
    <Card className="shadow-sm h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-uppercase text-body-secondary">
          Schedule
        </Card.Title>
        <ul className="list-unstyled mb-0">
          <li className="mb-2">
            <a href={downloads.workbook} download>
              Download schedule workbook (gtfs.xlsx)
            </a>
            <div className="small text-body-secondary" data-testid="workbook-modified">
              {info?.workbookLastModified
                ? `Last modified ${formatDateTime(info.workbookLastModified, zone)}`
                : 'No workbook yet'}
            </div>
          </li>
          <li>
            <a href={downloads.zip} download>
              Download schedule zip (gtfs.zip)
            </a>
            {info && !info.hasZip && <div className="small text-body-secondary">No zip yet</div>}
          </li>
          {info?.hasReport && (
            <li className="mt-2">
              {/* The served schedule's report: shown once schedule.info (kept live) says there is one. */}
              <a href={downloads.report} target="_blank" rel="noreferrer">
                Validation report
              </a>
            </li>
          )}
        </ul>
      </Card.Body>
    </Card>
  );
}
