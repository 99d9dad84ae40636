import type { StoredCarriage } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { AppError } from '../errors.ts';
import { isServiceDate } from '../schedule/time/service-day.ts';

/** A carriage of a formation (docs/glossary.md "carriage"), as the desk and its clients give it. */
export type Carriage = StoredCarriage;

/** A dated train's formation (docs/glossary.md "formation"), carriages in the order of travel. */
export type Formation = {
  tripId: string;
  date: string;
  carriages: Carriage[];
  updatedAt: string;
  updatedBy: string | null;
};

const Occupancy = transit_realtime.VehiclePosition.OccupancyStatus;

/** The GTFS-RT occupancy names a carriage may be given (every value of OccupancyStatus). */
export const OCCUPANCY_STATUSES = Object.keys(Occupancy).filter((k) => Number.isNaN(Number(k))) as [
  string,
  ...string[],
];

/** From the most room to none: how "more occupied" is told apart (GTFS-RT reference, OccupancyStatus). */
const BY_OCCUPANCY = [
  'EMPTY',
  'MANY_SEATS_AVAILABLE',
  'FEW_SEATS_AVAILABLE',
  'STANDING_ROOM_ONLY',
  'CRUSHED_STANDING_ROOM_ONLY',
  'FULL',
  'NOT_ACCEPTING_PASSENGERS',
];

/** The occupancy a carriage is served with: a closed one accepts nobody, whatever was counted. */
function servedOccupancy(carriage: Carriage): string | undefined {
  return carriage.closed ? 'NOT_ACCEPTING_PASSENGERS' : carriage.occupancyStatus;
}

/**
 * The train's occupancy as one value, for StopTimeUpdate.departure_occupancy_status: the most
 * occupied open carriage that gives one (docs/contract-notes.md "Formations"), so a rider at any
 * door is never promised seats the carriage in front of them lacks; NOT_ACCEPTING_PASSENGERS when
 * every carriage is closed; undefined when no open carriage gives an occupancy.
 */
export function trainOccupancy(carriages: Carriage[]): string | undefined {
  if (carriages.length > 0 && carriages.every((c) => c.closed)) return 'NOT_ACCEPTING_PASSENGERS';
  let most = -1;
  for (const c of carriages) {
    if (c.closed || !c.occupancyStatus) continue;
    most = Math.max(most, BY_OCCUPANCY.indexOf(c.occupancyStatus));
  }
  return most < 0 ? undefined : BY_OCCUPANCY[most];
}

/**
 * The formation as VehiclePosition.multi_carriage_details (GTFS-RT CarriageDetails): id and label
 * are the carriage's label, carriage_sequence counts from 1 in the order of travel; class, toilet
 * have no GTFS-RT field and stay in the desk.
 */
export function carriageDetails(carriages: Carriage[]): transit_realtime.VehiclePosition.ICarriageDetails[] {
  return carriages.map((c, i) => {
    const occupancy = servedOccupancy(c);
    return {
      id: c.label,
      label: c.label,
      ...(occupancy ? { occupancyStatus: Occupancy[occupancy as keyof typeof Occupancy] } : {}),
      ...(c.occupancyPercentage !== undefined ? { occupancyPercentage: c.occupancyPercentage } : {}),
      carriageSequence: i + 1,
    };
  });
}

/** The enum value of an occupancy name (the names are OCCUPANCY_STATUSES). */
export const occupancyValue = (name: string) => Occupancy[name as keyof typeof Occupancy];

/** 400 with what to fix for a date that is not a service date (YYYYMMDD, a day that exists). */
export function checkServiceDate(date: string): void {
  if (!isServiceDate(date))
    throw new AppError('validation_failed', {
      message: `date ${JSON.stringify(date.slice(0, 40))} is not a service date; give it as YYYYMMDD, e.g. 20250923.`,
    });
}
