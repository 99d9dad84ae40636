import { Type } from '@sinclair/typebox';

/** Response schemas of /gtfs/versions (they also drop any field not meant to be sent). */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Count = Type.Integer();

export const VersionList = Type.Object({
  keptVersions: Type.Integer(),
  versions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: Type.String(),
      sourceKind: Type.String(),
      sourceName: Type.String(),
      uploadedBy: Nullable(Type.String()),
      createdAt: Type.String({ format: 'date-time' }),
      activatedAt: Nullable(Type.String({ format: 'date-time' })),
      counts: Nullable(
        Type.Object({
          agencies: Count,
          routes: Count,
          stops: Count,
          trips: Count,
          stopTimes: Count,
          calendar: Count,
          calendarDates: Count,
        }),
      ),
      error: Nullable(Type.String()),
      rowsKept: Type.Boolean(),
      plannedWorks: Type.Array(
        Type.Object({ id: Type.String(), reason: Type.String(), serviceDate: Type.String() }),
        { description: 'The planned works (disruptions published in the schedule) this version holds.' },
      ),
    }),
  ),
});

const Time = Nullable(Type.String());
const Trip = Type.Object({ tripId: Type.String(), first: Time, last: Time });
const RetimedTrip = Type.Object({
  tripId: Type.String(),
  first: Time,
  last: Time,
  firstBefore: Time,
  lastBefore: Time,
});
const Stop = Type.Object({ stopId: Type.String(), stopName: Nullable(Type.String()) });
const Rule = Nullable(
  Type.Object({ weekdays: Type.String(), startDate: Type.String(), endDate: Type.String() }),
);
const Exception = Nullable(Type.Union([Type.Literal('added'), Type.Literal('removed')]));

export const ScheduleDiff = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  totals: Type.Object({
    tripsAdded: Count,
    tripsRemoved: Count,
    tripsRetimed: Count,
    stopsAdded: Count,
    stopsRemoved: Count,
    servicesChanged: Count,
  }),
  routes: Type.Array(
    Type.Object({
      routeId: Type.String(),
      routeName: Nullable(Type.String()),
      added: Count,
      removed: Count,
      retimed: Count,
      addedTrips: Type.Array(Trip),
      removedTrips: Type.Array(Trip),
      retimedTrips: Type.Array(RetimedTrip),
    }),
  ),
  stopsAdded: Type.Array(Stop),
  stopsRemoved: Type.Array(Stop),
  services: Type.Array(
    Type.Object({
      serviceId: Type.String(),
      change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
      calendar: Nullable(Type.Object({ before: Rule, after: Rule })),
      dates: Type.Array(Type.Object({ date: Type.String(), before: Exception, after: Exception })),
    }),
  ),
  dated: Type.Array(
    Type.Object({
      date: Type.String(),
      notRunning: Count,
      added: Count,
      notRunningTrains: Type.Array(Type.String()),
      addedTrains: Type.Array(Type.String()),
      sentence: Type.String(),
    }),
    { description: 'What runs differently on each date whose calendar changed.' },
  ),
});

export const RolledBack = Type.Object({
  versionId: Type.Integer(),
  replacedVersionId: Nullable(Type.Integer()),
  findings: Type.Array(
    Type.Object({
      code: Type.String(),
      severity: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
      entityIds: Type.Array(Type.String()),
      message: Type.String(),
    }),
  ),
  tripUpdatesNotInSchedule: Type.Array(
    Type.Object({ id: Type.String(), tripId: Type.String(), startDate: Nullable(Type.String()) }),
  ),
});
