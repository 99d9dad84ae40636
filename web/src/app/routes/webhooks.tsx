import { useState } from 'react';
import { LoadingScreen } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { useWebhooks } from '../../features/webhooks/api/list-webhooks.ts';
import { WebhookDeliveries } from '../../features/webhooks/components/webhook-deliveries.tsx';
import { WebhookForm } from '../../features/webhooks/components/webhook-form.tsx';
import { WebhookList } from '../../features/webhooks/components/webhook-list.tsx';

/** Webhooks of the operator's own systems (docs/rest-api.md, admin): add, see the secret once, list, delete, the delivery log. */
export default function WebhooksRoute() {
  const list = useWebhooks();
  const [shown, setShown] = useState<string | null>(null);
  if (list.isLoading) return <LoadingScreen />;
  const webhooks = list.data?.webhooks ?? [];
  const open = webhooks.find((w) => w.id === shown);
  return (
    <Page title="Webhooks">
      <WebhookForm events={list.data?.events ?? []} />
      <WebhookList webhooks={webhooks} shown={open?.id ?? null} onShow={setShown} />
      {open && <WebhookDeliveries id={open.id} url={open.url} />}
    </Page>
  );
}
