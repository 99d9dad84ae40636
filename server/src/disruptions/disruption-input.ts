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

export const DISRUPTION_ACTIONS = [
  'cancel',
  'delete',
  'skip_stop',
  'delay',
  'short_turn',
  'set_down_only',
  'pick_up_only',
  'replace_by_bus',
  'change_platform',
] as const;
export type DisruptionActionType = (typeof DISRUPTION_ACTIONS)[number];

/**
 * The keys of the alert templates disruptions draft from: one per action, and one per end of a
 * short turn ("Trains terminate at X" and "Trains start from X" are different sentences in every
 * language).
 */
export const TEMPLATE_ACTIONS = [
  'cancel',
  'delete',
  'skip_stop',
  'delay',
  'short_turn_end',
  'short_turn_start',
  'set_down_only',
  'pick_up_only',
  'replace_by_bus',
  'change_platform',
] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];

/** The template a disruption of this action drafts its alert from. */
export function templateActionOf(action: Pick<DisruptionAction, 'type' | 'at'>): TemplateAction {
  return action.type === 'short_turn' ? `short_turn_${action.at ?? 'end'}` : action.type;
}

/**
 * What a disruption does to each selected trip (docs/contract-notes.md "Dated trips and
 * disruptions", replacement buses among them). Fields beyond `type` belong to some actions only: `stopId` (skip_stop, delay,
 * short_turn, set_down_only, pick_up_only, change_platform), `minutes` (delay), `at` (short_turn),
 * `fromStopId`/`toStopId`/`routeId`/`marginMinutes`/`busMinutes` (replace_by_bus), `toStopId`
 * (change_platform: the platform the trains use instead of `stopId`, a stop of the same station).
 */
export type DisruptionAction = {
  type: DisruptionActionType;
  stopId?: string;
  minutes?: number;
  /** short_turn: the trip terminates at (`end`) or starts from (`start`) stopId. */
  at?: 'end' | 'start';
  fromStopId?: string;
  toStopId?: string;
  /**
   * replace_by_bus: the bus route (route_type 3) the buses run on; planned works without one get
   * a replacement-bus route the product adds to the schedule.
   */
  routeId?: string;
  /** replace_by_bus: the minutes riders have to change between train and bus at each end (default 5). */
  marginMinutes?: number;
  /** replace_by_bus: how long the bus takes over the section (default: the train's time and 10 minutes). */
  busMinutes?: number;
};

/** Where a disruption is published: the realtime feeds on the day, or planned works in a new schedule version. */
export type DisruptionPublishAs = 'feed' | 'schedule';

/** The alert fields a controller may give instead of the drafted ones; texts by language. */
export type DisruptionAlertInput = {
  cause?: string;
  effect?: string;
  headerText?: Record<string, string>;
  descriptionText?: Record<string, string>;
};
