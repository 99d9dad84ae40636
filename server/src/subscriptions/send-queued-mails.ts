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

/** What an attempt changes in its mail's row: sent (body and link erased), or due again later. */
type Outcome = Partial<typeof mailOutbox.$inferInsert>;

/**
 * The outcomes of attempts that could not be saved (the database away or its disk full, after the
 * SMTP server answered), by mail id: one sending process's, saved before it claims anything new.
 * Unsaved, a mail the SMTP server took stayed claimed and was sent again once its claim ended
 * (docs/rest-api.md "E-mail subscriptions").
 */
export type UnsavedOutcomes = Map<number, Outcome>;

/**
 * Sends the outbox's due mails (docs/rest-api.md "E-mail subscriptions"): claims up to a batch
 * with FOR UPDATE SKIP LOCKED (so several processes share the queue, never sending one mail
 * twice at once), sends them outside any transaction, then marks each sent (its body and link
 * erased) or due again after a backoff. An outcome that cannot be saved waits in `unsaved` and
 * is saved first at the next call, which claims nothing until it is. Answers how many were claimed
 * (0 while outcomes wait).
 */
export async function sendQueuedMails(
  deps: AppDeps,
  send: MailSender,
  unsaved: UnsavedOutcomes = new Map(),
): Promise<number> {
  for (const [id, outcome] of unsaved) {
    await deps.db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
    unsaved.delete(id);
  }
  const save = async (id: number, outcome: Outcome) => {
    try {
      await deps.db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
    } catch (error) {
      unsaved.set(id, outcome);
      deps.log.warn(
        { mail: id, err: error instanceof Error ? error.message : String(error) },
        'mail attempt not saved; saved once the database answers',
      );
    }
  };
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
        await save(mail.id, {
          claimedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(at.getTime() + retryDelayMs(mail.attempts)),
          ...(givingUp ? { failedAt: at } : {}),
        });
        deps.metrics.mails.inc({ kind: mail.kind, result: givingUp ? 'given_up' : 'retried' });
        deps.log.warn(
          { mail: mail.id, attempts: mail.attempts, err: message },
          'mail not sent; retried later',
        );
        return;
      }
      await save(mail.id, { sentAt: deps.now(), claimedUntil: null, lastError: null, body: '', headers: {} });
      deps.metrics.mails.inc({ kind: mail.kind, result: 'sent' });
    }),
  );
  return unsaved.size > 0 ? 0 : claimed.length;
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
