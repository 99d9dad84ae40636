import type { AppDeps } from '../deps.ts';
import { isDatabaseUnreachable } from '../health/database-unreachable.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  pruneDeliveries,
  recordAttempt,
  releaseDelivery,
  sendDelivery,
} from './send-due-deliveries.ts';

/** How often the worker forgets old deliveries. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The webhook worker of one process (docs/rest-api.md "Webhooks"): woken by the outbox triggers'
 * NOTIFY (an act's deliveries leave within milliseconds of its commit) and every WEBHOOK_CHECK_MS
 * (retries come due, a notification was missed), it sends at most WEBHOOK_SENDS_AT_ONCE
 * deliveries at once, one per webhook, off every request's path: a slow receiver holds one send
 * slot, never a save nor the other receivers' deliveries.
 */
export function followWebhookDeliveries(deps: AppDeps): { stop(): Promise<void> } {
  const max = deps.config.WEBHOOK_SENDS_AT_ONCE;
  const inFlight = new Set<Promise<void>>();
  /** The webhooks this process is sending to now: one delivery at a time each. */
  const busy = new Map<string, number>();
  const stopping = new AbortController();
  let claiming = false;
  let again = false;
  let lastPrune = 0;

  const send = async (delivery: ClaimedDelivery) => {
    const outcome = await sendDelivery(delivery, {
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
      signal: stopping.signal,
    });
    if (stopping.signal.aborted && outcome.statusCode === null) {
      await releaseDelivery(deps, delivery);
      return;
    }
    await recordAttempt(deps, delivery, outcome);
  };

  const pump = async (): Promise<void> => {
    if (stopping.signal.aborted) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const room = max - inFlight.size;
        if (room <= 0) break;
        const claimed = await claimDueDeliveries(deps, room, [...busy.keys()]);
        for (const delivery of claimed) {
          busy.set(delivery.webhookId, (busy.get(delivery.webhookId) ?? 0) + 1);
          const sending: Promise<void> = send(delivery)
            .catch((err) =>
              deps.log.warn({ err, delivery: delivery.id }, 'could not record a webhook attempt'),
            )
            .finally(() => {
              inFlight.delete(sending);
              const left = (busy.get(delivery.webhookId) ?? 1) - 1;
              if (left > 0) busy.set(delivery.webhookId, left);
              else busy.delete(delivery.webhookId);
              void pump();
            });
          inFlight.add(sending);
        }
        if (claimed.length === room) again = true;
      } while (again && !stopping.signal.aborted);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneDeliveries(deps);
      }
    } catch (err) {
      // The database away: the next tick tries again; nothing is lost, the rows wait. One short
      // line per tick then, not a stack each time (as the other periodic tasks, start-background.ts).
      if (isDatabaseUnreachable(err))
        deps.log.warn('webhook deliveries skipped: the database cannot be reached');
      else deps.log.warn({ err }, 'could not look for due webhook deliveries');
    } finally {
      claiming = false;
    }
  };

  const wake = () => void pump();
  const offQueued = deps.bus.on('webhook_queued', wake);
  const offResume = deps.bus.onResume(wake);
  const timer = setInterval(wake, deps.config.WEBHOOK_CHECK_MS);
  timer.unref();
  wake();

  return {
    async stop() {
      offQueued();
      offResume();
      clearInterval(timer);
      stopping.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
