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
  stopTimes: ScheduledStopTime[];
};

/** The current schedule, preloaded by the caller so that rules stay synchronous. */
export type ScheduleView = {
  timezone: string;
  trip(tripId: string): ScheduledTrip | undefined;
  hasRoute(routeId: string): boolean;
  hasStop(stopId: string): boolean;
  hasAgency(agencyId: string): boolean;
  /** POSIX seconds of the service day's "noon minus 12h" for the trip's current run. */
  serviceDayStart?(tripId: string, startDate?: string): number | undefined;
  /** Whether the trip's service runs on a service date (YYYYMMDD); loaded for vehicle positions. */
  runsOn?(tripId: string, date: string): boolean;
  /** WGS84 location of a stop asked for or called at by a trip asked for; loaded for vehicle positions. */
  stopLocation?(stopId: string): LatLon | undefined;
};

export type LatLon = { lat: number; lon: number };

/** What a rule may look at besides the entity; `schedule` is null before any schedule is loaded. */
export type FeedRuleContext = { now: Date; schedule: ScheduleView | null };
