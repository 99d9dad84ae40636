/** `inprogress` of the contract: 0 in progress, 1 yet to start, 2 finished. */
export const TripState = { inProgress: 0, yetToStart: 1, finished: 2 } as const;
export type TripState = (typeof TripState)[keyof typeof TripState];

export type TripStateOptions = {
  /** First departure, GTFS seconds of its service day. */
  startSecs: number;
  /** Last arrival, GTFS seconds of its service day. */
  endSecs: number;
  /** Delay in seconds (realtime), added to both ends; 0 when none. */
  delaySecs?: number;
  /** The moment to judge, as seconds of the same service day. */
  nowSecs: number;
};

/** docs/spec.md §4: yet to start while the start is at or after now; in progress while the end is. */
export function tripState({ startSecs, endSecs, delaySecs = 0, nowSecs }: TripStateOptions): TripState {
  if (nowSecs <= startSecs + delaySecs) return TripState.yetToStart;
  if (nowSecs > endSecs + delaySecs) return TripState.finished;
  return TripState.inProgress;
}
