import { mailOutbox, mailSubscriptions, mailSubscriptionTokens } from '@feeddesk/drizzle';
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { emailKey, emailProblem } from './check-email.ts';
import { confirmationMail } from './mail-texts.ts';
import { mailLink, newMailToken } from './mail-tokens.ts';

/** How long a confirmation link works; an unconfirmed subscription older than this is deleted. */
export const CONFIRM_WITHIN_MS = 24 * 3_600_000;

/** E-mail subscriptions are on only when an SMTP server is configured. */
export function requireSubscriptionsOn(deps: Pick<AppDeps, 'config'>): void {
  if (!deps.config.SMTP_URL)
    throw new AppError('subscriptions_off', {
      message: 'E-mail subscriptions are off on this server: it has no SMTP server (SMTP_URL) to send them.',
    });
}

/**
 * A rider's subscription (docs/rest-api.md "E-mail subscriptions"): stored unconfirmed, with its
 * confirmation mail queued in the same transaction (the outbox, send-queued-mails.ts). One
 * address's requests are counted one at a time (an advisory lock on the address), so parallel
 * requests cannot all slip under SUBSCRIPTIONS_PER_ADDRESS or SUBSCRIPTION_CONFIRMATIONS_PER_HOUR.
 */
export async function createSubscription(
  deps: AppDeps,
  input: { email: string; routes: string[]; stops: string[]; lang: string; agency: string },
): Promise<{ id: number }> {
  requireSubscriptionsOn(deps);
  const email = input.email.trim();
  const problem = emailProblem(email);
  if (problem) throw new AppError('validation_failed', { message: problem });
  const key = emailKey(email);
  const now = deps.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const { config } = deps;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-subscription:${key}`}))`);
    // Unconfirmed subscriptions whose link expired hold no place.
    await tx
      .delete(mailSubscriptions)
      .where(
        and(
          eq(mailSubscriptions.emailKey, key),
          isNull(mailSubscriptions.confirmedAt),
          lt(mailSubscriptions.createdAt, new Date(now.getTime() - CONFIRM_WITHIN_MS)),
        ),
      );
    const [sent] = await tx
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.emailKey, key), eq(mailOutbox.kind, 'confirm'), gt(mailOutbox.createdAt, hourAgo)),
      );
    if ((sent?.n ?? 0) >= config.SUBSCRIPTION_CONFIRMATIONS_PER_HOUR)
      throw new AppError('too_many_signups', {
        message: `This address was sent ${config.SUBSCRIPTION_CONFIRMATIONS_PER_HOUR} confirmation e-mails in the last hour; follow the link of one of them, or try again in an hour.`,
      });
    const [held] = await tx
      .select({ n: count() })
      .from(mailSubscriptions)
      .where(eq(mailSubscriptions.emailKey, key));
    if ((held?.n ?? 0) >= config.SUBSCRIPTIONS_PER_ADDRESS)
      throw new AppError('too_many_signups', {
        message: `This address has ${config.SUBSCRIPTIONS_PER_ADDRESS} subscriptions, the most one address may have; stop one with the link of its e-mails first.`,
      });
    const [row] = await tx
      .insert(mailSubscriptions)
      .values({
        email,
        emailKey: key,
        routes: input.routes,
        stops: input.stops,
        lang: input.lang,
        createdAt: now,
      })
      .returning({ id: mailSubscriptions.id });
    const { token, hash } = newMailToken();
    await tx
      .insert(mailSubscriptionTokens)
      .values({ tokenHash: hash, subscriptionId: row!.id, purpose: 'confirm', createdAt: now });
    const mail = confirmationMail({
      lang: input.lang,
      agency: input.agency,
      routes: input.routes,
      stops: input.stops,
      link: mailLink(deps, 'confirm', token),
    });
    await tx.insert(mailOutbox).values({
      kind: 'confirm',
      toAddress: email,
      emailKey: key,
      subject: mail.subject,
      body: mail.body,
      createdAt: now,
      nextAttemptAt: now,
    });
    return { id: row!.id };
  });
}
