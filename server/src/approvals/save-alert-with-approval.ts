import { randomUUID } from 'node:crypto';
import { feedEntities, pendingItems } from '@feeddesk/drizzle';
import { type EntityKind, feedEntityToJson } from '@feeddesk/proto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkAlertSize } from '../feed/check-alert-size.ts';
import { inFeedTransaction, rehearseFeedAct } from '../feed/feed-transaction.ts';
import {
  type EntityInput,
  readEntityOf,
  type SaveFeedEntityResult,
  saveFeedEntity,
} from '../feed/save-feed-entity.ts';
import {
  auditPending,
  itemName,
  needsApproval,
  readPublishAt,
  type SaveState,
  takePendingPlace,
} from './pending-item.ts';

export type SaveAlertWithApprovalOptions = {
  entity: EntityInput;
  by: string;
  /** The saver's roles: with `approve` nothing waits for a second person. */
  roles: readonly string[];
  log: boolean;
  baseRevision?: number;
  saveCalls?: Partial<Record<EntityKind, string>>;
  draft?: boolean;
  /** Epoch seconds (a number, or the text of a query parameter): the alert enters the feed then. */
  publishAt?: unknown;
  /** Publish at once although approval is on; marked until approved afterwards. */
  emergency?: boolean;
};

export type SaveAlertWithApprovalResult = SaveFeedEntityResult & {
  state: SaveState;
  /** The item waiting (pending, scheduled) or to be approved afterwards (emergency). */
  pendingId?: string;
  publishAt?: string;
  emergency?: boolean;
};

const PENDING =
  'Saved for approval: it enters the public feed once another user with the approve role approves it.';
const SCHEDULED = 'Scheduled: it enters the public feed at the time given.';
const EMERGENCY =
  ' ✅ Alert published as an emergency: it is in the public feed now, marked until another user with the approve role approves it.';

/**
 * Every save of an alert by an editor, REST or tRPC (docs/contract-notes.md "Two-person approval
 * and publication times"): published at once as before when approval is off (or the saver may
 * approve) and no later publishAt is given; otherwise checked now exactly as its publish would be
 * (rules, sizes and the feed invariants, rehearsed and rolled back) and kept in pending_items,
 * the live version (if any) serving on. An emergency publishes at once and is marked.
 */
export async function saveAlertWithApproval(
  deps: AppDeps,
  options: SaveAlertWithApprovalOptions,
): Promise<SaveAlertWithApprovalResult> {
  const publishAt = readPublishAt(deps, options.publishAt);
  const emergency = options.emergency === true;
  if (options.draft) {
    if (publishAt || emergency)
      throw new AppError('validation_failed', {
        message: 'A draft is not published: leave publishAt and emergency out, or save it without draft.',
      });
    return { ...(await saveFeedEntity(deps, { ...plainSave(options), draft: true })), state: 'draft' };
  }
  if (emergency && publishAt)
    throw new AppError('validation_failed', {
      message: 'An emergency is published now: leave publishAt out, or save it without emergency.',
    });
  const approval = await needsApproval(deps, 'alerts', options.roles);
  if (!approval && !publishAt) {
    return { ...(await saveFeedEntity(deps, plainSave(options))), state: 'published' };
  }
  if (approval && emergency) return publishEmergency(deps, options);
  return holdAlert(deps, options, { publishAt, approval });
}

function plainSave(options: SaveAlertWithApprovalOptions) {
  return {
    kind: 'alert' as const,
    entity: options.entity,
    by: options.by,
    log: options.log,
    baseRevision: options.baseRevision,
    saveCalls: options.saveCalls,
  };
}

/** Published in one act with its mark (state emergency) and the audit's line. */
async function publishEmergency(
  deps: AppDeps,
  options: SaveAlertWithApprovalOptions,
): Promise<SaveAlertWithApprovalResult> {
  return inFeedTransaction(deps, async (feed) => {
    const saved = await saveFeedEntity(feed.deps, { ...plainSave(options), changes: feed.changes });
    const now = deps.now();
    const [item] = await feed.deps.db
      .insert(pendingItems)
      .values({
        id: randomUUID(),
        kind: 'alert',
        entityId: saved.id,
        state: 'emergency',
        entity: await storedAlertJson(feed.deps, saved.id),
        baseRevision: null,
        log: options.log,
        emergency: true,
        createdAt: now,
        createdBy: options.by,
      })
      .returning();
    await auditPending(feed.deps.db, {
      at: now,
      by: options.by,
      action: 'emergency_publish',
      item: item!,
      summary: `Emergency publish of ${itemName(item!)} by ${options.by}, without approval; to be approved afterwards.`,
    });
    return { ...saved, message: EMERGENCY, state: 'published', pendingId: item!.id, emergency: true };
  });
}

async function storedAlertJson(deps: Pick<AppDeps, 'db'>, id: string): Promise<unknown> {
  const [row] = await deps.db
    .select({ json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, id)));
  return row?.json ?? {};
}

/**
 * Kept until approved or until its time: refused now with the very refusals its publish would
 * meet now, the quota of waiting items counted in the database (every process sees it).
 */
async function holdAlert(
  deps: AppDeps,
  options: SaveAlertWithApprovalOptions,
  how: { publishAt: Date | null; approval: boolean },
): Promise<SaveAlertWithApprovalResult> {
  const entity = readEntityOf('alert', options.entity, options.saveCalls);
  checkAlertSize(deps, entity.alert);
  entity.id = entity.id || randomUUID();
  const json = feedEntityToJson(entity);
  const rehearsal = await rehearseFeedAct(deps, (feed) =>
    saveFeedEntity(feed.deps, {
      ...plainSave(options),
      entity: { json },
      changes: feed.changes,
    }),
  );
  if (rehearsal.refusals.length > 0) {
    throw new AppError('feed_rules_failed', {
      message: rehearsal.refusals
        .filter((n) => n.severity === 'error')
        .map((n) => n.message)
        .join(' '),
      details: { notices: rehearsal.refusals },
    });
  }
  const state = how.approval ? 'pending' : 'scheduled';
  const now = deps.now();
  const item = await deps.db.transaction(async (tx) => {
    await takePendingPlace(deps, tx, options.by);
    const [row] = await tx
      .insert(pendingItems)
      .values({
        id: randomUUID(),
        kind: 'alert',
        entityId: entity.id!,
        state,
        entity: json,
        baseRevision: options.baseRevision ?? null,
        log: options.log,
        publishAt: how.publishAt,
        createdAt: now,
        createdBy: options.by,
      })
      .returning();
    const when = how.publishAt ? `, to enter the feed at ${how.publishAt.toISOString()}` : '';
    await auditPending(tx, {
      at: now,
      by: options.by,
      action: how.approval ? 'save_pending' : 'schedule',
      item: row!,
      summary: how.approval
        ? `${itemName(row!)} saved by ${options.by}, pending approval${when}.`
        : `${itemName(row!)} scheduled by ${options.by}${when}.`,
    });
    return row!;
  });
  const [live] = await deps.db
    .select({ revision: feedEntities.revision })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, item.entityId)));
  return {
    id: item.entityId,
    revision: live?.revision ?? 0,
    message: how.approval ? PENDING : SCHEDULED,
    warnings: rehearsal.result.warnings,
    draft: false,
    state,
    pendingId: item.id,
    ...(how.publishAt && { publishAt: how.publishAt.toISOString() }),
  };
}
