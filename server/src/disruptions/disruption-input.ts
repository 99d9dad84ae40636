/** Which trips a disruption touches (docs/contract-notes.md "Dated trips and disruptions"); every field optional. */
export type DisruptionSelect = {
  routeId?: string;
  directionId?: number;
  stopId?: string;
  /** `HH:MM` local time; hours may pass 24 for runs after midnight of the service date. */
  from?: string;
  /** Exclusive; a `to` at or before `from` is on the next calendar day (23:00 → 01:00). */
  to?: string;
  tripIds?: string[];
};

export const DISRUPTION_ACTIONS = ['cancel', 'delete', 'skip_stop', 'delay'] as const;
export type DisruptionActionType = (typeof DISRUPTION_ACTIONS)[number];

export type DisruptionAction = { type: DisruptionActionType; stopId?: string; minutes?: number };

/** The alert fields a controller may give instead of the drafted ones; texts by language. */
export type DisruptionAlertInput = {
  cause?: string;
  effect?: string;
  headerText?: Record<string, string>;
  descriptionText?: Record<string, string>;
};
