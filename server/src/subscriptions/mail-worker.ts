import type { AppDeps } from '../deps.ts';
import type { NetworkIndex } from '../riders/read-network-index.ts';
import type { RiderLanguages } from '../riders/rider-pages.ts';
import { mailAlertChanges } from './mail-alert-changes.ts';
import { type MailSender, sendQueuedMails, trimOutbox, type UnsavedOutcomes } from './send-queued-mails.ts';

/** How often the alerts are compared with the last mailed, besides each change of the alert feed. */
const WATCH_EVERY_MS = 5_000;
/** How often the outbox is looked at for due mails (one indexed query), besides each mail queued here. */
const SEND_EVERY_MS = 1_000;

export type MailWorker = { stop(): void; kick(): void };

/**
 * The e-mails of one process (docs/rest-api.md "E-mail subscriptions"): on each change of the
 * alert feed (in any process: the bus), on a resume and every 5 s, the alerts' changes are queued
 * (mail-alert-changes.ts); the queue is sent every second and at once after a mail is queued
 * here. Nothing here is awaited by a save: the bus listener only schedules a run, so a dead SMTP
 * server or a slow database never slows an act or the feed.
 */
export function startMailWorker(
  deps: AppDeps,
  riders: { network(): Promise<NetworkIndex>; languages(): Promise<RiderLanguages> },
  send: MailSender,
): MailWorker {
  let stopped = false;
  const loop = (name: string, run: () => Promise<unknown>) => {
    let running = false;
    let again = false;
    const go = (): void => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      run()
        .catch((error) =>
          deps.log.warn({ err: error instanceof Error ? error.message : error }, `${name} failed`),
        )
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            setImmediate(go);
          }
        });
    };
    return go;
  };
  const unsaved: UnsavedOutcomes = new Map();
  const sendNow = loop('mail sending', async () => {
    // A full batch: more may be due at once.
    while (!stopped && (await sendQueuedMails(deps, send, unsaved)) > 0) {}
  });
  const watch = loop('alert mail watch', async () => {
    const [network, languages] = await Promise.all([riders.network(), riders.languages()]);
    if ((await mailAlertChanges(deps, { network, languages })) > 0) sendNow();
  });
  let ticks = 0;
  const offs = [
    deps.bus.on('feed_changed', (kind) => {
      if (kind === 'alert') setImmediate(watch);
    }),
    deps.bus.onResume(() => setImmediate(watch)),
  ];
  const watchTimer = setInterval(() => {
    watch();
    if (++ticks % 720 === 0) trimOutbox(deps).catch(() => {}); // about hourly
  }, WATCH_EVERY_MS);
  watchTimer.unref();
  const sendTimer = setInterval(sendNow, SEND_EVERY_MS);
  sendTimer.unref();
  setImmediate(watch);
  return {
    kick: () => setImmediate(sendNow),
    stop() {
      stopped = true;
      for (const off of offs) off();
      clearInterval(watchTimer);
      clearInterval(sendTimer);
    },
  };
}
