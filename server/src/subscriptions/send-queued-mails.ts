import { mailOutbox } from '@feeddesk/drizzle';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';

/** Sends one mail; throws when the SMTP server refused it or could not be reached. */
export type MailSender = (mail: {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}) => Promise<void>;

/** Mails claimed by one process at a time; each is sent at once, side by side. */
const BATCH = 10;
/** How long a process holds a claimed mail; past it (the process died) another sends it. */
const CLAIM_MS = 120_000;
/** Attempts before a mail is given up: with the backoff below, more than a day of trying. */
export const MAX_ATTEMPTS = 30;

/** The wait after the n-th failed attempt: 1 s doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.min(Math.max(attempts - 1, 0), 20), 3_600_000);
}

type Claimed = {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  headers: unknown;
  attempts: number;
};

/**
 * Sends the outbox's due mails (docs/rest-api.md "E-mail subscriptions"): claims up to a batch
 * with FOR UPDATE SKIP LOCKED (so several processes share the queue, never sending one mail
 * twice at once), sends them outside any transaction, then marks each sent (its body and link
 * erased) or due again after a backoff. Answers how many were claimed.
 */
export async function sendQueuedMails(deps: AppDeps, send: MailSender): Promise<number> {
  const now = deps.now();
  const claimed = (await deps.db.execute(sql`
    update mail_outbox set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz,
      attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
      order by next_attempt_at, id limit ${BATCH}
      for update skip locked)
    returning id, kind, to_address, subject, body, headers, attempts`)) as unknown as Claimed[];
  await Promise.all(
    claimed.map(async (mail) => {
      try {
        await send({
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body,
          headers: (mail.headers ?? {}) as Record<string, string>,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const at = deps.now();
        const givingUp = mail.attempts >= MAX_ATTEMPTS;
        await deps.db
          .update(mailOutbox)
          .set({
            claimedUntil: null,
            lastError: message.slice(0, 500),
            nextAttemptAt: new Date(at.getTime() + retryDelayMs(mail.attempts)),
            ...(givingUp ? { failedAt: at } : {}),
          })
          .where(eq(mailOutbox.id, mail.id));
        deps.metrics.mails.inc({ kind: mail.kind, result: givingUp ? 'given_up' : 'retried' });
        deps.log.warn(
          { mail: mail.id, attempts: mail.attempts, err: message },
          'mail not sent; retried later',
        );
        return;
      }
      await deps.db
        .update(mailOutbox)
        .set({ sentAt: deps.now(), claimedUntil: null, lastError: null, body: '', headers: {} })
        .where(eq(mailOutbox.id, mail.id));
      deps.metrics.mails.inc({ kind: mail.kind, result: 'sent' });
    }),
  );
  return claimed.length;
}

/**
 * Housekeeping, every hour or so: sent and given-up mails older than two days leave the outbox
 * (the hour's counts need only the last hour); unconfirmed subscriptions whose link expired (24 h)
 * go with their tokens; the unsubscribe links of mails older than 400 days stop working.
 */
export async function trimOutbox(deps: AppDeps): Promise<void> {
  const now = deps.now().getTime();
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();
  await deps.db.execute(
    sql`delete from mail_outbox where (sent_at is not null or failed_at is not null) and created_at < ${at(2 * 86_400_000)}::timestamptz`,
  );
  await deps.db.execute(
    sql`delete from mail_subscriptions where confirmed_at is null and created_at < ${at(86_400_000)}::timestamptz`,
  );
  await deps.db.execute(
    sql`delete from mail_subscription_tokens where purpose = 'unsubscribe' and created_at < ${at(400 * 86_400_000)}::timestamptz`,
  );
}
