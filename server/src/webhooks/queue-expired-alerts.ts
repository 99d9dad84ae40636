import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';

/**
 * `alert.ended` for alerts that left the feed at the end of their time (expiry writes no feed_log
 * row, so the outbox trigger of migration 0030 does not see them): queued in the expiry's own
 * transaction, as the trigger queues an act's (docs/rest-api.md "Webhooks"), `action` "expire".
 */
export async function queueExpiredAlerts(
  tx: DbOrTx,
  alerts: { id: string; json: unknown }[],
  at: Date,
): Promise<void> {
  if (alerts.length === 0) return;
  const rows = JSON.stringify(alerts.map((a) => ({ id: a.id, entity: a.json })));
  const [row] = (await tx.execute(sql`
    with queued as (
    insert into "webhook_deliveries" ("webhook_id", "event", "payload")
    select w."id", 'alert.ended', jsonb_build_object(
      'type', 'alert.ended',
      'timestamp', ${at.toISOString()}::text,
      'data', jsonb_build_object('kind', 'alert', 'id', e."id", 'action', 'expire', 'by', null,
        'entity', e."entity"))
    from jsonb_to_recordset(${rows}::jsonb) as e("id" text, "entity" jsonb)
    join "webhooks" w on 'alert.ended' = any (w."events")
    order by e."id", w."id"
    returning 1)
    select count(*)::int as n from queued`)) as unknown as { n: number }[];
  if ((row?.n ?? 0) > 0) await tx.execute(sql`select pg_notify('webhook_queued', '')`);
}
