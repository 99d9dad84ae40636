import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { CausePicker } from '../../../components/cause-picker.tsx';
import { paths } from '../../../config/paths.ts';
import type { CauseChoice } from '../../../lib/delay-causes.ts';
import { conflictOf, type EditConflict, type Notice, noticesOf } from '../../../lib/errors.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { usePlatforms } from '../api/get-platforms.ts';
import { useStopTimes } from '../api/get-stop-times.ts';
import { useTripCause } from '../api/get-trip-cause.ts';
import { useTripsToRoutes } from '../api/get-trips-to-routes.ts';
import { useFeedList } from '../api/list-feed.ts';
import { useReloadFeedEntity } from '../api/reload-feed-entity.ts';
import { useSaveTripUpdate } from '../api/save-trip-update.ts';
import { type TripAlertChoice, useSaveTripUpdateWithAlert } from '../api/save-trip-update-with-alert.ts';
import { trainNumber } from '../feed-labels.ts';
import { journeyOf } from '../journey.ts';
import {
  applyEntity,
  buildTripUpdate,
  EMPTY_TRIP_UPDATE,
  isChanged,
  rowsFor,
  type ShortTurn,
  type StopRow,
  withShortTurn,
} from '../trip-entity.ts';
import { mergeTripEdits, type TripEdit, tripDifferences } from '../trip-merge.ts';
import { type EditBase, isTripUpdate, type TripUpdateEntity } from '../types.ts';
import { ChangeWarnings } from './change-warnings.tsx';
import { ConflictCompare } from './conflict-compare.tsx';
import { EditStatus } from './edit-status.tsx';
import { ExtraTrainForm } from './extra-train-form.tsx';
import { JourneyForm } from './journey-form.tsx';
import { ShortTurnPicker } from './short-turn-picker.tsx';
import { StopTimesTable } from './stop-times-table.tsx';
import { TellRiders } from './tell-riders.tsx';
import { TripSearch, toInputDate } from './trip-search.tsx';

/**
 * docs/spec.md §2 trip update editor: find a trip, change its stops or cancel it, save. A train that already
 * has an update on the chosen date opens that update; a save names the revision it started from.
 */
export function TripUpdateEditor({
  entity,
  base: openedBase,
  existing = false,
  readOnly = false,
}: {
  entity?: TripUpdateEntity;
  /** The saved revision being edited (absent for a new update). */
  base?: EditBase;
  /** Opened because the chosen train already had an update on that date. */
  existing?: boolean;
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  const zone = useTimeZone();
  const tripsToRoutes = useTripsToRoutes().data;
  const [trip, setTrip] = useState<{ tripId: string; routeId?: string; date?: string } | null>(
    entity?.tripUpdate.trip.tripId
      ? {
          tripId: entity.tripUpdate.trip.tripId,
          routeId: entity.tripUpdate.trip.routeId,
          date: entity.tripUpdate.trip.startDate,
        }
      : null,
  );
  const [cancelled, setCancelled] = useState(entity?.tripUpdate.trip.scheduleRelationship === 'CANCELED');
  const [rows, setRows] = useState<StopRow[]>([]);
  // A short turn: the stops beyond it are skipped, the headsign names its new end.
  const [shortTurn, setShortTurn] = useState<ShortTurn>(null);
  const savedHeadsign = entity?.tripUpdate.tripProperties?.tripHeadsign ?? undefined;
  const turned = useMemo(() => withShortTurn(rows, shortTurn), [rows, shortTurn]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  // The revision a save names: the one opened, or a colleague's once the controller kept their
  // entries on top of it after a conflict.
  const [base, setBase] = useState(openedBase);
  const [theirs, setTheirs] = useState<{ edit: TripEdit; base: EditBase; by: string } | null>(null);
  const utils = trpc.useUtils();
  const updates = useFeedList('trip_update').data;
  const reloadEntity = useReloadFeedEntity('trip_update');
  const stopTimes = useStopTimes(trip?.tripId ?? null);
  const platforms = usePlatforms(stopTimes.data?.map((s) => s.stopId) ?? null).data;
  const saved = () => {
    allowLeaving();
    navigate(paths.home.getHref());
  };
  const save = useSaveTripUpdate({ onSuccess: saved });
  const saveWithAlert = useSaveTripUpdateWithAlert({ onSuccess: saved });
  const [alertChoice, setAlertChoice] = useState<TripAlertChoice | null>(null);
  // Why the train is late (docs/glossary.md "cause"), kept for the dated train with the save: the
  // one kept is shown, and sent again only once the controller changes it (a disruption's stays its).
  const [cause, setCause] = useState<CauseChoice | null>(null);
  const [causeTouched, setCauseTouched] = useState(false);
  const keptCause = useTripCause(trip).data;
  useEffect(() => {
    if (causeTouched || keptCause === undefined) return;
    setCause(
      keptCause ? { code: keptCause.code, ...(keptCause.stopId && { stopId: keptCause.stopId }) } : null,
    );
  }, [keptCause, causeTouched]);
  const causeStops = useMemo(() => {
    const seen = new Set<string>();
    return (stopTimes.data ?? []).flatMap((s) => {
      if (seen.has(s.stopId)) return [];
      seen.add(s.stopId);
      return [{ stopId: s.stopId, stopName: s.stopName ?? s.stopId }];
    });
  }, [stopTimes.data]);

  useEffect(() => {
    if (!stopTimes.data || !trip) return;
    const fresh = rowsFor(stopTimes.data);
    const sameTrip = entity && entity.tripUpdate.trip.tripId === trip.tripId;
    setRows(sameTrip ? applyEntity(fresh, entity, zone) : fresh);
  }, [stopTimes.data, trip, entity, zone]);

  const choose = (tripId: string, routeId: string | undefined, date: string) => {
    // The train already has an update on that date: edit it rather than overwrite it unseen.
    const found = updates?.find((u) => u.tripId === tripId && u.entity.tripUpdate?.trip?.startDate === date);
    if (found) {
      navigate(paths.tripUpdate.getHref(found.id), {
        state: { entity: found.entity, base: found, existing: true },
      });
      return;
    }
    setTrip({ tripId, routeId: routeId ?? tripsToRoutes?.[tripId], date });
    setCauseTouched(false);
    setRows([]);
    setBaseline(null);
    setNotices([]);
    setProblem(null);
  };
  // A train turned short at its end shows that stop's name; a saved headsign stays otherwise.
  const turnedAt =
    shortTurn?.at === 'end' ? rows.find((r) => r.stopSequence === shortTurn.stopSequence) : undefined;
  const headsign = turnedAt ? turnedAt.stopName : shortTurn ? undefined : savedHeadsign;
  // The entity as it would be saved; the same trip on another date is another entity (no id).
  const built = useMemo(
    () =>
      trip
        ? buildTripUpdate({
            id: entity && entity.tripUpdate.trip.startDate === trip.date ? entity.id : undefined,
            tripId: trip.tripId,
            routeId: trip.routeId ?? tripsToRoutes?.[trip.tripId],
            startDate: trip.date,
            cancelled,
            rows: turned,
            tripHeadsign: headsign,
          })
        : null,
    [trip, entity, tripsToRoutes, cancelled, turned, headsign],
  );
  // The entity as the train's stops first showed it: the editor has changes once it differs.
  const builtKey = built && rows.length > 0 ? JSON.stringify(built) : null;
  const [baseline, setBaseline] = useState<string | null>(null);
  // The stops as first shown: what the controller changed, should a colleague save meanwhile.
  const [original, setOriginal] = useState<TripEdit | null>(null);
  useEffect(() => {
    if (baseline !== null || builtKey === null) return;
    setBaseline(builtKey);
    setOriginal({ cancelled, rows });
  }, [baseline, builtKey, cancelled, rows]);
  /** After a 409: the colleague's version of this train, to show beside the controller's entries. */
  const fetchTheirs = async (id: string) => {
    const item = await utils.feed.get.fetch({ kind: 'trip_update', id }, { staleTime: 0 });
    if (!stopTimes.data || !item.entity || !isTripUpdate(item.entity)) return;
    setTheirs({
      edit: {
        cancelled: item.entity.tripUpdate.trip.scheduleRelationship === 'CANCELED',
        rows: applyEntity(rowsFor(stopTimes.data), item.entity, zone),
      },
      base: item,
      by: item.updatedBy ?? 'a colleague',
    });
  };
  const keepMine = () => {
    if (!theirs || !original) return;
    const merged = mergeTripEdits(original, { cancelled, rows }, theirs.edit);
    setCancelled(merged.cancelled);
    setRows(merged.rows);
    setOriginal(theirs.edit);
    setBase(theirs.base);
    setTheirs(null);
    setConflict(null);
  };
  const { allowLeaving } = useUnsavedChanges(!readOnly && baseline !== null && builtKey !== baseline);
  const reload = (id: string) => {
    allowLeaving();
    void reloadEntity(id);
  };
  const preview = useMemo(
    () =>
      built && (cancelled || turned.some(isChanged)) ? { kind: 'trip_update' as const, entity: built } : null,
    [built, cancelled, turned],
  );
  // What riders would be told about: the trip, its date, cancelled or which stops skipped.
  const riderChange = useMemo(
    () =>
      trip && !readOnly
        ? {
            tripUpdateId: built?.id,
            tripId: trip.tripId,
            startDate: trip.date,
            cancelled,
            skippedStopIds: cancelled ? [] : turned.filter((r) => r.skip).map((r) => r.stopId),
          }
        : null,
    [trip, readOnly, built?.id, cancelled, turned],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    setNotices([]);
    if (!trip || (!cancelled && !turned.some(isChanged))) {
      setProblem(EMPTY_TRIP_UPDATE);
      return;
    }
    setProblem(null);
    setConflict(null);
    const input = {
      entity: built!,
      baseRevision: built?.id ? (base?.revision ?? 0) : 0,
      // "Not given" after a cause was kept takes it back (null); untouched, the kept one stays.
      ...(causeTouched && { cause: cause ?? null }),
    };
    const onError = (error: unknown) => {
      setNotices(noticesOf(error));
      const found = conflictOf(error);
      setConflict(found);
      setTheirs(null);
      if (found) void fetchTheirs(found.id).catch(() => {});
    };
    if (alertChoice) saveWithAlert.mutate({ ...input, alert: alertChoice }, { onError });
    else save.mutate(input, { onError });
  };
  const general = notices.filter((n) => n.stopSequence === undefined && n.stopId === undefined);
  return (
    <>
      {!entity && <TripSearch onSelect={choose} disabled={readOnly} />}
      {/* Saved by its button only (Enter in a box saves nothing); the header with Save stays on screen. */}
      <Form {...submitByButton(submit)} noValidate aria-label="Trip update">
        <Card className="shadow-sm">
          <Card.Header className="bg-white d-flex flex-wrap align-items-center gap-3 sticky-top shadow-sm">
            <h2 className="h6 mb-0">
              {trip ? (
                <>
                  Trip{' '}
                  <span className="font-monospace" data-testid="selected-trip">
                    {trip.tripId}
                  </span>
                  {trip.date && (
                    <>
                      {' on '}
                      <span data-testid="selected-date">{toInputDate(trip.date)}</span>
                    </>
                  )}
                </>
              ) : (
                'No trip chosen'
              )}
            </h2>
            <ShortTurnPicker
              rows={rows}
              value={shortTurn}
              onChange={setShortTurn}
              disabled={!trip || cancelled || readOnly}
            />
            <Form.Check
              type="switch"
              id="cancel-trip"
              label="Cancel the whole trip"
              checked={cancelled}
              onChange={(e) => setCancelled(e.target.checked)}
              disabled={!trip || readOnly}
            />
            {!readOnly && (
              <Button type="submit" className="ms-auto" disabled={save.isPending || saveWithAlert.isPending}>
                {(save.isPending || saveWithAlert.isPending) && (
                  <Spinner size="sm" className="me-2" aria-hidden="true" />
                )}
                Save trip update
              </Button>
            )}
          </Card.Header>
          {(problem || general.length > 0) && (
            <Alert variant="danger" className="m-3 mb-0" role="alert">
              {problem && <div>{problem}</div>}
              {general.map((n) => (
                <div key={`${n.code}-${n.field}`}>{n.message}</div>
              ))}
            </Alert>
          )}
          <EditStatus
            base={base}
            existing={
              existing && trip
                ? `Train ${trainNumber(trip.tripId)} already has an update on this date.`
                : undefined
            }
            conflict={conflict}
            onReload={reload}
          >
            {conflict && theirs && (
              <ConflictCompare
                by={theirs.by}
                differences={tripDifferences({ cancelled, rows }, theirs.edit)}
                onKeepMine={keepMine}
              />
            )}
          </EditStatus>
          <ChangeWarnings
            input={preview}
            settled={alertChoice && 'publish' in alertChoice ? ['cancelled_without_alert'] : []}
          />
          <TellRiders change={riderChange} onChange={setAlertChoice} />
          {trip && !readOnly && (
            <Card.Body className="border-bottom py-2">
              <CausePicker
                id="trip-cause"
                value={cause}
                onChange={(choice) => {
                  setCauseTouched(true);
                  setCause(choice);
                }}
                stops={causeStops}
              />
            </Card.Body>
          )}
          {!trip && (
            <Card.Body className="text-body-secondary">
              Search for a trip and choose it to see its stops.
            </Card.Body>
          )}
          {trip && stopTimes.isLoading && <Card.Body>Loading stops…</Card.Body>}
          {trip && rows.length > 0 && (
            <StopTimesTable
              rows={turned}
              onChange={(i, row) => setRows((list) => list.map((r, j) => (j === i ? row : r)))}
              notices={notices}
              timeZone={zone}
              serviceDate={trip.date}
              disabled={cancelled || readOnly}
              platforms={platforms}
            />
          )}
        </Card>
      </Form>
      {!entity && <JourneyForm kind="NEW" timeZone={zone} readOnly={readOnly} />}
      {trip && stopTimes.data && !entity && (
        <JourneyForm
          key={`replacement-${trip.tripId}-${trip.date}`}
          kind="REPLACEMENT"
          timeZone={zone}
          tripId={trip.tripId}
          routeId={trip.routeId ?? tripsToRoutes?.[trip.tripId]}
          date={trip.date}
          stops={journeyOf(stopTimes.data)}
          readOnly={readOnly}
        />
      )}
      {trip && stopTimes.data && !entity && (
        <ExtraTrainForm
          key={trip.tripId}
          tripId={trip.tripId}
          routeId={trip.routeId ?? tripsToRoutes?.[trip.tripId]}
          stops={stopTimes.data}
          timeZone={zone}
          readOnly={readOnly}
        />
      )}
    </>
  );
}
