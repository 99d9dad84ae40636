import type { FeedEntityJson } from '@feeddesk/proto';
import { servedEntity } from '../feed/served-alert.ts';
import { el, many, opt, type SiriNode, siriRef, type ZoneClock } from './siri-node.ts';

type AlertJson = NonNullable<FeedEntityJson['alert']>;
type Period = { start?: number; end?: number };
type Translated = { translation?: { text?: string; language?: string }[] } | undefined;

/**
 * GTFS-Realtime causes as SIRI 2.1 reasons (AlertCauseEnumeration, TPEG Pts38): the same list
 * the operator's cause catalogue maps its causes onto.
 */
export const SIRI_REASONS: Record<string, string> = {
  UNKNOWN_CAUSE: 'unknown',
  OTHER_CAUSE: 'undefinedProblem',
  TECHNICAL_PROBLEM: 'technicalProblem',
  STRIKE: 'industrialAction',
  DEMONSTRATION: 'demonstration',
  ACCIDENT: 'accident',
  HOLIDAY: 'holiday',
  WEATHER: 'poorWeather',
  MAINTENANCE: 'maintenanceWork',
  CONSTRUCTION: 'constructionWork',
  POLICE_ACTIVITY: 'policeActivity',
  MEDICAL_EMERGENCY: 'emergencyMedicalServices',
  SPECIAL_EVENT: 'specialEvent',
};

const SEVERITIES: Record<string, string> = {
  UNKNOWN_SEVERITY: 'unknown',
  INFO: 'slight',
  WARNING: 'normal',
  SEVERE: 'severe',
};

export type SituationInput = {
  /** The alert feed's entities as served (protobuf-JSON), one situation each. */
  rows: readonly unknown[];
  /** When each entity's row was last written (ISO 8601): the situation's version time. */
  updatedAt: (id: string) => string | undefined;
  clock: ZoneClock;
  /** The feed's stamp (POSIX seconds): the start of a situation that gives none. */
  stampSecs: number;
};

/**
 * One PtSituationElement per live alert (docs/rest-api.md "SIRI"): SituationNumber = the alert's
 * id; ValidityPeriod = its impact periods, else its active periods (as the GTFS-Realtime feed
 * serves them); PublicationWindow = its communication periods, or its active periods when impact
 * periods say when it is in effect; a Summary and a Description per language (`xml:lang`); the
 * cause as AlertCause; Affects: the agencies, lines (routes, with a direction), stop points (with
 * the line when the entity names both) and dated trains of its informed entities.
 */
export function buildSituationElements(input: SituationInput): SiriNode[] {
  return input.rows.map((row) => situation(row as FeedEntityJson, input));
}

function situation(row: FeedEntityJson, input: SituationInput): SiriNode {
  const entity = servedEntity(row);
  const alert: AlertJson = entity.alert ?? {};
  const id = String(entity.id ?? '');
  const updated = input.updatedAt(id);
  const versionSecs = updated ? Math.floor(Date.parse(updated) / 1000) : input.stampSecs;
  const impact = (alert.impactPeriod ?? []) as Period[];
  const active = (alert.activePeriod ?? []) as Period[];
  const told = (alert.communicationPeriod ?? []) as Period[];
  const validity = impact.length ? impact : active;
  const publication = told.length ? told : impact.length ? active : [];
  const period = (name: string, p: Period) =>
    many(name, [
      el('StartTime', input.clock.iso(p.start ?? Math.min(versionSecs, p.end ?? versionSecs))),
      p.end ? el('EndTime', input.clock.iso(p.end)) : undefined,
    ]);
  const validities = validity.length ? validity : [{ start: versionSecs }];
  return many('PtSituationElement', [
    el('CreationTime', input.clock.iso(versionSecs)),
    el('SituationNumber', siriRef(id)),
    el('Source', [el('SourceType', 'directReport')]),
    el('VersionedAtTime', input.clock.iso(versionSecs)),
    el('Progress', 'published'),
    ...validities.map((p) => period('ValidityPeriod', p)),
    ...publication.map((p) => period('PublicationWindow', p)),
    el('AlertCause', SIRI_REASONS[String(alert.cause ?? 'UNKNOWN_CAUSE')] ?? 'unknown'),
    opt('Severity', alert.severityLevel ? SEVERITIES[String(alert.severityLevel)] : undefined),
    ...texts('Summary', alert.headerText),
    ...texts('Description', alert.descriptionText),
    ...infoLinks(alert.url),
    affects(alert),
  ]);
}

function texts(name: string, text: Translated): SiriNode[] {
  return (text?.translation ?? [])
    .filter((t) => t.text)
    .map((t) => many(name, t.text!, t.language ? { 'xml:lang': t.language } : undefined));
}

/** The alert's links that are web addresses (an anyURI with a scheme), one InfoLink each. */
function infoLinks(url: Translated): SiriNode[] {
  const links = (url?.translation ?? []).filter((t) => t.text && /^https?:\/\/\S+$/i.test(t.text));
  if (links.length === 0) return [];
  return [
    el(
      'InfoLinks',
      links.map((t) => many('InfoLink', [el('Uri', t.text!)])),
    ),
  ];
}

type Informed = NonNullable<AlertJson['informedEntity']>[number];

function affects(alert: AlertJson): SiriNode | undefined {
  const informed = (alert.informedEntity ?? []) as Informed[];
  const operators = new Set<string>();
  const lines = new Map<string, Set<string>>();
  const stops: SiriNode[] = [];
  const journeys: SiriNode[] = [];
  for (const e of informed) {
    const trip = e.trip;
    if (trip && (trip.tripId || trip.routeId)) {
      journeys.push(affectedJourney(trip, e.routeId));
      continue;
    }
    if (e.stopId) {
      stops.push(
        many('AffectedStopPoint', [
          el('StopPointRef', siriRef(e.stopId)),
          e.routeId ? el('Lines', [many('AffectedLine', [el('LineRef', siriRef(e.routeId))])]) : undefined,
        ]),
      );
      continue;
    }
    if (e.routeId) {
      const directions = lines.get(e.routeId) ?? new Set<string>();
      if (e.directionId !== undefined && e.directionId !== null) directions.add(String(e.directionId));
      lines.set(e.routeId, directions);
      continue;
    }
    if (e.agencyId) operators.add(e.agencyId);
  }
  const children = [
    operators.size
      ? el(
          'Operators',
          [...operators].map((o) => many('AffectedOperator', [el('OperatorRef', siriRef(o))])),
        )
      : undefined,
    lines.size
      ? el('Networks', [
          many(
            'AffectedNetwork',
            [...lines].map(([routeId, directions]) =>
              many('AffectedLine', [
                el('LineRef', siriRef(routeId)),
                ...[...directions].map((d) => many('Direction', [el('DirectionRef', d)])),
              ]),
            ),
          ),
        ])
      : undefined,
    stops.length ? el('StopPoints', stops) : undefined,
    journeys.length ? el('VehicleJourneys', journeys) : undefined,
  ];
  return children.some(Boolean) ? el('Affects', children) : undefined;
}

function affectedJourney(trip: NonNullable<Informed['trip']>, routeId: string | undefined): SiriNode {
  const line = trip.routeId || routeId;
  return many('AffectedVehicleJourney', [
    trip.tripId && trip.startDate
      ? el('FramedVehicleJourneyRef', [
          el('DataFrameRef', frameOf(trip.startDate)),
          el('DatedVehicleJourneyRef', siriRef(trip.tripId)),
        ])
      : undefined,
    trip.tripId && !trip.startDate ? many('DatedVehicleJourneyRef', siriRef(trip.tripId)) : undefined,
    line ? el('LineRef', siriRef(line)) : undefined,
    trip.directionId !== undefined && trip.directionId !== null
      ? el('DirectionRef', String(trip.directionId))
      : undefined,
  ]);
}

function frameOf(date: string): string {
  return /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}` : siriRef(date);
}
