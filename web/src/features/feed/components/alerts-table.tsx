import { useMemo, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { paths } from '../../../config/paths.ts';
import { type LanguageSettings, languageName, useLanguageSettings } from '../../../lib/operator-languages.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatPosix } from '../../../lib/time.ts';
import {
  type AlertFilter,
  type Attention,
  attentionText,
  listedState,
  matchesAlertFilter,
} from '../alert-list-state.ts';
import { useDeleteFeedEntity } from '../api/delete-feed-entity.ts';
import { useAllStops } from '../api/get-all-stops.ts';
import { useRoutes } from '../api/get-routes.ts';
import { usePublishAlert } from '../api/publish-alert.ts';
import { ALERT_STATE, previewText, scopeLabel } from '../feed-labels.ts';
import { type AlertJson, type EditBase, type FeedEntityJson, humanEnum, textIn } from '../types.ts';
import { HistoryModal } from './history-modal.tsx';
import { RowActionHeaders, RowActions } from './row-actions.tsx';

type Item = EditBase & {
  id: string;
  entity: FeedEntityJson;
  state: string | null;
  draft?: boolean;
  attention?: Attention;
};

type Range = { start?: number | string; end?: number | string };

/** One period per line: 'from – to', open ends in words. */
function Periods({ periods, zone, prefix = '' }: { periods: Range[]; zone: string; prefix?: string }) {
  return periods.map((p, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: periods have no id; the list never reorders
    <div key={i}>
      {prefix}
      <span className="text-nowrap">{formatPosix(p.start, zone) || 'always'}</span> –{' '}
      <span className="text-nowrap">{formatPosix(p.end, zone) || 'no end'}</span>
    </div>
  ));
}

/** The names of the languages an alert's header or description is written in (untagged = the default). */
function languagesOf(alert: AlertJson, settings: LanguageSettings): string {
  const tags = new Set(
    [...(alert.headerText?.translation ?? []), ...(alert.descriptionText?.translation ?? [])].map(
      (t) => t.language || settings.defaultLanguage,
    ),
  );
  return [...tags].map((tag) => languageName(settings, tag)).join(', ');
}

/**
 * docs/spec.md §2 alerts table, rows coloured in effect / ended / upcoming (docs/spec.md §4) or draft, filtered by
 * state; an alert in effect that ends soon or has long had no end says so.
 */
export function AlertsTable({
  items: all,
  loading,
  canEdit,
  filter = 'all',
}: {
  items: Item[];
  loading: boolean;
  canEdit: boolean;
  filter?: AlertFilter;
}) {
  const zone = useTimeZone();
  const languages = useLanguageSettings();
  const routes = useRoutes();
  const remove = useDeleteFeedEntity();
  const publish = usePublishAlert();
  const items = all.filter((item) => matchesAlertFilter(item, filter));
  const nowMs = Date.now();
  const [history, setHistory] = useState<{ id: string; title: string } | null>(null);
  const routeNames = useMemo(
    () => new Map((routes.data ?? []).map((r) => [r.route_id, r.label])),
    [routes.data],
  );
  const allStops = useAllStops();
  const stopNames = useMemo(() => new Map((allStops.data ?? []).map((s) => [s.stopId, s])), [allStops.data]);
  return (
    <>
      <Table hover responsive size="sm" className="mb-0 table-cards" data-testid="alerts-table">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Active times</th>
            <th scope="col">Header</th>
            <th scope="col">Scope</th>
            <th scope="col">Cause / effect</th>
            <th scope="col">Description</th>
            <th scope="col">Languages</th>
            <th scope="col">Written by</th>
            <RowActionHeaders canEdit={canEdit} />
          </tr>
        </thead>
        <tbody>
          {!loading && items.length === 0 && (
            <tr>
              <td colSpan={canEdit ? 11 : 9} className="text-body-secondary p-3 card-full">
                {all.length === 0 ? 'No alerts in the feed.' : 'No alert in this state.'}
              </td>
            </tr>
          )}
          {items.map((item) => {
            const alert: AlertJson = item.entity.alert ?? {};
            const shown = listedState(item);
            const state = ALERT_STATE[shown];
            // Impact periods, else (alerts written before them) active periods.
            const impact = alert.impactPeriod?.length ? alert.impactPeriod : (alert.activePeriod ?? []);
            return (
              <tr
                key={item.id}
                className={state ? `table-${state.variant}` : ''}
                data-state={shown || undefined}
              >
                <td className="small" data-testid="alert-state" data-label="State">
                  <Badge
                    bg={state?.variant ?? 'secondary'}
                    text={state?.variant === 'warning' ? 'dark' : undefined}
                  >
                    {state?.label ?? shown}
                  </Badge>
                  {item.attention && (
                    <div className="text-danger-emphasis fw-semibold mt-1" data-testid="alert-attention">
                      ⚠ {attentionText(item.attention, nowMs, zone)}
                    </div>
                  )}
                  {item.draft && canEdit && (
                    <Button
                      size="sm"
                      variant="primary"
                      className="d-block mt-1"
                      disabled={publish.isPending}
                      onClick={() => publish.mutate({ id: item.id, baseRevision: item.revision })}
                    >
                      Publish
                    </Button>
                  )}
                </td>
                <td className="small" data-testid="alert-times" data-label="Active times">
                  <Periods periods={impact} zone={zone} />
                  {impact.length === 0 && <div>always – no end</div>}
                  {(alert.communicationPeriod ?? []).length > 0 && (
                    <div className="text-body-secondary" data-testid="alert-told">
                      <Periods periods={alert.communicationPeriod ?? []} zone={zone} prefix="told " />
                    </div>
                  )}
                  {state && <span className="visually-hidden"> ({state.label})</span>}
                </td>
                <td className="fw-semibold" data-testid="alert-header" data-label="Header">
                  {textIn(alert.headerText, languages.defaultLanguage)}
                </td>
                <td className="small" data-testid="alert-scope" data-label="Scope">
                  {(alert.informedEntity ?? []).map((e) => scopeLabel(e, routeNames, stopNames)).join(', ')}
                </td>
                <td className="small" data-label="Cause / effect">
                  {humanEnum(alert.cause)} / {humanEnum(alert.effect)}
                </td>
                <td className="small" data-label="Description">
                  {previewText(textIn(alert.descriptionText, languages.defaultLanguage))}
                </td>
                <td className="small" data-testid="alert-languages" data-label="Languages">
                  {languagesOf(alert, languages)}
                </td>
                <td className="small" data-testid="alert-author" data-label="Written by">
                  {item.updatedBy ?? 'feed client'}
                </td>
                <RowActions
                  editHref={paths.serviceAlert.getHref(item.id)}
                  entity={item.entity}
                  base={item}
                  canEdit={canEdit}
                  onHistory={() =>
                    setHistory({
                      id: item.id,
                      title: `the alert "${textIn(alert.headerText, languages.defaultLanguage)}"`,
                    })
                  }
                  onDelete={() =>
                    remove('alert', item.id, textIn(alert.headerText, languages.defaultLanguage))
                  }
                />
              </tr>
            );
          })}
        </tbody>
      </Table>
      <HistoryModal
        kind="alert"
        id={history?.id ?? null}
        title={history?.title ?? ''}
        onClose={() => setHistory(null)}
      />
    </>
  );
}
