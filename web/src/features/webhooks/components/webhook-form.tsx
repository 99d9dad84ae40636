import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useCreateWebhook } from '../api/create-webhook.ts';

/** A new webhook: the receiver's URL and the events it is told of; the secret is shown once, here. */
export function WebhookForm({ events }: { events: string[] }) {
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>(['alert.published', 'alert.ended']);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const create = useCreateWebhook({
    onSuccess: ({ secret }) => {
      setCreated({ url: url.trim(), secret });
      setUrl('');
    },
  });
  const toggle = (event: string, on: boolean) =>
    setChosen((list) => events.filter((e) => (e === event ? on : list.includes(e))));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    create.mutate({ url, events: chosen });
  };
  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <Form onSubmit={submit} aria-label="New webhook">
          <Form.Group className="mb-3" controlId="webhook-url">
            <Form.Label>Receiver URL</Form.Label>
            <Form.Control
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://ops.example.org/feeddesk-events"
              autoComplete="off"
              maxLength={2000}
              required
            />
            <Form.Text>
              Each event is a signed JSON POST (Standard Webhooks), retried for hours until answered 2xx.
            </Form.Text>
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">Events</legend>
            {events.map((event) => (
              <Form.Check
                key={event}
                type="switch"
                id={`webhook-event-${event}`}
                label={<span className="font-monospace">{event}</span>}
                checked={chosen.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
            ))}
          </fieldset>
          <Button type="submit" disabled={create.isPending || !url.trim() || chosen.length === 0}>
            Add webhook
          </Button>
        </Form>
        {created && (
          <Alert variant="warning" className="mt-3 mb-0" data-testid="new-webhook">
            <p className="mb-2">
              The signing secret of <strong>{created.url}</strong>. Copy it now: it is shown only this once.
            </p>
            <Form.Control
              readOnly
              value={created.secret}
              aria-label="Signing secret"
              className="font-monospace"
              onFocus={(e) => e.target.select()}
            />
            <p className="mt-2 mb-0 small">
              The receiver verifies <span className="font-monospace">webhook-signature</span> with it, e.g.{' '}
              <span className="font-monospace">new Webhook(secret).verify(body, headers)</span>.
            </p>
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
