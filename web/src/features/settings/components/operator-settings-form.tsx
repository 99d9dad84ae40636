import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { type OfferedLanguage, useOperatorSettings } from '../../../lib/operator-languages.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import { useBusRoutes } from '../api/bus-routes.ts';
import { languagesInUseOf, useSaveOperatorSettings } from '../api/save-operator-settings.ts';
import { useScheduleLanguages } from '../api/schedule-languages.ts';
import { canonicalTag, englishName, moved } from '../language-list.ts';

type Draft = {
  languages: OfferedLanguage[];
  defaultLanguage: string;
  urlLanguage: string;
  /** The bus routes replacement buses run on (docs/contract-notes.md "Operator settings"). */
  busRouteIds: string[];
  /** Two-person approval (docs/contract-notes.md "Two-person approval and publication times"). */
  approval: 'off' | 'alerts' | 'alerts_and_disruptions';
  /** The languages every published alert carries a header in (docs/contract-notes.md "Operator settings"). */
  requiredLanguages: string[];
};

/**
 * The operator settings (admin): the languages offered for alert texts, in order, with
 * their names; the default and URL languages; the current schedule's language as a suggestion,
 * adopted only by a click. Removing a language still written in alerts or templates asks first.
 */
export function OperatorSettingsForm() {
  const settings = useOperatorSettings();
  if (!settings.data) return null;
  // Keyed by the saved version: a save (here or by another admin) starts the form again from it.
  return <SettingsEditor key={String(settings.data.updatedAt)} saved={settings.data} />;
}

function SettingsEditor({
  saved,
}: {
  saved: Draft & { updatedAt: Date | string | null; updatedBy: string | null };
}) {
  const [draft, setDraft] = useState<Draft>({
    languages: saved.languages,
    defaultLanguage: saved.defaultLanguage,
    urlLanguage: saved.urlLanguage,
    busRouteIds: saved.busRouteIds,
    approval: saved.approval,
    requiredLanguages: saved.requiredLanguages,
  });
  const busRoutes = useBusRoutes();
  const [adding, setAdding] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const save = useSaveOperatorSettings();
  const inUse = save.error ? languagesInUseOf(save.error) : null;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const tags = draft.languages.map((l) => l.tag);

  const add = (tagText: string) => {
    const tag = canonicalTag(tagText);
    if (!tag) {
      setAddProblem(
        `"${tagText.trim()}" is not a BCP 47 language tag; write one such as en-US, es-US or zu-ZA.`,
      );
      return;
    }
    if (tags.includes(tag)) {
      setAddProblem(`${tag} is offered already.`);
      return;
    }
    set({ languages: [...draft.languages, { tag, name: englishName(tag) }] });
    setAdding('');
    setAddProblem(null);
  };
  const remove = (tag: string) => {
    const languages = draft.languages.filter((l) => l.tag !== tag);
    const first = languages[0]?.tag ?? '';
    const required = draft.requiredLanguages.filter((t) => t !== tag);
    set({
      languages,
      requiredLanguages: required.length > 0 ? required : first ? [first] : [],
      defaultLanguage: draft.defaultLanguage === tag ? first : draft.defaultLanguage,
      urlLanguage: draft.urlLanguage === tag ? first : draft.urlLanguage,
    });
  };
  const submit = (e: FormEvent<HTMLFormElement>, confirmRemoval = false) => {
    e.preventDefault();
    save.mutate({ ...draft, confirmRemoval });
  };

  return (
    <>
      <ScheduleSuggestion
        offered={saved.languages}
        onAdopt={(more) =>
          // One click, and only on that click: the saved settings with the schedule's languages added.
          save.mutate({
            languages: [...saved.languages, ...more],
            defaultLanguage: saved.defaultLanguage,
            urlLanguage: saved.urlLanguage,
          })
        }
        pending={save.isPending}
      />
      <Card className="shadow-sm">
        <Card.Body>
          <Form {...submitByButton((e) => submit(e))} aria-label="Operator settings" noValidate>
            <h2 className="h5">Languages of alert texts</h2>
            <p className="small text-body-secondary">
              Editors write alerts and templates in these languages, in this order; riders' apps pick a text
              by its tag. Removing a language keeps every text already written in it.
            </p>
            <Table size="sm" responsive aria-label="Languages offered">
              <thead>
                <tr>
                  <th>Tag</th>
                  <th>Name editors read</th>
                  <th className="text-end">Order</th>
                </tr>
              </thead>
              <tbody>
                {draft.languages.map((l, i) => (
                  <tr key={l.tag} data-language={l.tag}>
                    <td className="align-middle">
                      <code>{l.tag}</code>
                    </td>
                    <td>
                      <Form.Control
                        size="sm"
                        aria-label={`Name of ${l.tag}`}
                        value={l.name}
                        maxLength={60}
                        placeholder={englishName(l.tag)}
                        onChange={(e) =>
                          set({
                            languages: draft.languages.map((x) =>
                              x.tag === l.tag ? { ...x, name: e.target.value } : x,
                            ),
                          })
                        }
                      />
                    </td>
                    <td className="text-end text-nowrap">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        aria-label={`Move ${l.tag} up`}
                        disabled={i === 0}
                        onClick={() => set({ languages: moved(draft.languages, i, -1) })}
                      >
                        ↑
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        aria-label={`Move ${l.tag} down`}
                        disabled={i === draft.languages.length - 1}
                        onClick={() => set({ languages: moved(draft.languages, i, 1) })}
                      >
                        ↓
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Remove ${l.tag}`}
                        onClick={() => remove(l.tag)}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Row className="g-2 align-items-end mb-3">
              <Form.Group as={Col} xs={8} md={4} controlId="settings-add-tag">
                <Form.Label className="small mb-1">Language tag to add (BCP 47)</Form.Label>
                <Form.Control
                  size="sm"
                  value={adding}
                  placeholder="es-US"
                  maxLength={35}
                  isInvalid={addProblem !== null}
                  onChange={(e) => setAdding(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      add(adding);
                    }
                  }}
                />
                <Form.Control.Feedback type="invalid">{addProblem}</Form.Control.Feedback>
              </Form.Group>
              <Col xs="auto">
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => add(adding)}
                  disabled={!adding.trim()}
                >
                  Add language
                </Button>
              </Col>
            </Row>
            <Row className="g-2 mb-3">
              <LanguageSelect
                id="settings-default"
                label="Default language (new alerts start in it)"
                value={draft.defaultLanguage}
                languages={draft.languages}
                onChange={(defaultLanguage) => set({ defaultLanguage })}
              />
              <LanguageSelect
                id="settings-url"
                label="URL language (the tag of an alert's link)"
                value={draft.urlLanguage}
                languages={draft.languages}
                onChange={(urlLanguage) => set({ urlLanguage })}
              />
            </Row>
            <Form.Group className="mb-3" controlId="settings-approval">
              <Form.Label className="fw-semibold">Two-person approval</Form.Label>
              <Form.Select
                value={draft.approval}
                onChange={(e) => set({ approval: e.target.value as Draft['approval'] })}
              >
                <option value="off">Off: every editor publishes</option>
                <option value="alerts">Alerts: wait for a second person with the approve role</option>
                <option value="alerts_and_disruptions">Alerts and disruptions</option>
              </Form.Select>
            </Form.Group>
            <fieldset className="mb-3" aria-describedby="settings-required-help">
              <legend className="h6">Languages every alert must carry</legend>
              <p className="small text-body-secondary" id="settings-required-help">
                An alert is published only with a header in each of these; the product never translates, so
                require the languages your editors write. Drafted alerts fill them from the templates.
              </p>
              {draft.languages.map((l) => (
                <Form.Check
                  inline
                  key={l.tag}
                  id={`settings-required-${l.tag}`}
                  label={`${l.name || englishName(l.tag)} (${l.tag})`}
                  checked={draft.requiredLanguages.includes(l.tag)}
                  // At least one: every alert speaks some language.
                  disabled={draft.requiredLanguages.length === 1 && draft.requiredLanguages[0] === l.tag}
                  onChange={(e) =>
                    set({
                      requiredLanguages: e.target.checked
                        ? tags.filter((t) => t === l.tag || draft.requiredLanguages.includes(t))
                        : draft.requiredLanguages.filter((t) => t !== l.tag),
                    })
                  }
                />
              ))}
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6">Bus routes for replacement buses</legend>
              {busRoutes.length === 0 ? (
                <p className="small text-body-secondary" data-testid="no-bus-routes">
                  The schedule has no bus route (route_type 3); planned works add one when they need it.
                </p>
              ) : (
                busRoutes.map((r) => (
                  <Form.Check
                    key={r.route_id}
                    id={`settings-bus-${r.route_id}`}
                    label={r.label}
                    checked={draft.busRouteIds.includes(r.route_id)}
                    onChange={(e) =>
                      set({
                        busRouteIds: e.target.checked
                          ? [...draft.busRouteIds, r.route_id]
                          : draft.busRouteIds.filter((id) => id !== r.route_id),
                      })
                    }
                  />
                ))
              )}
            </fieldset>
            {inUse && (
              <Alert variant="warning" data-testid="languages-in-use">
                <p className="mb-2">{inUse.message}</p>
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="warning"
                    disabled={save.isPending}
                    onClick={() => save.mutate({ ...draft, confirmRemoval: true })}
                  >
                    Stop offering {inUse.inUse.map((u) => u.tag).join(', ')}; keep their texts
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => {
                      save.reset();
                      const back = saved.languages.filter(
                        (l) => inUse.inUse.some((u) => u.tag === l.tag) && !tags.includes(l.tag),
                      );
                      set({ languages: [...draft.languages, ...back] });
                    }}
                  >
                    Keep offering {inUse.inUse.length === 1 ? 'it' : 'them'}
                  </Button>
                </div>
              </Alert>
            )}
            {save.error && !inUse && (
              <Alert variant="danger" data-testid="settings-error">
                {save.error.message}
              </Alert>
            )}
            <div className="d-flex flex-wrap align-items-center gap-3">
              <Button type="submit" disabled={save.isPending || draft.languages.length === 0}>
                Save settings
              </Button>
              <span className="small text-body-secondary">
                {saved.updatedAt
                  ? `Last saved by ${saved.updatedBy ?? 'the product'}.`
                  : "The demo's settings (the nine languages of South Africa) until saved."}
              </span>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}

function LanguageSelect({
  id,
  label,
  value,
  languages,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  languages: OfferedLanguage[];
  onChange: (tag: string) => void;
}) {
  return (
    <Form.Group as={Col} md={6} controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {languages.map((l) => (
          <option key={l.tag} value={l.tag}>
            {l.name || englishName(l.tag)} ({l.tag})
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** "The schedule's language is en-US; offered languages are …", with the one click that adopts it. */
function ScheduleSuggestion({
  offered,
  onAdopt,
  pending,
}: {
  offered: OfferedLanguage[];
  onAdopt: (languages: OfferedLanguage[]) => void;
  pending: boolean;
}) {
  const found = useScheduleLanguages().data;
  if (!found || found.notOffered.length === 0) return null;
  return (
    <Alert variant="info" data-testid="schedule-language-suggestion">
      <p className="mb-2">
        The schedule's language is {found.languages.join(', ')}; offered languages are{' '}
        {offered.map((l) => l.tag).join(', ')}.
      </p>
      <Button size="sm" variant="primary" disabled={pending} onClick={() => onAdopt(found.notOffered)}>
        Offer {found.notOffered.map((l) => `${l.name} (${l.tag})`).join(', ')}
      </Button>
    </Alert>
  );
}
