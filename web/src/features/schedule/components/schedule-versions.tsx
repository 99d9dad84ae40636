import { useState } from 'react';
import { Alert, Badge, Button, Card, Form, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useScheduleVersions } from '../api/list-schedule-versions.ts';
import { useRollbackScheduleVersion } from '../api/rollback-schedule-version.ts';
import type { RollbackResult, ScheduleVersion } from '../types.ts';
import { RollbackReport } from './rollback-report.tsx';
import { VersionDiff } from './version-diff.tsx';

/** 20251004 → 2025-10-04, as the date fields show dates. */
const formatServiceDate = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

const label = (v: ScheduleVersion) => `Version ${v.id} · ${v.sourceName}`;

/** The kept versions, the diff of any two that keep their rows, the rollback to the previous one. */
export function ScheduleVersions() {
  const list = useScheduleVersions();
  const zone = useTimeZone();
  const rollback = useRollbackScheduleVersion();
  const [chosen, setChosen] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const [report, setReport] = useState<RollbackResult | null>(null);
  if (list.isLoading || !list.data) return <LoadingScreen />;
  const { versions, keptVersions } = list.data;
  const comparable = versions.filter((v) => v.rowsKept);
  const current = versions.find((v) => v.status === 'current');
  const previous = versions.find((v) => v.status === 'previous');
  const from = chosen.from ?? previous?.id ?? null;
  const to = chosen.to ?? current?.id ?? null;
  const onRollback = (v: ScheduleVersion) => {
    const question = `Roll back to ${label(v)}? It becomes the current schedule at once${
      current ? `; version ${current.id} becomes the previous one (roll back again to undo)` : ''
    }.`;
    if (window.confirm(question)) rollback.mutate({ versionId: v.id }, { onSuccess: setReport });
  };
  return (
    <>
      <p className="text-body-secondary" data-testid="retention">
        The stops, trips and times of the current and the previous version are kept, so those two can be
        compared and the previous one restored. Of older versions the list keeps who loaded them, when and the
        counts (the last {keptVersions} versions).
      </p>
      {report && <RollbackReport report={report} onClose={() => setReport(null)} />}
      <Card className="shadow-sm mb-4">
        <Table hover responsive className="mb-0 align-middle" aria-label="Schedule versions">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Loaded by</th>
              <th scope="col">When</th>
              <th scope="col">File</th>
              <th scope="col" className="text-end">
                Routes
              </th>
              <th scope="col" className="text-end">
                Stops
              </th>
              <th scope="col" className="text-end">
                Trips
              </th>
              <th scope="col" className="text-end">
                Stop times
              </th>
              <th scope="col" className="text-end" title="calendar rules + calendar dates">
                Service days
              </th>
              <th scope="col" className="text-end">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.id} data-testid={`version-${v.id}`}>
                <td className="text-nowrap">
                  {v.id} <StatusBadge status={v.status} />
                </td>
                <td>{v.uploadedBy ?? '—'}</td>
                <td className="text-nowrap">{formatDateTime(v.activatedAt ?? v.createdAt, zone)}</td>
                <td>
                  {v.error ? <span title={v.error}>{v.sourceName} (failed)</span> : v.sourceName}
                  {v.plannedWorks.length > 0 && (
                    <ul
                      className="small text-body-secondary mb-0 ps-3"
                      aria-label={`Planned works in version ${v.id}`}
                    >
                      {v.plannedWorks.map((w) => (
                        <li key={w.id}>
                          Planned works: {w.reason} on {formatServiceDate(w.serviceDate)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="text-end">{v.counts?.routes ?? '—'}</td>
                <td className="text-end">{v.counts?.stops ?? '—'}</td>
                <td className="text-end">{v.counts?.trips ?? '—'}</td>
                <td className="text-end">{v.counts?.stopTimes ?? '—'}</td>
                <td className="text-end">
                  {v.counts ? `${v.counts.calendar} + ${v.counts.calendarDates}` : '—'}
                </td>
                <td className="text-end text-nowrap">
                  {v.status === 'previous' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={rollback.isPending}
                      onClick={() => onRollback(v)}
                    >
                      Roll back to version {v.id}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
      <h2 className="h5">What changed</h2>
      {comparable.length < 2 ? (
        <Alert variant="info">Two kept versions are needed to compare: upload a schedule first.</Alert>
      ) : (
        <>
          <Form className="d-flex flex-wrap gap-3 align-items-end mb-3">
            <VersionSelect
              label="From"
              value={from}
              versions={comparable}
              onChange={(id) => setChosen({ from: id, to })}
            />
            <VersionSelect
              label="To"
              value={to}
              versions={comparable}
              onChange={(id) => setChosen({ from, to: id })}
            />
          </Form>
          <VersionDiff from={from} to={to} />
        </>
      )}
    </>
  );
}

function StatusBadge({ status }: { status: string }) {
  if (status === 'current') return <Badge bg="success">current</Badge>;
  if (status === 'failed') return <Badge bg="danger">failed</Badge>;
  return <Badge bg="secondary">{status}</Badge>;
}

function VersionSelect(props: {
  label: string;
  value: number | null;
  versions: ScheduleVersion[];
  onChange: (id: number) => void;
}) {
  return (
    <Form.Group controlId={`diff-${props.label.toLowerCase()}`}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Select value={props.value ?? ''} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.versions.map((v) => (
          <option key={v.id} value={v.id}>
            {label(v)} ({v.status})
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
