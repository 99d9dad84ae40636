import {
  feedEntities,
  mailAlertState,
  mailOutbox,
  mailSubscriptions,
  mailSubscriptionTokens,
} from '@feeddesk/drizzle';
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps, Tx } from '../deps.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import { type AlertJson, alertMatches } from '../riders/match-alert.ts';
import type { NetworkIndex } from '../riders/read-network-index.ts';
import type { RiderLanguages } from '../riders/rider-pages.ts';
import { riderAlert } from '../riders/route-statuses.ts';
import { alertView } from '../riders/status-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { type AlertChange, alertMail } from './mail-texts.ts';
import { mailLink, newMailToken } from './mail-tokens.ts';

/** One alert's change found by comparing the served feed with what was last mailed about. */
type Found = { id: string; change: AlertChange; json: AlertJson };

/**
 * Mails the changes of the live alerts to the confirmed subscriptions they match
 * (docs/rest-api.md "E-mail subscriptions"): the alerts the feed serves are compared with the
 * ones last mailed about (mail_alert_state); an alert that is new is `published`, one whose JSON
 * changed is `changed`, one no longer served is `ended`, whichever act or expiry did it. The mails
 * and the new state are written in one transaction, under a lock only one process holds at a
 * time: every change is queued once, none is lost when a process dies (the next run finds it).
 * Answers the mails queued.
 */
export async function mailAlertChanges(
  deps: AppDeps,
  context: { network: NetworkIndex; languages: RiderLanguages },
): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [lock] = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('mail-alert-changes')) as locked`,
    )) as unknown as { locked: boolean }[];
    if (!lock?.locked) return 0;
    const served = await tx
      .select({ id: feedEntities.id, hash: sql<string>`md5(${feedEntities.json}::text)` })
      .from(feedEntities)
      .where(servedRows('alert'));
    const known = await tx
      .select({ id: mailAlertState.alertId, hash: mailAlertState.hash })
      .from(mailAlertState);
    const before = new Map(known.map((k) => [k.id, k.hash]));
    const current = new Map(served.map((s) => [s.id, s.hash]));
    const written = served.filter((s) => before.get(s.id) !== s.hash).map((s) => s.id);
    const gone = known.filter((k) => !current.has(k.id)).map((k) => k.id);
    if (written.length === 0 && gone.length === 0) return 0;
    const found: Found[] = [];
    if (written.length > 0) {
      const rows = await tx
        .select({
          id: feedEntities.id,
          json: feedEntities.json,
          hash: sql<string>`md5(${feedEntities.json}::text)`,
        })
        .from(feedEntities)
        .where(and(servedRows('alert'), isAnyOf(feedEntities.id, written)));
      for (const row of rows) {
        const alert = (row.json as { alert?: AlertJson }).alert;
        await tx
          .insert(mailAlertState)
          // The hash of the JSON stored, read with it (a save between the two reads is the next run's).
          .values({ alertId: row.id, hash: row.hash, json: row.json, seenAt: now })
          .onConflictDoUpdate({
            target: mailAlertState.alertId,
            set: { hash: row.hash, json: row.json, seenAt: now },
          });
        if (alert)
          found.push({ id: row.id, change: before.has(row.id) ? 'changed' : 'published', json: alert });
      }
    }
    if (gone.length > 0) {
      const rows = await tx
        .delete(mailAlertState)
        .where(isAnyOf(mailAlertState.alertId, gone))
        .returning({ id: mailAlertState.alertId, json: mailAlertState.json });
      for (const row of rows) {
        const alert = (row.json as { alert?: AlertJson }).alert;
        if (alert) found.push({ id: row.id, change: 'ended', json: alert });
      }
    }
    return queueAlertMails(deps, tx, found, context);
  });
}

async function queueAlertMails(
  deps: AppDeps,
  tx: Tx,
  found: Found[],
  context: { network: NetworkIndex; languages: RiderLanguages },
): Promise<number> {
  if (found.length === 0) return 0;
  const subscriptions = await tx
    .select()
    .from(mailSubscriptions)
    .where(isNotNull(mailSubscriptions.confirmedAt));
  if (subscriptions.length === 0) return 0;
  const now = deps.now();
  const at = Math.floor(now.getTime() / 1000);
  const cap = deps.config.SUBSCRIPTION_MAILS_PER_HOUR;
  const sentThisHour = new Map(
    (
      await tx
        .select({ key: mailOutbox.emailKey, n: count() })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.kind, 'alert'), gt(mailOutbox.createdAt, new Date(now.getTime() - 3_600_000))),
        )
        .groupBy(mailOutbox.emailKey)
    ).map((r) => [r.key, r.n]),
  );
  const agency = context.network.agencyName ?? '';
  const fallback = context.languages.languages[0]?.tag ?? context.languages.defaultLanguage;
  let queued = 0;
  const skipped = new Map<number, number>();
  for (const change of found) {
    // An ended alert is told with its last texts, whatever its periods said.
    const rider = riderAlert(change.id, change.json, change.change === 'ended' ? 0 : at);
    if (!rider) continue; // Its communication is over: riders are no longer told of it.
    for (const s of subscriptions) {
      if (!alertMatches(change.json, { routes: s.routes, stops: s.stops }, context.network)) continue;
      const sent = sentThisHour.get(s.emailKey) ?? 0;
      if (sent >= cap) {
        skipped.set(s.id, (skipped.get(s.id) ?? 0) + 1);
        continue;
      }
      sentThisHour.set(s.emailKey, sent + 1);
      const view = alertView(rider, s.lang, fallback, { at, timezone: context.network.timezone });
      const { token, hash } = newMailToken();
      await tx
        .insert(mailSubscriptionTokens)
        .values({ tokenHash: hash, subscriptionId: s.id, purpose: 'unsubscribe', createdAt: now });
      const unsubscribe = mailLink(deps, 'unsubscribe', token);
      const mail = alertMail({ lang: s.lang, agency, change: change.change, view, unsubscribe });
      await tx.insert(mailOutbox).values({
        kind: 'alert',
        toAddress: s.email,
        emailKey: s.emailKey,
        subject: mail.subject,
        body: mail.body,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
        createdAt: now,
        nextAttemptAt: now,
      });
      queued++;
    }
  }
  for (const [id, n] of skipped) {
    await tx
      .update(mailSubscriptions)
      .set({ skippedMails: sql`${mailSubscriptions.skippedMails} + ${n}` })
      .where(eq(mailSubscriptions.id, id));
  }
  if (skipped.size > 0) {
    const mails = [...skipped.values()].reduce((a, b) => a + b, 0);
    deps.metrics.mails.inc({ kind: 'alert', result: 'skipped' }, mails);
    deps.log.warn(
      { subscriptions: skipped.size, mails },
      'alert mails skipped: addresses over SUBSCRIPTION_MAILS_PER_HOUR',
    );
  }
  return queued;
}
