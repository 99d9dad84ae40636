import { disruptions, disruptionTrips, feedEntities, tripUpdateAlerts } from '@feeddesk/drizzle';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { storedJson } from '../feed/feed-transaction.ts';
import type { AlertJson } from './draft-disruption-alert.ts';
import { draftTripAlert, type TripChange } from './draft-trip-alert.ts';

export type LinkedAlert = {
  alertId: string;
  /** The alert as it is live now; null once it left the feed (ended, expired). */
  alert: AlertJson | null;
  /** Set when the link is the trip's part in an active disruption. */
  disruption: { id: string; reason: string; trips: number } | null;
};

/**
 * What the editor offers about riders: `publish` a drafted alert (nothing linked yet), `update`
 * the linked alert to the new draft, `end` it (the train runs as planned again), or `keep` it.
 * A disruption's alert is kept: it speaks for all its trips and ends when the disruption is lifted.
 */
export type TripAlertOffer = 'publish' | 'update' | 'end' | 'keep' | null;

export type TripAlert = { linked: LinkedAlert | null; draft: AlertJson | null; offer: TripAlertOffer };

/** The alert linked to a trip update and the one to draft for the change being made to it. */
export async function findTripAlert(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { tripUpdateId?: string; change: TripChange },
): Promise<TripAlert> {
  const linked = options.tripUpdateId ? await findLinkedAlert(deps, options.tripUpdateId) : null;
  const draft = await draftTripAlert(deps, options.change);
  return { linked, draft, offer: offerFor(linked, draft) };
}

function offerFor(linked: LinkedAlert | null, draft: AlertJson | null): TripAlertOffer {
  if (linked?.disruption) return 'keep';
  if (!linked?.alert) return draft ? 'publish' : null;
  if (!draft) return 'end';
  return sameSubject(linked.alert, draft) ? 'keep' : 'update';
}

/** Same entities and effect: the alert still says what the trip update does. */
function sameSubject(a: AlertJson, b: AlertJson): boolean {
  const subject = (x: AlertJson) => canonical([x.alert.informedEntity, x.alert.effect]);
  return subject(a) === subject(b);
}

/** JSON with object keys sorted: the stored form and a draft list fields in other orders. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );
}

/** The trip update's own link (a single change), else the active disruption it is part of. */
export async function findLinkedAlert(
  deps: Pick<Deps, 'db'>,
  tripUpdateId: string,
): Promise<LinkedAlert | null> {
  const [own] = await deps.db
    .select({ alertId: tripUpdateAlerts.alertId })
    .from(tripUpdateAlerts)
    .where(eq(tripUpdateAlerts.tripUpdateId, tripUpdateId));
  if (own) return { alertId: own.alertId, alert: await liveAlert(deps, own.alertId), disruption: null };
  const [part] = await deps.db
    .select({ id: disruptions.id, reason: disruptions.reason, alertId: disruptions.alertId })
    .from(disruptionTrips)
    .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
    .where(and(eq(disruptionTrips.entityId, tripUpdateId), isNull(disruptions.liftedAt)))
    .orderBy(disruptions.seq);
  if (!part?.alertId) return null;
  const [{ trips } = { trips: 0 }] = await deps.db
    .select({ trips: count() })
    .from(disruptionTrips)
    .where(eq(disruptionTrips.disruptionId, part.id));
  return {
    alertId: part.alertId,
    alert: await liveAlert(deps, part.alertId),
    disruption: { id: part.id, reason: part.reason, trips },
  };
}

async function liveAlert(deps: Pick<Deps, 'db'>, id: string): Promise<AlertJson | null> {
  const [row] = await deps.db
    .select({ pb: feedEntities.pb })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, id)));
  return row ? (storedJson(row.pb) as AlertJson) : null;
}
