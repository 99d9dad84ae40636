import { Badge, Button, Card, Table } from 'react-bootstrap';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';

export type WebhookItem = {
  id: string;
  url: string;
  events: string[];
  createdAt: Date | string;
  createdBy: string;
};

/** The webhooks with their events; each opens its delivery log or is deleted. */
export function WebhookList({
  webhooks,
  shown,
  onShow,
}: {
  webhooks: WebhookItem[];
  shown: string | null;
  onShow: (id: string | null) => void;
}) {
  const remove = useDeleteWebhook();
  const timeZone = useTimeZone();
  const onDelete = (hook: WebhookItem) => {
    if (window.confirm(`Delete the webhook to ${hook.url}? Nothing more is sent to it.`)) {
      if (shown === hook.id) onShow(null);
      remove.mutate({ id: hook.id });
    }
  };
  if (webhooks.length === 0) return <p className="text-body-secondary">No webhooks yet.</p>;
  return (
    <Card className="shadow-sm mb-4">
      <Table hover responsive className="mb-0 align-middle" aria-label="Webhooks">
        <thead>
          <tr>
            <th scope="col">Receiver</th>
            <th scope="col">Events</th>
            <th scope="col">Added</th>
            <th scope="col" className="text-end">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((hook) => (
            <tr key={hook.id} className={shown === hook.id ? 'table-active' : undefined}>
              <td className="text-break font-monospace small">{hook.url}</td>
              <td>
                {hook.events.map((e) => (
                  <Badge key={e} bg="secondary" className="me-1 font-monospace fw-normal">
                    {e}
                  </Badge>
                ))}
              </td>
              <td>
                {formatDateTime(hook.createdAt, timeZone)}{' '}
                <span className="text-body-secondary">by {hook.createdBy}</span>
              </td>
              <td className="text-end text-nowrap">
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="me-2"
                  onClick={() => onShow(shown === hook.id ? null : hook.id)}
                  aria-label={`Deliveries to ${hook.url}`}
                  aria-pressed={shown === hook.id}
                >
                  Deliveries
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => onDelete(hook)}
                  aria-label={`Delete the webhook to ${hook.url}`}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
