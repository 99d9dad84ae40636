import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { conflictOf, type EditConflict, noticesOf } from '../../../lib/errors.ts';
import {
  missingHeadersSentence,
  useLanguageSettings,
  useOperatorSettings,
} from '../../../lib/operator-languages.ts';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes.ts';
import {
  type AlertForm,
  alertFormOf,
  buildAlert,
  emptyAlertForm,
  hasNoEnd,
  isValidUrl,
  NO_END_CONFIRM,
  NOTHING_AFFECTED,
  periodStart,
  URL_INVALID,
  withEstimatedEnd,
} from '../alert-entity.ts';
import { alertDifferences, mergeAlertForms } from '../alert-merge.ts';
import {
  applyTemplate,
  type PlaceholderValues,
  placeholderValues,
  refillTemplate,
  type TemplateSource,
} from '../alert-template-fill.ts';
import { PLACEHOLDERS_LEFT, TOO_LONG, textBlocks } from '../alert-text-checks.ts';
import { useAlertTextLimits } from '../api/alert-text-limits.ts';
import { useRoutes } from '../api/get-routes.ts';
import { useLintAlert } from '../api/lint-alert.ts';
import { useReloadFeedEntity } from '../api/reload-feed-entity.ts';
import { useSaveAlert } from '../api/save-alert.ts';
import {
  type AlertEntity,
  CAUSES,
  type EditBase,
  EFFECTS,
  humanEnum,
  isAlert,
  SEVERITIES,
} from '../types.ts';
import { ActivePeriods, COMMUNICATION, HALF_TYPED } from './active-periods.tsx';
import { AffectedEntities } from './affected-entities.tsx';
import { AlertLinks } from './alert-links.tsx';
import { AlertPreview } from './alert-preview.tsx';
import { AlertTexts } from './alert-texts.tsx';
import { ChangeWarnings } from './change-warnings.tsx';
import { ConflictCompare } from './conflict-compare.tsx';
import { EditStatus } from './edit-status.tsx';
import { EstimatedDuration } from './estimated-duration.tsx';
import { LintNotices } from './lint-notices.tsx';
import { NOW, PublishTimingFields, publishTimingInput } from './publish-timing.tsx';
import { TemplatePicker } from './template-picker.tsx';

/** The server's notices about impact periods (impact_outside_communication) show at the periods. */
const isPeriodNotice = (field: string) => field.startsWith('alert.impact_period');

/** docs/spec.md §2 service alert editor with a rider preview. */
export function AlertEditor({
  entity,
  base: openedBase,
  readOnly = false,
  mayApprove = false,
}: {
  entity?: AlertEntity;
  /** The saved revision being edited (absent for a new alert). */
  base?: EditBase;
  readOnly?: boolean;
  /** The approve role: this user's saves never wait for a second person. */
  mayApprove?: boolean;
}) {
  const navigate = useNavigate();
  const zone = useTimeZone();
  const languageSettings = useLanguageSettings();
  const routes = useRoutes();
  const [form, setForm] = useState<AlertForm>(() =>
    entity ? alertFormOf(entity, zone, languageSettings) : emptyAlertForm(zone, languageSettings),
  );
  // The form as last saved (or as opened): the editor has changes while the form differs from it.
  const [original, setOriginal] = useState(form);
  // The revision a save names: the one opened, or a colleague's once the controller kept their
  // entries on top of it after a conflict.
  const [base, setBase] = useState(openedBase);
  const [theirs, setTheirs] = useState<{ form: AlertForm; base: EditBase; by: string } | null>(null);
  const utils = trpc.useUtils();
  const dirty = !readOnly && JSON.stringify(form) !== JSON.stringify(original);
  const { allowLeaving } = useUnsavedChanges(dirty);
  const [problems, setProblems] = useState<string[]>([]);
  const [periodProblems, setPeriodProblems] = useState<string[]>([]);
  // A new alert or a draft may be saved as a draft; a published one stays published.
  const mayDraft = !entity?.id || base?.draft === true;
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const reloadEntity = useReloadFeedEntity('alert');
  const reload = (id: string) => {
    allowLeaving();
    void reloadEntity(id);
  };
  /** After a 409: the colleague's version, to show beside the controller's entries. */
  const fetchTheirs = async (id: string) => {
    const item = await utils.feed.get.fetch({ kind: 'alert', id }, { staleTime: 0 });
    if (item.entity && isAlert(item.entity))
      setTheirs({
        form: alertFormOf(item.entity, zone, languageSettings),
        base: item,
        by: item.updatedBy ?? 'a colleague',
      });
  };
  const keepMine = () => {
    if (!theirs) return;
    setForm(mergeAlertForms(original, form, theirs.form));
    setOriginal(theirs.form);
    setBase(theirs.base);
    setTheirs(null);
    setConflict(null);
  };
  const [incomplete, setIncomplete] = useState<Set<string>>(new Set());
  const markIncomplete = (id: string, bad: boolean) =>
    setIncomplete((set) => {
      if (set.has(id) === bad) return set;
      const next = new Set(set);
      if (bad) next.add(id);
      else next.delete(id);
      return next;
    });
  // After a save the home page opens on the alerts, where the new one is.
  const save = useSaveAlert({
    onSuccess: () => {
      allowLeaving();
      navigate(`${paths.home.getHref()}?show=alerts`);
    },
  });
  const set = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }));
  const [timing, setTiming] = useState(NOW);
  const approvalOn = (useOperatorSettings().data?.approval ?? 'off') !== 'off';
  const limits = useAlertTextLimits().data;
  const blocks = textBlocks(form, limits);
  const missingHeaders = missingHeadersSentence(
    languageSettings,
    Object.fromEntries(form.languages.map((tag) => [tag, form.texts[tag]?.header])),
  );
  // The template last used and the values its placeholders were filled with: a route or period
  // chosen afterwards fills them again, in every text the controller has not rewritten.
  const [template, setTemplate] = useState<{ source: TemplateSource; values: PlaceholderValues } | null>(
    null,
  );
  const urlInvalid = form.url.trim() !== '' && !isValidUrl(form.url);
  const routeNames = useMemo(
    () => new Map((routes.data ?? []).map((r) => [r.route_id, r.label])),
    [routes.data],
  );
  const values = useMemo(() => placeholderValues(form, routeNames), [form, routeNames]);
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    if (!template || JSON.stringify(template.values) === valuesKey) return;
    setForm((f) => refillTemplate(f, template.source, template.values, values));
    setTemplate({ ...template, values });
  }, [template, values, valuesKey]);
  const scope = useMemo(() => {
    const names = routeNames;
    return form.affected.map((a) =>
      a.kind === 'route'
        ? `Route:${names.get(a.id) ?? a.id}`
        : `${a.kind === 'trip' ? 'Trip' : 'Stop'}:${a.id}`,
    );
  }, [form.affected, routeNames]);
  // Consistency findings this alert would add, shown before saving.
  const preview = useMemo(
    () =>
      form.affected.length > 0 && !blocks.tooLong
        ? { kind: 'alert' as const, entity: buildAlert(form, zone, languageSettings, entity?.id) }
        : null,
    [form, zone, languageSettings, entity?.id, blocks.tooLong],
  );
  // The alert linter on what is typed: the notices a save would give.
  const lintInput = useMemo(
    () =>
      readOnly || blocks.tooLong ? null : { entity: buildAlert(form, zone, languageSettings, entity?.id) },
    [form, zone, languageSettings, entity?.id, readOnly, blocks.tooLong],
  );
  const lint = useLintAlert(lintInput);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const draft = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'draft';
    // A half-typed date or time reads as empty: find them all now, not only the ones left by blur.
    const halfTyped = [...e.currentTarget.querySelectorAll('input')].filter((i) => i.validity.badInput);
    for (const input of halfTyped) markIncomplete(input.id, true);
    const found = [
      ...(halfTyped.length > 0 || incomplete.size > 0 ? [HALF_TYPED] : []),
      ...(form.affected.length === 0 ? [NOTHING_AFFECTED] : []),
      ...(urlInvalid ? [URL_INVALID] : []),
      ...(blocks.tooLong ? [TOO_LONG] : []),
      // A draft reaches no rider: it may keep its placeholders for now.
      ...(!draft && blocks.placeholders ? [PLACEHOLDERS_LEFT] : []),
      // Published, an alert speaks every required language; a draft may wait for its translator.
      ...(!draft && missingHeaders ? [missingHeaders] : []),
    ];
    if (found.length > 0) {
      setProblems(found);
      return;
    }
    // Only publishing asks: a draft reaches no rider.
    if (!draft && hasNoEnd(form) && !window.confirm(NO_END_CONFIRM)) return;
    setProblems([]);
    setPeriodProblems([]);
    setConflict(null);
    save.mutate(
      {
        entity: buildAlert(form, zone, languageSettings, entity?.id),
        baseRevision: entity?.id ? (base?.revision ?? 0) : 0,
        draft,
        ...(draft ? {} : publishTimingInput(timing, zone)),
        // The start shown, in the zone shown: the server checks the saved impact starts in that minute.
        chosenStart: chosenStartOf(form.periods, zone),
      },
      {
        onError: (error) => {
          const notices = noticesOf(error);
          setPeriodProblems(notices.filter((n) => isPeriodNotice(n.field)).map((n) => n.message));
          setProblems(notices.filter((n) => !isPeriodNotice(n.field)).map((n) => n.message));
          const found = conflictOf(error);
          setConflict(found);
          setTheirs(null);
          if (found) void fetchTheirs(found.id).catch(() => {});
        },
      },
    );
  };
  return (
    <Row className="g-3">
      <Col lg={8}>
        <Card className="shadow-sm">
          <EditStatus base={base} conflict={conflict} onReload={reload}>
            {conflict && theirs && (
              <ConflictCompare
                by={theirs.by}
                differences={alertDifferences(form, theirs.form)}
                onKeepMine={keepMine}
              />
            )}
          </EditStatus>
          <AlertLinks alertId={entity?.id ?? null} />
          <Card.Body>
            <Form {...submitByButton(submit)} noValidate aria-label="Service alert">
              <fieldset disabled={readOnly}>
                <TemplatePicker
                  onPick={(picked) => {
                    setForm((f) => applyTemplate(f, picked, values, languageSettings));
                    setTemplate({ source: picked, values });
                  }}
                />
                <ActivePeriods
                  periods={form.periods}
                  onChange={(periods) => set({ periods })}
                  incomplete={incomplete}
                  onIncomplete={markIncomplete}
                  timeZone={zone}
                  errors={periodProblems}
                />
                <EstimatedDuration
                  impactStart={periodStart(form.periods.at(-1), zone)}
                  timeZone={zone}
                  onEnd={(end) => setForm((f) => withEstimatedEnd(f, end, zone))}
                />
                <ActivePeriods
                  kind={COMMUNICATION}
                  periods={form.communication}
                  onChange={(communication) => set({ communication })}
                  incomplete={incomplete}
                  onIncomplete={markIncomplete}
                  timeZone={zone}
                />
                <Row className="g-2 mb-3">
                  <Form.Group as={Col} sm={4} controlId="alert-cause">
                    <Form.Label className="fw-semibold">Cause</Form.Label>
                    <Form.Select value={form.cause} onChange={(e) => set({ cause: e.target.value })}>
                      {CAUSES.map((c) => (
                        <option key={c} value={c}>
                          {humanEnum(c)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <Form.Group as={Col} sm={4} controlId="alert-effect">
                    <Form.Label className="fw-semibold">Effect</Form.Label>
                    <Form.Select value={form.effect} onChange={(e) => set({ effect: e.target.value })}>
                      {EFFECTS.map((c) => (
                        <option key={c} value={c}>
                          {humanEnum(c)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  <Form.Group as={Col} sm={4} controlId="alert-severity">
                    <Form.Label className="fw-semibold">Severity</Form.Label>
                    <Form.Select value={form.severity} onChange={(e) => set({ severity: e.target.value })}>
                      {SEVERITIES.map((c) => (
                        <option key={c} value={c}>
                          {c === 'UNKNOWN_SEVERITY' ? 'Not given' : humanEnum(c)}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                </Row>
                <AffectedEntities
                  affected={form.affected}
                  onChange={(affected) => set({ affected })}
                  missing={problems.includes(NOTHING_AFFECTED)}
                />
                <AlertTexts
                  languages={form.languages}
                  texts={form.texts}
                  onChange={(languages, texts) => set({ languages, texts })}
                  limits={limits}
                />
                <Form.Group className="mb-3" controlId="alert-url">
                  <Form.Label className="fw-semibold">More information (URL)</Form.Label>
                  <Form.Control
                    type="url"
                    placeholder="https://…"
                    value={form.url}
                    isInvalid={urlInvalid}
                    onChange={(e) => set({ url: e.target.value })}
                  />
                  <Form.Control.Feedback type="invalid">{URL_INVALID}</Form.Control.Feedback>
                </Form.Group>
              </fieldset>
              {!readOnly && (
                <PublishTimingFields
                  value={timing}
                  onChange={setTiming}
                  zone={zone}
                  mayEmergency={approvalOn && !mayApprove}
                />
              )}
              {problems.some((p) => p !== NOTHING_AFFECTED) && (
                <Alert variant="danger" role="alert">
                  {/* "Nothing chosen" shows at the affected list itself. */}
                  {problems
                    .filter((p) => p !== NOTHING_AFFECTED)
                    .map((p) => (
                      <div key={p}>{p}</div>
                    ))}
                </Alert>
              )}
              {!readOnly && <LintNotices notices={lint.data ?? []} />}
              <ChangeWarnings input={preview} />
              {!readOnly && (
                <div className="d-flex flex-wrap gap-2 mt-3">
                  <Button type="submit" value="publish" disabled={save.isPending}>
                    {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                    {base?.draft ? 'Publish alert' : 'Save alert'}
                  </Button>
                  {mayDraft && (
                    <Button type="submit" value="draft" variant="outline-secondary" disabled={save.isPending}>
                      Save as draft
                    </Button>
                  )}
                  {base?.draft && (
                    <span className="small text-body-secondary align-self-center" data-testid="draft-note">
                      Draft: not in the public feed until published.
                    </span>
                  )}
                </div>
              )}
            </Form>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={4}>
        <AlertPreview form={form} scope={scope} />
      </Col>
    </Row>
  );
}

/** The first sent period's start as typed (`YYYY-MM-DDTHH:MM`) and the zone it was read in. */
function chosenStartOf(periods: { startDate: string; startTime: string; endDate: string }[], zone: string) {
  const first = periods.find((p) => p.startDate || p.endDate);
  return first?.startDate && /^\d{2}:\d{2}$/.test(first.startTime)
    ? { wallClock: `${first.startDate}T${first.startTime}`, zone }
    : undefined;
}
