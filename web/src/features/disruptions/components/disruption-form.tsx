import { useEffect, useState } from 'react';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { CausePicker } from '../../../components/cause-picker.tsx';
import { hasRole } from '../../../lib/authorization.ts';
import type { CauseChoice } from '../../../lib/delay-causes.ts';
import { directionChoices, useDirections } from '../../../lib/directions.ts';
import { languageName, useLanguageSettings, useOperatorSettings } from '../../../lib/operator-languages.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime, zonedDate } from '../../../lib/time.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { NOW, PublishTimingFields, publishTimingInput } from '../../feed/components/publish-timing.tsx';
import { platformLabel } from '../../feed/feed-labels.ts';
import { useApplyDisruption } from '../api/apply-disruption.ts';
import { useRouteChoices, useServiceDay } from '../api/schedule-lists.ts';
import { BusConnections } from './bus-connections.tsx';
import { type BusSection, BusSectionFields } from './bus-section-fields.tsx';
import { StopPicker } from './stop-picker.tsx';

/** The form's choices: a short turn is one per end (the API's short_turn with `at`). */
type ActionType =
  | 'cancel'
  | 'delete'
  | 'skip_stop'
  | 'delay'
  | 'short_turn_end'
  | 'short_turn_start'
  | 'set_down_only'
  | 'pick_up_only'
  | 'replace_by_bus'
  | 'change_platform';

/** What planned works in the schedule can hold (server/src/schedule/planned-works/apply-planned-works.ts). */
const PLANNABLE = new Set<ActionType>([
  'cancel',
  'delete',
  'short_turn_end',
  'short_turn_start',
  'replace_by_bus',
]);

/** The label of the stop choice of the actions that take one. */
const STOP_LABELS: Partial<Record<ActionType, string>> = {
  skip_stop: 'Stop to skip',
  delay: 'From stop (default first)',
  short_turn_end: 'Terminate at',
  short_turn_start: 'Start from',
  set_down_only: 'Set down only at',
  pick_up_only: 'Pick up only at',
  change_platform: 'Scheduled platform',
};

/** The action the API takes for a choice of the form. */
function actionOf(
  type: ActionType,
  stopId: string,
  minutes: number,
  busSection: BusSection,
  toPlatform: string,
) {
  const turn = type === 'short_turn_end' || type === 'short_turn_start';
  return {
    type: turn ? ('short_turn' as const) : type,
    ...(STOP_LABELS[type] && stopId ? { stopId } : {}),
    ...(type === 'delay' ? { minutes } : {}),
    ...(turn ? { at: type === 'short_turn_end' ? ('end' as const) : ('start' as const) } : {}),
    ...(type === 'replace_by_bus' ? busSection : {}),
    ...(type === 'change_platform' && toPlatform ? { toStopId: toPlatform } : {}),
  };
}
type Texts = Record<string, string>;
type Translated = { translation?: { text: string; language?: string }[] } | undefined;

const CAUSES = [
  'UNKNOWN_CAUSE',
  'TECHNICAL_PROBLEM',
  'STRIKE',
  'ACCIDENT',
  'WEATHER',
  'MAINTENANCE',
  'CONSTRUCTION',
  'POLICE_ACTIVITY',
  'OTHER_CAUSE',
];

/** GTFS-Realtime's cause as a controller reads it: TECHNICAL_PROBLEM → "Technical problem". */
const causeLabel = (cause: string) => cause.charAt(0) + cause.slice(1).toLowerCase().replaceAll('_', ' ');

const byLanguage = (t: Translated): Texts =>
  Object.fromEntries((t?.translation ?? []).map((x) => [x.language ?? '', x.text]));

/** The drafted texts and the selection (input of the dry run) they were drafted for. */
type Draft = { key: string; header: Texts; description: Texts };
type DraftedAlert = { alert?: { headerText?: Translated; descriptionText?: Translated } } | null | undefined;
const draftOf = (key: string, alert: DraftedAlert): Draft => ({
  key,
  header: byLanguage(alert?.alert?.headerText),
  description: byLanguage(alert?.alert?.descriptionText),
});

/**
 * Select trips, preview them with the drafted alert, choose the action, reason, apply. The drafted
 * text follows the final selection: unticking a train, changing the period, the
 * route or the action drafts it again; the controller's own wording is replaced only when they say so.
 */
export function DisruptionForm() {
  const zone = useTimeZone();
  const languageSettings = useLanguageSettings();
  const isRequired = (tag: string) => languageSettings.requiredLanguages.includes(tag);
  const routes = useRouteChoices();
  const directions = useDirections();
  // Today in the agency's zone, never the browser's.
  const [date, setDate] = useState(() => zonedDate(new Date(), zone));
  const [routeId, setRouteId] = useState('');
  const [direction, setDirection] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [stopId, setStopId] = useState('');
  const noService = useServiceDay(date.replaceAll('-', '')).data?.noService ?? null;
  const [tripIds, setTripIds] = useState('');
  // From tomorrow on, a planner may publish in the schedule itself (planned works, a new version).
  const roles = useMe().data?.roles ?? [];
  const canPlan = hasRole(roles, 'gtfs') && date > zonedDate(new Date(), zone);
  // Two-person approval (docs/contract-notes.md): this user's alert, or realtime disruption, waits.
  const approval = useOperatorSettings().data?.approval ?? 'off';
  const waitsForApproval = approval !== 'off' && !hasRole(roles, 'approve');
  const [publishChoice, setPublishAs] = useState<'feed' | 'schedule'>('feed');
  const publishAs = canPlan ? publishChoice : 'feed';
  const [actionType, setActionType] = useState<ActionType>('cancel');
  const [actionStop, setActionStop] = useState('');
  const [minutes, setMinutes] = useState(10);
  /** change_platform: the platform the trains use instead, one of the station's others. */
  const [toPlatform, setToPlatform] = useState('');
  const platforms = trpc.schedule.platforms.useQuery(
    { stopIds: [actionStop] },
    { enabled: actionType === 'change_platform' && actionStop !== '' },
  ).data?.[actionStop];
  const [busSection, setBusSection] = useState<BusSection>({
    fromStopId: '',
    toStopId: '',
    routeId: '',
    marginMinutes: 5,
  });
  const [reason, setReason] = useState('');
  const [withAlert, setWithAlert] = useState(true);
  /** When the alert enters the feed: empty for now (docs/contract-notes.md "Two-person approval and publication times"). */
  const [timing, setTiming] = useState(NOW);
  const [cause, setCause] = useState('UNKNOWN_CAUSE');
  // The delay cause of the catalogue (docs/glossary.md "cause"): kept with the disruption's trains.
  const [delayCause, setDelayCause] = useState<CauseChoice | null>(null);
  const [causeStop, setCauseStop] = useState('');
  const [header, setHeader] = useState<Texts>({});
  // The languages the templates drafted a header in: a required one without says so.
  const [templated, setTemplated] = useState<string[]>([]);
  const [description, setDescription] = useState<Texts>({});
  const [unpicked, setUnpicked] = useState<Set<string>>(new Set());
  /** The selection the texts were drafted for; `own`: the controller has edited them since. */
  const [drafted, setDrafted] = useState<{ key: string; own: boolean }>({ key: '', own: false });
  /** A new draft held back because the controller's own wording would be replaced. */
  const [offered, setOffered] = useState<Draft | null>(null);
  const preview = useApplyDisruption();
  const apply = useApplyDisruption({
    onApplied: () => {
      preview.reset();
      setTiming(NOW);
      setOffered(null);
      setDrafted({ key: '', own: false });
    },
  });
  // A previewed disruption not yet applied is work in progress: leaving asks first.
  useUnsavedChanges(Boolean(preview.data) && !apply.isPending);
  // Dry runs that only draft the texts again: silent, the preview's table stays as it is.
  const redraft = trpc.disruptions.applyDisruption.useMutation();

  const input = (dryRun: boolean, picked?: string[]) => ({
    serviceDate: date.replaceAll('-', ''),
    select: {
      ...(routeId ? { routeId } : {}),
      ...(direction ? { directionId: Number(direction) } : {}),
      ...(stopId ? { stopId } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(picked
        ? { tripIds: picked }
        : tripIds.trim()
          ? { tripIds: tripIds.split(/[\s,]+/).filter(Boolean) }
          : {}),
    },
    action: actionOf(actionType, actionStop, minutes, busSection, toPlatform),
    reason,
    alert: dryRun ? withAlert : withAlert && { cause, headerText: header, descriptionText: description },
    // The trains change now; only the alert waits for its time (the preview's trips do not depend on it).
    ...(!dryRun && withAlert && publishTimingInput(timing, zone)),
    dryRun,
    publishAs,
    ...(delayCause && { cause: { code: delayCause.code, ...(causeStop && { stopId: causeStop }) } }),
  });
  const takeDraft = (draft: Draft) => {
    // A required language without template text is there, empty, for the controller to write.
    setHeader({
      ...Object.fromEntries(languageSettings.requiredLanguages.map((tag) => [tag, ''])),
      ...draft.header,
    });
    setDescription(draft.description);
    setTemplated(Object.keys(draft.header));
    setDrafted({ key: draft.key, own: false });
    setOffered(null);
  };
  /** A draft for `key`: taken at once, or offered when the controller has written their own. */
  const receiveDraft = (draft: Draft, own: boolean) => {
    if (own) {
      setDrafted((d) => ({ ...d, key: draft.key }));
      setOffered(draft);
    } else takeDraft(draft);
  };
  const selectionKey = JSON.stringify(input(true));
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const runPreview = (resetPicks: boolean) => {
    if (resetPicks) setUnpicked(new Set());
    // A new disruption: the last one's alert state no longer applies.
    apply.reset();
    const key = selectionKey;
    setPreviewedFor(key);
    preview.mutate(input(true), {
      onSuccess: (result) =>
        receiveDraft(draftOf(key, result.alert as DraftedAlert), !resetPicks && drafted.own),
    });
  };
  const onPreview = () => runPreview(true);
  const trips = preview.data?.trips ?? [];
  const trainOf = new Map(trips.map((t) => [t.tripId, `${t.trainNumber} → ${t.terminus} ${t.firstTime}`]));
  const picked = trips.filter((t) => !unpicked.has(t.tripId)).map((t) => t.tripId);
  // What Apply sends: the trains still ticked, or the whole selection when none was unticked.
  const applyPicked = unpicked.size > 0 ? picked : undefined;
  const draftKey = preview.data ? JSON.stringify(input(true, applyPicked)) : null;
  // The filters changed after a preview (route, period, date, action, reason): preview them again.
  const settledSelection = useDebounced(selectionKey, 400);
  useEffect(() => {
    if (previewedFor === null || settledSelection !== selectionKey || settledSelection === previewedFor)
      return;
    if (!preview.isPending) runPreview(false);
  });
  // Ticks changed: draft the texts again for the trains that will change.
  const settledDraftKey = useDebounced(draftKey, 300);
  useEffect(() => {
    if (!settledDraftKey || settledDraftKey !== draftKey || settledDraftKey === drafted.key) return;
    if (preview.isPending || redraft.isPending || previewedFor !== selectionKey) return;
    const key = settledDraftKey;
    setDrafted((d) => ({ ...d, key }));
    redraft.mutate(JSON.parse(key), {
      onSuccess: (result) => receiveDraft(draftOf(key, result.alert as DraftedAlert), drafted.own),
    });
  });
  const draftSettled = !withAlert || (draftKey === drafted.key && !redraft.isPending && !offered);
  // What Apply would send, rehearsed by the server: the refusals are shown before applying.
  const applyKey = preview.data && draftSettled ? JSON.stringify(input(false, applyPicked)) : null;
  const settledApplyKey = useDebounced(applyKey, 400);
  const check = trpc.disruptions.applyDisruption.useMutation();
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!settledApplyKey || settledApplyKey !== applyKey || settledApplyKey === checkedFor) return;
    if (check.isPending) return;
    setCheckedFor(settledApplyKey);
    check.mutate({ ...JSON.parse(settledApplyKey), dryRun: true });
  });
  const checked = checkedFor === applyKey && !check.isPending && check.variables;
  const refusals = checked ? (check.data?.refusals ?? []) : [];
  // Colleagues' alerts this apply would narrow (docs/contract-notes.md "Consistency findings").
  const otherAlerts = checked ? (check.data?.otherAlerts ?? []) : [];

  return (
    <Form onSubmit={(e) => e.preventDefault()} aria-label="Disruption">
      <h2 className="h5">1. Trips</h2>
      <Row className="g-2 mb-2">
        <Form.Group as={Col} md={2} controlId="d-date">
          <Form.Label>Service date</Form.Label>
          <Form.Control
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            isInvalid={Boolean(noService)}
          />
          <Form.Control.Feedback type="invalid" data-testid="no-service">
            {noService}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} md={3} controlId="d-route">
          <Form.Label>Route</Form.Label>
          <Form.Select value={routeId} onChange={(e) => setRouteId(e.target.value)}>
            <option value="">Any route</option>
            {routes.data?.map((r) => (
              <option key={r.route_id} value={r.route_id}>
                {r.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={3} controlId="d-direction">
          <Form.Label>Direction</Form.Label>
          <Form.Select value={direction} onChange={(e) => setDirection(e.target.value)}>
            <option value="">Both</option>
            {/* Named by where the trains go; derived when the schedule gives no direction_id. */}
            {directionChoices(directions.data, routeId).map((d) => (
              <option key={d.directionId} value={String(d.directionId)}>
                {d.towards}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="d-from">
          <Form.Label>From (departure)</Form.Label>
          <Form.Control type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="d-to">
          <Form.Label>Until (not incl.)</Form.Label>
          <Form.Control type="time" value={to} onChange={(e) => setTo(e.target.value)} />
        </Form.Group>
      </Row>
      <Row className="g-2 mb-3">
        <StopPicker
          id="d-stop"
          label="Stop found"
          searchLabel="Stop (window on its departure)"
          none="No stop"
          columns={3}
          value={stopId}
          onChange={setStopId}
        />
        <Form.Group as={Col} md={6} controlId="d-trips">
          <Form.Label>Or these trains (numbers or trip ids)</Form.Label>
          <Form.Control
            value={tripIds}
            placeholder="e.g. 684, 580"
            onChange={(e) => setTripIds(e.target.value)}
          />
        </Form.Group>
      </Row>

      <h2 className="h5">2. Action</h2>
      {canPlan && (
        <Form.Group className="mb-2" controlId="d-publish-as">
          <Form.Label className="me-3">Publish as</Form.Label>
          <Form.Check
            inline
            type="radio"
            id="d-publish-feed"
            name="d-publish-as"
            label="Realtime on the day"
            checked={publishAs === 'feed'}
            onChange={() => setPublishAs('feed')}
          />
          <Form.Check
            inline
            type="radio"
            id="d-publish-schedule"
            name="d-publish-as"
            label="In the schedule (planned works)"
            checked={publishAs === 'schedule'}
            onChange={() => {
              setPublishAs('schedule');
              // A schedule holds cancellations, short turns and replacements, not skips, delays or
              // boarding restrictions of one day.
              if (!PLANNABLE.has(actionType)) setActionType('cancel');
            }}
          />
          <Form.Text className="d-block">
            {publishAs === 'schedule'
              ? 'A new schedule version is made in which these trips do not run that day; nothing goes to the trip updates. The alert is published now, or at its "Publish at" time.'
              : 'The trip updates are published now for that day.'}
          </Form.Text>
        </Form.Group>
      )}
      <Row className="g-2 mb-3">
        <Form.Group as={Col} md={3} controlId="d-action">
          <Form.Label>Action</Form.Label>
          <Form.Select value={actionType} onChange={(e) => setActionType(e.target.value as ActionType)}>
            <option value="cancel">Cancel</option>
            <option value="delete">Delete (replaced service)</option>
            {/* Planned works in the schedule take what a timetable can say (apply-planned-works.ts). */}
            {publishAs === 'feed' && <option value="skip_stop">Skip a stop</option>}
            {publishAs === 'feed' && <option value="delay">Delay</option>}
            <option value="short_turn_end">Short turn: terminate at a stop</option>
            <option value="short_turn_start">Short turn: start from a stop</option>
            {publishAs === 'feed' && <option value="set_down_only">Set down only at a stop</option>}
            {publishAs === 'feed' && <option value="pick_up_only">Pick up only at a stop</option>}
            {publishAs === 'feed' && <option value="change_platform">Change platform</option>}
            <option value="replace_by_bus">Replace by buses</option>
          </Form.Select>
        </Form.Group>
        {actionType === 'replace_by_bus' && (
          <BusSectionFields
            value={busSection}
            onChange={setBusSection}
            plannedWorks={publishAs === 'schedule'}
          />
        )}
        {STOP_LABELS[actionType] && (
          <StopPicker
            id="d-action-stop"
            label={STOP_LABELS[actionType]!}
            value={actionStop}
            onChange={setActionStop}
            none={actionType === 'delay' ? 'First stop' : undefined}
          />
        )}
        {actionType === 'change_platform' && (
          <Form.Group as={Col} md={3} controlId="d-to-platform">
            <Form.Label>New platform</Form.Label>
            <Form.Select
              value={toPlatform}
              disabled={!platforms?.length}
              onChange={(e) => setToPlatform(e.target.value)}
            >
              <option value="">
                {actionStop && platforms?.length === 0 ? 'No other platform at this station' : 'Choose…'}
              </option>
              {(platforms ?? []).map((p) => (
                <option key={p.stopId} value={p.stopId}>
                  {platformLabel(p.stopName ?? p.stopId)} ({p.stopId})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {actionType === 'delay' && (
          <Form.Group as={Col} md={2} controlId="d-minutes">
            <Form.Label>Minutes</Form.Label>
            <Form.Control
              type="number"
              value={minutes}
              onChange={(e) => setMinutes(Number(e.target.value))}
            />
          </Form.Group>
        )}
        <Col md={3}>
          <CausePicker
            id="d-delay"
            value={delayCause}
            onChange={(choice, picked) => {
              setDelayCause(choice);
              // The alert says the catalogue's GTFS cause, unless the controller picks another there.
              if (picked) setCause(picked.gtfsCause);
            }}
          />
        </Col>
        {delayCause && (
          <StopPicker
            id="d-cause-stop"
            label="Incident location"
            value={causeStop}
            onChange={setCauseStop}
            none="Not given"
          />
        )}
        <Form.Group as={Col} md={4} controlId="d-reason">
          <Form.Label>Reason</Form.Label>
          <Form.Control
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. Signal fault"
          />
        </Form.Group>
      </Row>
      <Form.Check
        id="d-alert"
        className="mb-3"
        label="Tell riders: publish an alert with the change"
        checked={withAlert}
        onChange={(e) => setWithAlert(e.target.checked)}
      />
      <Button variant="secondary" onClick={onPreview} disabled={preview.isPending}>
        Preview
      </Button>

      {preview.data && (
        <section aria-label="Preview" className="mt-3">
          <h2 className="h5">
            3. Preview: {picked.length} of {preview.data.count} trips on {preview.data.serviceDate}
          </h2>
          {(preview.data.cancelledLeftOut ?? []).length > 0 && (
            <p className="small text-body-secondary" data-testid="cancelled-left-out">
              Left alone, already cancelled: {(preview.data.cancelledLeftOut ?? []).join(', ')}.
            </p>
          )}
          <Table size="sm" striped>
            <thead>
              <tr>
                <th>Change</th>
                <th>Trip</th>
                <th>Train</th>
                <th>Route</th>
                <th>First</th>
                <th>Last</th>
              </tr>
            </thead>
            <tbody>
              {trips.map((t) => (
                <tr key={t.tripId}>
                  <td>
                    <Form.Check
                      aria-label={`Change ${t.tripId}`}
                      checked={!unpicked.has(t.tripId)}
                      onChange={(e) => {
                        const next = new Set(unpicked);
                        if (e.target.checked) next.delete(t.tripId);
                        else next.add(t.tripId);
                        setUnpicked(next);
                      }}
                    />
                  </td>
                  <td>{t.tripId}</td>
                  <td data-testid="train-terminus">
                    {t.trainNumber} → {t.terminus} {t.lastTime}
                  </td>
                  <td>{t.routeName}</td>
                  <td>{t.firstTime}</td>
                  <td>{t.lastTime}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {(preview.data.replacementTrips?.length ?? 0) > 0 && (
            <Table size="sm" striped aria-label="Replacement buses">
              <caption className="caption-top">Replacement buses (new trips)</caption>
              <thead>
                <tr>
                  <th>Bus trip</th>
                  <th>Replaces</th>
                </tr>
              </thead>
              <tbody>
                {/* Only the buses of the trains still ticked: Apply makes those alone. */}
                {preview.data.replacementTrips
                  ?.filter((b) => !unpicked.has(b.replacesTripId))
                  .map((b) => (
                    <tr key={b.tripId}>
                      <td>{b.tripId}</td>
                      <td>{trainOf.get(b.replacesTripId) ?? b.replacesTripId}</td>
                    </tr>
                  ))}
              </tbody>
            </Table>
          )}
          {(preview.data.connections?.length ?? 0) > 0 && (
            <BusConnections
              connections={(preview.data.connections ?? []).filter((c) => !unpicked.has(c.tripId))}
              trainOf={trainOf}
            />
          )}
          {withAlert && (
            <fieldset className="mb-3">
              <legend className="h6">Alert for riders</legend>
              <Form.Group controlId="d-cause" className="mb-2">
                <Form.Label>Cause</Form.Label>
                <Form.Select value={cause} onChange={(e) => setCause(e.target.value)}>
                  {CAUSES.map((c) => (
                    <option key={c} value={c}>
                      {causeLabel(c)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              {offered && (
                <Alert variant="warning" data-testid="draft-outdated">
                  <p className="mb-2">
                    The trains or the period changed since you edited this text; the new draft reads:
                  </p>
                  {Object.entries(offered.header).map(([language, text]) => (
                    <blockquote key={language} className="small mb-2">
                      <strong>{text}</strong> {offered.description[language] ?? ''}
                    </blockquote>
                  ))}
                  <div className="d-flex gap-2">
                    <Button size="sm" variant="warning" onClick={() => takeDraft(offered)}>
                      Use the new draft
                    </Button>
                    <Button size="sm" variant="outline-secondary" onClick={() => setOffered(null)}>
                      Keep my wording
                    </Button>
                  </div>
                </Alert>
              )}
              {Object.keys(header).length === 0 && (
                <Alert variant="warning">No template text: add one in Alert templates.</Alert>
              )}
              {Object.keys(header).map((language) => (
                <div key={language} className="mb-2">
                  <Form.Group controlId={`d-header-${language}`}>
                    <Form.Label>
                      Header ({language}){isRequired(language) && ', required'}
                    </Form.Label>
                    <Form.Control
                      value={header[language]}
                      required={isRequired(language)}
                      isInvalid={isRequired(language) && (header[language] ?? '').trim() === ''}
                      onChange={(e) => {
                        setHeader({ ...header, [language]: e.target.value });
                        setDrafted((d) => ({ ...d, own: true }));
                      }}
                    />
                    <Form.Control.Feedback type="invalid" data-testid={`no-template-${language}`}>
                      {templated.includes(language)
                        ? `Write a header in ${languageName(languageSettings, language)}: every alert carries one.`
                        : `No template has text in ${languageName(languageSettings, language)}: write its header; every alert carries one.`}
                    </Form.Control.Feedback>
                  </Form.Group>
                  <Form.Group controlId={`d-description-${language}`}>
                    <Form.Label>Description ({language})</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={2}
                      value={description[language] ?? ''}
                      onChange={(e) => {
                        setDescription({ ...description, [language]: e.target.value });
                        setDrafted((d) => ({ ...d, own: true }));
                      }}
                    />
                  </Form.Group>
                </div>
              ))}
              <PublishTimingFields value={timing} onChange={setTiming} zone={zone} mayEmergency={false} />
              {waitsForApproval && (
                <Form.Text className="d-block mb-2" data-testid="alert-approval-note">
                  {approval === 'alerts_and_disruptions' && publishAs === 'feed'
                    ? 'Approval is on: the disruption and its alert wait until another user with the approve role approves them.'
                    : `Approval is on: the alert waits until another user with the approve role approves it; the ${
                        publishAs === 'schedule' ? 'schedule version is made' : 'trains are changed'
                      } now.`}
                </Form.Text>
              )}
            </fieldset>
          )}
          {refusals.length > 0 && (
            <Alert variant="danger" data-testid="apply-refusals">
              <div className="small fw-semibold">Applying this would be refused:</div>
              <ul className="small mb-0">
                {refusals.map((r) => (
                  <li key={`${r.code} ${r.entityId}`}>{r.message}</li>
                ))}
              </ul>
            </Alert>
          )}
          {otherAlerts.length > 0 && refusals.length === 0 && (
            <Alert variant="warning" data-testid="apply-other-alerts">
              <div className="small fw-semibold">Applying this also changes alerts riders read:</div>
              <OtherAlertList alerts={otherAlerts} />
              <div className="small">Lifting this disruption gives the trains back to them.</div>
            </Alert>
          )}
          <Button
            variant="danger"
            disabled={
              apply.isPending ||
              picked.length === 0 ||
              !draftSettled ||
              preview.isPending ||
              refusals.length > 0
            }
            onClick={() => apply.mutate(input(false, applyPicked))}
          >
            {publishAs === 'schedule'
              ? `Publish planned works for ${picked.length} trips in a new schedule version`
              : `Apply to ${picked.length} trips`}
          </Button>
        </section>
      )}
      {(apply.data?.otherAlerts ?? []).length > 0 && (
        <Alert variant="info" className="mt-3" data-testid="applied-other-alerts">
          <div className="small fw-semibold">Also changed, as the trains now run:</div>
          <OtherAlertList alerts={apply.data?.otherAlerts ?? []} />
        </Alert>
      )}
      {apply.data?.alertState && apply.data.alertState !== 'published' && (
        <Alert variant="info" className="mt-3" data-testid="applied-alert-state">
          {apply.data.alertState === 'pending'
            ? `Alert pending approval: riders see it once another user with the approve role approves it (Feed screen, "Waiting to enter the feed")${
                apply.data.publishAt
                  ? `, at ${formatDateTime(apply.data.publishAt, zone)} at the earliest`
                  : ''
              }; the ${apply.data.versionId ? 'schedule version is made' : 'trains are changed'} now.`
            : `Alert scheduled: it enters the feed at ${formatDateTime(apply.data.publishAt ?? '', zone)}; the ${
                apply.data.versionId ? 'schedule version is made' : 'trains are changed'
              } now.`}
        </Alert>
      )}
    </Form>
  );
}

/** Other alerts an apply narrows or ends: each by its header, with the trains it no longer names. */
function OtherAlertList({
  alerts,
}: {
  alerts: { alertId: string; header: string; trains: string[]; ended: boolean }[];
}) {
  return (
    <ul className="small mb-0">
      {alerts.map((a) => {
        const trains = `train${a.trains.length > 1 ? 's' : ''} ${a.trains.join(', ')}`;
        const name = a.header ? `“${a.header}”` : `Alert ${a.alertId}`;
        return (
          <li key={a.alertId}>
            {a.ended ? `${name} ends: it named only ${trains}.` : `${name} no longer names ${trains}.`}
          </li>
        );
      })}
    </ul>
  );
}
