import { Badge, Card, Table } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';

const STATUS_BG: Record<string, string> = { delivered: 'success', failed: 'danger', pending: 'warning' };

/** One webhook's delivery log: each event with its attempts (time, status or error) and the next attempt. */
export function WebhookDeliveries({ id, url }: { id: string; url: string }) {
  const deliveries = useWebhookDeliveries(id);
  const timeZone = useTimeZone();
  if (deliveries.isLoading) return <LoadingScreen />;
  const rows = deliveries.data ?? [];
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="fs-6 mb-0">
        Deliveries to <span className="font-monospace text-break">{url}</span>
      </Card.Header>
      {rows.length === 0 ? (
        <Card.Body className="text-body-secondary">
          No deliveries yet: they appear with the next event it names.
        </Card.Body>
      ) : (
        <Table responsive className="mb-0 align-middle" aria-label="Deliveries">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Queued</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next attempt</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td className="font-monospace small">{d.event}</td>
                <td>{formatDateTime(d.createdAt, timeZone)}</td>
                <td>
                  <Badge
                    bg={STATUS_BG[d.status] ?? 'secondary'}
                    text={d.status === 'pending' ? 'dark' : undefined}
                  >
                    {d.status}
                  </Badge>
                </td>
                <td>
                  <ul className="list-unstyled mb-0 small">
                    {d.attempts.map((a) => (
                      <li key={String(a.at)}>
                        {formatDateTime(a.at, timeZone)}:{' '}
                        {a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'no answer')} (
                        {a.durationMs} ms)
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, timeZone) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
