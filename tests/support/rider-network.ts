import type { FeedEntity } from '@feeddesk/proto';
import { saveOperatorSettings } from '@feeddesk/server/operator-settings/save-operator-settings';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { makeFeed } from '@feeddesk/server/schedule/test-support/make-feed';
import { AGENCY_ZONE } from './agency-zone.ts';
import { postEntity } from './feed.ts';
import type { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/**
 * Two lines of the agency (in the suite's far zone, AGENCY_ZONE), for riders' pages: the North
 * line (N) calls at Alpha, Central (platform C1 of station CEN) and Delta; the South line (S) at
 * Bravo, Central (platform C2) and Echo. Trains N1 and S1 run every day, N1 across midnight.
 */
export function riderNetwork() {
  return makeFeed({
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nAG,Far Rail,https://example.org,${AGENCY_ZONE}`,
    'routes.txt':
      'route_id,agency_id,route_short_name,route_long_name,route_type\nN,AG,N,North line,2\nS,AG,S,South line,2',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
      'ALP,Alpha,-36.80,174.70,0,',
      'CEN,Central,-36.85,174.76,1,',
      'C1,Central,-36.85,174.76,0,CEN',
      'C2,Central,-36.85,174.76,0,CEN',
      'DEL,Delta,-36.90,174.80,0,',
      'BRA,Bravo,-36.70,174.60,0,',
      'ECH,Echo,-36.95,174.90,0,',
    ].join('\n'),
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAY,1,1,1,1,1,1,1,20250101,20301231',
    'trips.txt': 'route_id,service_id,trip_id,trip_short_name\nN,DAY,N1,N1\nS,DAY,S1,S1',
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'N1,23:40:00,23:40:00,ALP,1',
      'N1,23:55:00,23:56:00,C1,2',
      'N1,24:20:00,24:20:00,DEL,3',
      'S1,23:30:00,23:30:00,BRA,1',
      'S1,23:45:00,23:46:00,C2,2',
      'S1,24:30:00,24:30:00,ECH,3',
    ].join('\n'),
  });
}

/** Makes the two lines current and the operator's languages English and Afrikaans. */
export async function setUpRiderNetwork(t: TestApp): Promise<void> {
  await storeScheduleVersion(t.deps, {
    feed: riderNetwork(),
    sourceKind: 'zip',
    sourceName: 'rider-network.zip',
    uploadedBy: null,
    jobId: null,
  });
  await saveOperatorSettings(t.deps, {
    languages: [
      { tag: 'en-ZA', name: 'English' },
      { tag: 'af-ZA', name: 'Afrikaans' },
    ],
    defaultLanguage: 'en-ZA',
    urlLanguage: 'en-ZA',
    confirmRemoval: true,
    by: null,
  });
}

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/** Publishes an alert with English and Afrikaans texts; answers the saved entity's id. */
export async function publishAlert(
  editor: HttpClient,
  alert: {
    id: string;
    informed: NonNullable<FeedEntity['alert']>['informedEntity'];
    effect?: number;
    en: string;
    af: string;
    impact?: { start: Date; end?: Date };
    told?: { start: Date; end?: Date };
  },
): Promise<string> {
  const period = (p: { start: Date; end?: Date }) => ({
    start: secs(p.start),
    ...(p.end ? { end: secs(p.end) } : {}),
  });
  const entity: FeedEntity = {
    id: alert.id,
    alert: {
      informedEntity: alert.informed,
      effect: alert.effect ?? 7,
      headerText: {
        translation: [
          { text: alert.en, language: 'en-ZA' },
          { text: alert.af, language: 'af-ZA' },
        ],
      },
      descriptionText: {
        translation: [
          { text: `${alert.en}.`, language: 'en-ZA' },
          { text: `${alert.af}.`, language: 'af-ZA' },
        ],
      },
      ...(alert.impact ? { impactPeriod: [period(alert.impact)] } : {}),
      ...(alert.told ? { communicationPeriod: [period(alert.told)] } : {}),
    },
  };
  const res = await postEntity(editor, '/feed/service_alert', entity);
  if (res.status !== 200) throw new Error(`alert ${alert.id}: ${res.status} ${await res.text()}`);
  return alert.id;
}
