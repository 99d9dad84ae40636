import { type PendingItemRow, pendingItems } from '@feeddesk/drizzle';
import type { FeedEntityJson } from '@feeddesk/proto';
import { and, count, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { hasRole } from '../auth/roles.ts';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { type SaveFeedEntityResult, saveFeedEntity } from '../feed/save-feed-entity.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/**
 * The life of what waits to enter the public feed (docs/contract-notes.md "Two-person approval
 * and publication times"): `pending` until a second person approves (then `scheduled` or
 * `published`) or rejects it (`rejected`); `scheduled` until its publishAt (then `published`, or
 * `failed` when the feed rules refuse it then); `emergency` (already live) until approved
 * afterwards (`published`).
 */
export type PendingState =
  | 'pending'
  | 'scheduled'
  | 'emergency'
  | 'published'
  | 'rejected'
  | 'failed'
  | 'withdrawn';

/** What a save of an alert answers: where it is now (docs/rest-api.md "Two-person approval"). */
export type SaveState = 'pending' | 'published' | 'scheduled' | 'draft';

/** A rejection's reason is a sentence or two for the author, not a document. */
export const REASON_MAX_CHARS = 2000;

/** Whether a save by a user of these roles waits for a second person, for alerts or disruptions. */
export async function needsApproval(
  deps: Pick<AppDeps, 'db'>,
  what: 'alerts' | 'disruptions',
  roles: readonly string[],
): Promise<boolean> {
  if (hasRole(roles, 'approve')) return false;
  const { approval } = await getOperatorSettings(deps);
  return what === 'alerts' ? approval !== 'off' : approval === 'alerts_and_disruptions';
}

/**
 * publishAt (epoch seconds) as the instant the alert enters the feed: null when absent or not
 * after now (it enters at once). Refused with a sentence when it is not a whole number of seconds
 * since 1970, or is further ahead than PUBLISH_AT_MAX_DAYS.
 */
export function readPublishAt(deps: Pick<AppDeps, 'now' | 'config'>, value: unknown): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value).trim();
  const seconds = typeof value === 'number' ? value : /^-?\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seconds))
    throw new AppError('validation_failed', {
      message: `publishAt is the time the alert enters the feed, in whole seconds since 1970 (such as ${Math.floor(deps.now().getTime() / 1000) + 3600}); "${text.slice(0, 40)}" is not one.`,
    });
  if (seconds < 0)
    throw new AppError('validation_failed', {
      message: `publishAt ${seconds} is before 1970: give the time the alert enters the feed, in seconds since 1970.`,
    });
  const maxDays = deps.config.PUBLISH_AT_MAX_DAYS;
  const nowMs = deps.now().getTime();
  if (seconds * 1000 > nowMs + maxDays * 86_400_000)
    throw new AppError('validation_failed', {
      message: `publishAt ${seconds} is more than ${maxDays} days ahead (PUBLISH_AT_MAX_DAYS): choose a nearer time.`,
    });
  return seconds * 1000 <= nowMs ? null : new Date(seconds * 1000);
}

/** The item, locked until the caller's transaction ends; 404 when there is none. */
export async function lockPendingItem(tx: DbOrTx, id: string): Promise<PendingItemRow> {
  const [row] = await tx.select().from(pendingItems).where(eq(pendingItems.id, id)).for('update');
  if (!row)
    throw new AppError('pending_not_found', {
      message: `There is no pending item with id '${id.slice(0, 100)}'; reload the list.`,
    });
  return row;
}

/**
 * The item's alert enters the public feed, in the act the caller holds: saved as its author
 * saved it (feed_log names the author), its rules and the feed invariants checked again now.
 */
export async function publishPendingAlert(
  feed: FeedTransaction,
  item: PendingItemRow,
): Promise<SaveFeedEntityResult> {
  return saveFeedEntity(feed.deps, {
    kind: 'alert',
    entity: { json: item.entity as FeedEntityJson },
    by: item.createdBy,
    log: item.log,
    ...(item.baseRevision !== null && { baseRevision: item.baseRevision }),
    changes: feed.changes,
  });
}

/**
 * One more waiting item for this author, or 429: each principal's pending and scheduled items are
 * counted in the database under a lock of its own (two saves at once cannot both take the last place).
 */
export async function takePendingPlace(deps: Pick<AppDeps, 'config' | 'quotas'>, tx: DbOrTx, by: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feeddesk:pending:${by}`}))`);
  const [held] = await tx
    .select({ n: count() })
    .from(pendingItems)
    .where(and(eq(pendingItems.createdBy, by), isAnyOf(pendingItems.state, ['pending', 'scheduled'])));
  const max = deps.config.PENDING_ITEMS_PER_PRINCIPAL;
  if ((held?.n ?? 0) >= max)
    throw deps.quotas.refusal(
      'pending_items_per_principal',
      'too_many_pending',
      `You have ${max} alerts waiting for approval or their time already (PENDING_ITEMS_PER_PRINCIPAL); wait until they are approved or ask an approver to reject those not needed.`,
    );
}

/** One line of the audit trail about an item (kind alert or disruption, its id: found with its own history). */
export function auditPending(
  tx: DbOrTx,
  record: { at: Date; by: string | null; action: string; item: PendingItemRow; summary: string },
): Promise<void> {
  return recordAudit(tx, {
    at: record.at,
    by: record.by,
    kind: record.item.kind === 'disruption' ? 'disruption' : 'alert',
    action: record.action,
    entityId: record.item.entityId,
    summary: record.summary,
    details: {
      pendingId: record.item.id,
      author: record.item.createdBy,
      ...(record.item.publishAt && { publishAt: record.item.publishAt.toISOString() }),
    },
  });
}

/** An item as the lists name it: an alert's first header, a disruption's action and reason, cut short. */
export function itemHeader(item: Pick<PendingItemRow, 'kind' | 'entity'>): string {
  const text =
    item.kind === 'disruption'
      ? disruptionHeader(item.entity as { action?: { type?: string }; reason?: string; serviceDate?: string })
      : ((item.entity as FeedEntityJson).alert?.headerText?.translation?.[0]?.text ?? '');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function disruptionHeader(input: {
  action?: { type?: string };
  reason?: string;
  serviceDate?: string;
}): string {
  return `${input.action?.type ?? 'disruption'}${input.serviceDate ? ` on ${input.serviceDate}` : ''}: ${input.reason ?? ''}`;
}

/** `alert "Header" (id)` or `disruption "…"` for the audit's sentences. */
export function itemName(item: PendingItemRow): string {
  const header = itemHeader(item);
  if (item.kind === 'disruption') return `disruption "${header}"`;
  return header ? `alert "${header}" (${item.entityId})` : `alert ${item.entityId}`;
}
