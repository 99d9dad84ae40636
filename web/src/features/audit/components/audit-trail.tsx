import { useState } from 'react';
import { Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime, zonedToPosix } from '../../../lib/time.ts';
import { type AuditFilter, type AuditKind, useAuditEntries } from '../api/list-audit-entries.ts';

const PAGE = 50;
const KINDS: [string, string][] = [
  ['', 'Everything'],
  ['user', 'Users'],
  ['token', 'API tokens'],
  ['disruption', 'Disruptions'],
  ['schedule_version', 'Schedule versions'],
  ['operator_settings', 'Operator settings'],
  ['trip_update', 'Trip updates'],
  ['alert', 'Alerts'],
  ['vehicle', 'Vehicle positions'],
];

/** Dates picked in the agency's zone become instants: `to` includes its whole day. */
function toQuery(form: Record<string, string>, zone: string): AuditFilter {
  const day = (date: string, plusDays = 0) => {
    const noon = new Date(`${date}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + plusDays);
    return new Date(zonedToPosix(noon.toISOString().slice(0, 10), '00:00', zone) * 1000).toISOString();
  };
  const filter: AuditFilter = {};
  if (form.by) filter.by = form.by;
  if (form.kind) filter.kind = form.kind as AuditKind;
  if (form.entity) filter.entity = form.entity;
  if (form.from) filter.from = day(form.from);
  if (form.to) filter.to = day(form.to, 1);
  return filter;
}

/** Who changed what and when, filtered, paged and exportable as CSV. */
export function AuditTrail() {
  const zone = useTimeZone();
  const [form, setForm] = useState<Record<string, string>>({
    by: '',
    kind: '',
    entity: '',
    from: '',
    to: '',
  });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [offset, setOffset] = useState(0);
  const entries = useAuditEntries(filter, { limit: PAGE, offset });
  const field = (name: string) => ({
    value: form[name] ?? '',
    onChange: (e: React.ChangeEvent<{ value: string }>) => setForm({ ...form, [name]: e.target.value }),
  });
  const exportHref = `/audit/export?${new URLSearchParams(filter as Record<string, string>)}`;
  const total = entries.data?.total ?? 0;
  return (
    <>
      <Form
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(toQuery(form, zone));
          setOffset(0);
        }}
      >
        <Row className="g-2 align-items-end">
          <Col md={2}>
            <Form.Group controlId="audit-by">
              <Form.Label>Who</Form.Label>
              <Form.Control {...field('by')} placeholder="username" />
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-kind">
              <Form.Label>What</Form.Label>
              <Form.Select {...field('kind')}>
                {KINDS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-entity">
              <Form.Label>Entity id</Form.Label>
              <Form.Control {...field('entity')} />
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-from">
              <Form.Label>From</Form.Label>
              <Form.Control type="date" {...field('from')} />
            </Form.Group>
          </Col>
          <Col md={2}>
            <Form.Group controlId="audit-to">
              <Form.Label>To (included)</Form.Label>
              <Form.Control type="date" {...field('to')} />
            </Form.Group>
          </Col>
          <Col md={2} className="d-flex gap-2">
            <Button type="submit">Filter</Button>
            <a className="btn btn-outline-secondary" href={exportHref} download>
              Export CSV
            </a>
          </Col>
        </Row>
      </Form>
      {entries.isLoading ? (
        <LoadingScreen />
      ) : (
        <Card className="shadow-sm">
          <Table hover responsive className="mb-0 align-middle" aria-label="Audit trail">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Entity</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {(entries.data?.entries ?? []).map((e) => (
                <tr key={e.id}>
                  <td className="text-nowrap">{formatDateTime(e.at, zone)}</td>
                  <td>{e.by ?? 'system'}</td>
                  <td className="text-nowrap">
                    {e.kind} {e.action}
                  </td>
                  <td className="text-break">{e.entityId}</td>
                  <td>{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Card.Footer className="d-flex justify-content-between align-items-center">
            <span data-testid="audit-count">
              {total === 0
                ? 'Nothing recorded for these filters.'
                : `${offset + 1}–${Math.min(offset + PAGE, total)} of ${total}`}
            </span>
            <span className="d-flex gap-2">
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Newer
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={offset + PAGE >= total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Older
              </Button>
            </span>
          </Card.Footer>
        </Card>
      )}
    </>
  );
}
