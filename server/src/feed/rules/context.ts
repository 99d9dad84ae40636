/** A scheduled stop of a trip; times are seconds since the service day start and may pass 24 h. */
export type ScheduledStopTime = {
  stopSequence: number;
  stopId: string;
  arrivalSecs: number | null;
  departureSecs: number | null;
};

export type ScheduledTrip = {
  tripId: string;
  routeId: string;
  serviceId: string;
  directionId?: number;
  /** What riders and controllers call the train: the number in its id, else its trip_short_name. */
  trainNumber?: string;
  stopTimes: ScheduledStopTime[];
};

/** The current schedule, preloaded by the caller so that rules stay synchronous. */
export type ScheduleView = {
  timezone: string;
  trip(tripId: string): ScheduledTrip | undefined;
  hasRoute(routeId: string): boolean;
  hasStop(stopId: string): boolean;
  /**
   * The station a stop belongs to: its parent_station, else the stop itself (a station, or a stop
   * without one); undefined for a stop the view did not load.
   */
  stationOf?(stopId: string): string | undefined;
  hasAgency(agencyId: string): boolean;
  /** POSIX seconds of the service day's "noon minus 12h" for the trip's current run. */
  serviceDayStart?(tripId: string, startDate?: string): number | undefined;
  /** Whether the trip's service runs on a service date (YYYYMMDD); loaded for vehicle positions. */
  runsOn?(tripId: string, date: string): boolean;
  /** WGS84 location of a stop asked for or called at by a trip asked for; loaded for vehicle positions. */
  stopLocation?(stopId: string): LatLon | undefined;
};

export type LatLon = { lat: number; lon: number };

/** What the live trip updates say of stops: the ones a route's running trains skip. */
export type StopClosures = {
  /** Stops SKIPPED by live trip updates of the route's trains that still run (not cancelled). */
  skippedStops(routeId: string): string[];
};

/**
 * What a rule may look at besides the entity; `schedule` is null before any schedule is loaded;
 * `stopClosures` is loaded only for the alerts that need it (NO_SERVICE on a route); `languages`
 * is loaded for alerts.
 */
export type FeedRuleContext = {
  now: Date;
  schedule: ScheduleView | null;
  stopClosures?: StopClosures;
  /** The tags of the languages the operator offers (its settings); the demo's nine when not given. */
  languages?: readonly string[];
};
