import { BAD_TIME, NO_TIME } from '../feed-index.ts';
import type { RuleContext } from '../types.ts';

/** Times of one stop_times row as the rules need them. */
export type StopTimeView = {
  row: number;
  arrival: number;
  departure: number;
  hasArrival: boolean;
  hasDeparture: boolean;
};

/** Calls `visit` with each trip's stop_times rows in stop_sequence order. */
export function forEachTrip(ctx: RuleContext, visit: (tripId: string, rows: Int32Array) => void): void {
  for (const [tripId, rows] of ctx.index.stopTimesByTrip()) visit(tripId, rows);
}

/** A present time is one that is not empty; a malformed one still counts as given (invalid_time covers it). */
export function view(ctx: RuleContext, row: number): StopTimeView {
  const { arrival, departure } = ctx.index.stopTimeSeconds();
  return {
    row,
    arrival: arrival(row),
    departure: departure(row),
    hasArrival: arrival(row) !== NO_TIME,
    hasDeparture: departure(row) !== NO_TIME,
  };
}

export const isValidTime = (t: number): boolean => t !== NO_TIME && t !== BAD_TIME;

/** GTFS time text for seconds, for notices (hours keep counting past 24). */
export function formatTime(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
