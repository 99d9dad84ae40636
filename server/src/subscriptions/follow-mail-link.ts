import { mailSubscriptions, mailSubscriptionTokens } from '@feeddesk/drizzle';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { CONFIRM_WITHIN_MS, requireSubscriptionsOn } from './create-subscription.ts';
import { hashMailToken } from './mail-tokens.ts';

const linkInvalid = () =>
  new AppError('subscription_link_invalid', {
    message: 'This link is unknown, used or expired. Subscribe again on the status page.',
  });

/**
 * GET /subscriptions/confirm: the subscription of the token's mail is confirmed (within a day of
 * its request); its confirmation token is used up. Answers the subscription's language.
 */
export async function confirmSubscription(deps: AppDeps, token: string): Promise<{ lang: string }> {
  requireSubscriptionsOn(deps);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .delete(mailSubscriptionTokens)
      .where(
        and(
          eq(mailSubscriptionTokens.tokenHash, hashMailToken(token)),
          eq(mailSubscriptionTokens.purpose, 'confirm'),
          gt(mailSubscriptionTokens.createdAt, new Date(now.getTime() - CONFIRM_WITHIN_MS)),
        ),
      )
      .returning({ subscriptionId: mailSubscriptionTokens.subscriptionId });
    if (!found) throw linkInvalid();
    const [row] = await tx
      .update(mailSubscriptions)
      .set({ confirmedAt: now })
      .where(and(eq(mailSubscriptions.id, found.subscriptionId), isNull(mailSubscriptions.confirmedAt)))
      .returning({ lang: mailSubscriptions.lang });
    if (!row) throw linkInvalid();
    return { lang: row.lang };
  });
}

/**
 * GET /subscriptions/unsubscribe: the subscription of the token's mail ends (it is deleted, with
 * its tokens); any of its mails' links ends it. Answers the subscription's language.
 */
export async function endSubscription(deps: AppDeps, token: string): Promise<{ lang: string }> {
  requireSubscriptionsOn(deps);
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ subscriptionId: mailSubscriptionTokens.subscriptionId })
      .from(mailSubscriptionTokens)
      .where(
        and(
          eq(mailSubscriptionTokens.tokenHash, hashMailToken(token)),
          eq(mailSubscriptionTokens.purpose, 'unsubscribe'),
        ),
      );
    if (!found) throw linkInvalid();
    const [row] = await tx
      .delete(mailSubscriptions)
      .where(eq(mailSubscriptions.id, found.subscriptionId))
      .returning({ lang: mailSubscriptions.lang });
    if (!row) throw linkInvalid();
    return { lang: row.lang };
  });
}
