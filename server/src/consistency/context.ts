import type { ServiceDate } from '../schedule/time/service-day.ts';

/** A scheduled trip as the consistency rules need it; times are GTFS seconds of its service day. */
export type ConsistencyTrip = {
  tripId: string;
  routeId: string;
  serviceId: string;
  directionId: number | null;
  /** The last stop: tells directions apart when the schedule gives no direction_id. */
  lastStopId: string | null;
  startSecs: number | null;
  endSecs: number | null;
  /** What riders know the train by (trip_short_name, else the number in its id, else the id). */
  trainNumber: string;
};

/** A scheduled call at a stop (for stops that alerts close). */
export type StopCall = { tripId: string; stopId: string; secs: number };

/** The parts of the current schedule the rules look at, preloaded so rules stay synchronous. */
export type ConsistencySchedule = {
  timezone: string;
  trip(tripId: string): ConsistencyTrip | undefined;
  /** Every trip of a route (loaded for the routes the feed mentions). */
  tripsOfRoute(routeId: string): ConsistencyTrip[];
  /** Every scheduled call at a stop (loaded for the stops NO_SERVICE alerts name). */
  callsAt(stopId: string): StopCall[];
  runsOn(serviceId: string, date: ServiceDate): boolean;
  /** POSIX seconds of the service day's start (noon minus 12 h). */
  dayStart(date: ServiceDate): number;
};

/** A live trip update, reduced to what the rules compare. */
export type LiveTripUpdate = {
  id: string;
  tripId: string;
  /** `trip.start_date`, or the service date the server took for it (today's). */
  startDate: ServiceDate;
  cancelled: boolean;
  /** DELETED: replaced by other service, riders are not shown it (so no alert is owed). */
  deleted: boolean;
  /** ADDED / NEW / DUPLICATED trips are not in the schedule on purpose. */
  extra: boolean;
  skippedStopIds: string[];
  /** Stops where riders may only get off or only board (pickup_type or drop_off_type NONE). */
  restrictedStopIds: string[];
  /** How many stop time updates it carries (a cancelled trip must carry none). */
  stopTimeUpdates: number;
  /** The calls it moves to another platform (StopTimeProperties.assigned_stop_id). */
  assignedPlatforms: { stopSequence?: number; stopId?: string; assignedStopId: string }[];
};

/** A live vehicle position of a train whose trip update assigns a platform, reduced to its stop. */
export type LiveVehicle = {
  id: string;
  tripId: string;
  startDate: ServiceDate;
  stopId?: string;
  currentStopSequence?: number;
};

export type InformedEntity = {
  agencyId?: string;
  routeId?: string;
  directionId?: number;
  stopId?: string;
  tripId?: string;
  startDate?: string;
};

/** A period in POSIX seconds; an open end is undefined. */
export type Period = { start?: number; end?: number };

export type LiveAlert = {
  id: string;
  /** GTFS-RT Effect name, e.g. NO_SERVICE. */
  effect: string;
  /** The alert's active periods; empty = always. */
  periods: Period[];
  informed: InformedEntity[];
  /** Every text riders read (header, description, URL, their TTS forms), one per language. */
  texts: AlertText[];
};

export type AlertText = { field: string; language: string; text: string };

/**
 * The trips an alert was published for (alert links): a disruption's trips while it is active,
 * or the one trip update whose editor published it.
 */
export type AlertLink = {
  alertId: string;
  /** The disruption's id, or null for a trip update's own alert. */
  disruptionId: string | null;
  /** tripId and service date of each linked trip; an own alert's trip update gone = none. */
  trips: { tripId: string; startDate: string }[];
  /** Only some of the disruption's trips (load-alert-links.ts loadOutlivedDisruptionRuns). */
  partial?: boolean;
};

/** A connection between a train and its replacement bus, as the live feed times it (POSIX seconds). */
export type ReplacementConnection = {
  /** `to_bus`: off the train's part before onto the bus; `to_train`: off the bus onto the part after. */
  kind: 'to_bus' | 'to_train';
  stopId: string;
  /** The train arrives (to_bus) or leaves (to_train). */
  trainSecs: number;
  /** The bus leaves (to_bus) or arrives (to_train). */
  busSecs: number;
};

/** A replacement bus of a disruption in force (replace_by_bus), with what its rules judge. */
export type ReplacementBusRun = {
  /** The bus's trip update. */
  entityId: string;
  tripId: string;
  startDate: ServiceDate;
  disruptionId: string;
  /** The train it replaces on that service date. */
  replacesTripId: string;
  routeId: string | null;
  /** The bus route's route_type in the current schedule; undefined when the schedule has no such route. */
  routeType: number | null | undefined;
  /** The least time riders have to change (the disruption's marginMinutes, the planner's default otherwise). */
  marginSecs: number;
  connections: ReplacementConnection[];
};

export type ConsistencyContext = {
  now: Date;
  /** Today's service date in the agency zone. */
  today: ServiceDate;
  tripUpdates: LiveTripUpdate[];
  alerts: LiveAlert[];
  /** Positions of the trains whose trip update assigns a platform (empty when not loaded). */
  vehicles: LiveVehicle[];
  /** null before any schedule is loaded: then there is nothing to compare against. */
  schedule: ConsistencySchedule | null;
  /** Alert links of live alerts; empty when the caller did not load them. */
  alertLinks: AlertLink[];
  /** A cancelled train whose next train of the route and direction leaves within this is not flagged. */
  headwayGapSecs: number;
  /** The replacement buses of the disruptions in force (empty or absent when not loaded). */
  replacementBuses?: ReplacementBusRun[];
};
