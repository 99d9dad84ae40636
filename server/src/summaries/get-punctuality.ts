import { listDelayCauses } from '../causes/list-delay-causes.ts';
import type { AppDeps, Deps } from '../deps.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { collectSummaryRecords } from './collect-summary-records.ts';
import { dailyRows } from './count-records.ts';
import { loadTrainCauses, minutesLostByCause } from './minutes-lost.ts';
import { alertsByCause, mostSkippedStops, routePunctuality } from './punctuality-counts.ts';
import { resolveSummaryPeriod } from './summary-period.ts';
import { summaryTimezone } from './summary-timezone.ts';

/** How many stations the dashboard lists as most skipped. */
export const SKIPPED_STOPS_SHOWN = 10;

/**
 * The punctuality dashboard's figures for a period of local dates, both
 * included (absent = all history): per day and per route, alerts per cause, the stops most
 * skipped, minutes lost by cause per day. Counted from the same records, by the same functions, as the summary workbook.
 */
export async function getPunctuality(
  deps: Deps & Pick<AppDeps, 'config'>,
  options: { from?: string | null; to?: string | null },
) {
  const timezone = await summaryTimezone(deps);
  const period = resolveSummaryPeriod(options, timezone);
  const { alerts, tripUpdates, names } = await collectSummaryRecords(deps, { period });
  const { defaultLanguage } = await getOperatorSettings(deps);
  return {
    from: period.fromDay,
    to: period.toDay,
    timezone,
    days: dailyRows(alerts, tripUpdates, {
      timezone,
      now: deps.now().getTime(),
      fromDay: period.fromDay,
      toDay: period.toDay,
    }),
    routes: routePunctuality(tripUpdates, names),
    alertsByCause: alertsByCause(alerts),
    skippedStops: mostSkippedStops(tripUpdates, names, SKIPPED_STOPS_SHOWN),
    // docs/glossary.md "minutes lost": the same rows as the workbook's "Minutes lost by cause".
    minutesLost: minutesLostByCause(tripUpdates, {
      causes: await loadTrainCauses(deps, tripUpdates, timezone),
      catalogue: await listDelayCauses(deps),
      timezone,
      language: defaultLanguage,
    }),
  };
}

export type Punctuality = Awaited<ReturnType<typeof getPunctuality>>;
