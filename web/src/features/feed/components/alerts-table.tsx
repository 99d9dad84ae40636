import { useMemo, useState } from 'react';
import { Table } from 'react-bootstrap';
import { paths } from '../../../config/paths.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatPosix } from '../../../lib/time.ts';
import { useDeleteFeedEntity } from '../api/delete-feed-entity.ts';
import { useRoutes } from '../api/get-routes.ts';
import { ALERT_STATE, previewText, scopeLabel } from '../feed-labels.ts';
import {
  type AlertJson,
  type EditBase,
  type FeedEntityJson,
  humanEnum,
  LANGUAGES,
  textIn,
} from '../types.ts';
import { HistoryModal } from './history-modal.tsx';
import { RowActionHeaders, RowActions } from './row-actions.tsx';

type Item = EditBase & { id: string; entity: FeedEntityJson; state: string | null };

/** The names of the languages an alert's header or description is written in. */
function languagesOf(alert: AlertJson): string {
  const tags = new Set(
    [...(alert.headerText?.translation ?? []), ...(alert.descriptionText?.translation ?? [])].map(
      (t) => t.language ?? 'en-ZA',
    ),
  );
  return [...tags].map((tag) => LANGUAGES.find((l) => l.tag === tag)?.name ?? tag).join(', ');
}

/** Spec §2 alerts table, rows coloured active / ended / not yet started (spec §4). */
export function AlertsTable({
  items,
  loading,
  canEdit,
}: {
  items: Item[];
  loading: boolean;
  canEdit: boolean;
}) {
  const zone = useTimeZone();
  const routes = useRoutes();
  const remove = useDeleteFeedEntity();
  const [history, setHistory] = useState<{ id: string; title: string } | null>(null);
  const routeNames = useMemo(
    () => new Map((routes.data ?? []).map((r) => [r.route_id, r.route_long_name ?? ''])),
    [routes.data],
  );
  return (
    <>
      <Table hover responsive size="sm" className="mb-0" data-testid="alerts-table">
        <thead>
          <tr>
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
              <td colSpan={canEdit ? 10 : 8} className="text-body-secondary p-3">
                No alerts in the feed.
              </td>
            </tr>
          )}
          {items.map((item) => {
            const alert: AlertJson = item.entity.alert ?? {};
            const state = ALERT_STATE[item.state ?? ''];
            return (
              <tr
                key={item.id}
                className={state ? `table-${state.variant}` : ''}
                data-state={item.state ?? undefined}
              >
                <td className="text-nowrap small" data-testid="alert-times">
                  {(alert.activePeriod ?? []).map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: periods have no id; the list never reorders
                    <div key={i}>
                      {formatPosix(p.start, zone) || 'always'} – {formatPosix(p.end, zone) || 'no end'}
                    </div>
                  ))}
                  {(alert.activePeriod ?? []).length === 0 && <div>always – no end</div>}
                  {state && <span className="visually-hidden"> ({state.label})</span>}
                </td>
                <td className="fw-semibold" data-testid="alert-header">
                  {textIn(alert.headerText)}
                </td>
                <td className="small" data-testid="alert-scope">
                  {(alert.informedEntity ?? []).map((e) => scopeLabel(e, routeNames)).join(', ')}
                </td>
                <td className="small">
                  {humanEnum(alert.cause)} / {humanEnum(alert.effect)}
                </td>
                <td className="small">{previewText(textIn(alert.descriptionText))}</td>
                <td className="small" data-testid="alert-languages">
                  {languagesOf(alert)}
                </td>
                <td className="small" data-testid="alert-author">
                  {item.updatedBy ?? 'feed client'}
                </td>
                <RowActions
                  editHref={paths.serviceAlert.getHref(item.id)}
                  entity={item.entity}
                  base={item}
                  canEdit={canEdit}
                  onHistory={() =>
                    setHistory({ id: item.id, title: `the alert "${textIn(alert.headerText)}"` })
                  }
                  onDelete={() => remove('alert', item.id, textIn(alert.headerText))}
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
