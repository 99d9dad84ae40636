import { useState } from 'react';
import { Badge, Button, Card, Col, Form, Nav, Row, Tab, Table } from 'react-bootstrap';
import { useLanguageSettings } from '../../../lib/operator-languages.ts';
import { submitByButton } from '../../../lib/submit-by-button.ts';
import {
  type AlertTemplate,
  type AlertTemplateInput,
  useAlertTemplates,
  useDeleteAlertTemplate,
  useSaveAlertTemplate,
} from '../api/alert-templates.ts';
import { CAUSES, EFFECTS, humanEnum, SEVERITIES } from '../types.ts';

const ACTIONS = [
  'cancel',
  'delete',
  'skip_stop',
  'delay',
  'short_turn_end',
  'short_turn_start',
  'set_down_only',
  'pick_up_only',
  'replace_by_bus',
  'change_platform',
] as const;
type Draft = Omit<AlertTemplateInput, 'action'> & { action: AlertTemplateInput['action'] | undefined };
type Text = Draft['texts'][string];

const EMPTY_TEXT: Text = { headerText: '', descriptionText: '', url: '' };
const newDraft = (): Draft => ({
  name: '',
  action: null,
  cause: 'UNKNOWN_CAUSE',
  effect: 'UNKNOWN_EFFECT',
  severity: 'UNKNOWN_SEVERITY',
  texts: {},
});
const draftOf = (t: AlertTemplate): Draft => ({
  id: t.id,
  name: t.name,
  action: t.action,
  cause: t.cause,
  effect: t.effect,
  severity: t.severity,
  texts: t.texts,
});

/** Per language: complete (header and description), partial, or missing. */
function Completeness({ template }: { template: AlertTemplate }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      {template.completeness.map((c) => {
        const state =
          c.header && c.description ? 'complete' : c.header || c.description ? 'partial' : 'missing';
        const bg = { complete: 'success', partial: 'warning', missing: 'light' }[state];
        return (
          <Badge
            key={c.language}
            bg={bg}
            text={state === 'complete' ? undefined : 'dark'}
            title={`${c.name}${c.offered ? '' : ' (not offered: its texts are kept, left out of alerts)'}: ${c.header ? 'header' : 'no header'}, ${c.description ? 'description' : 'no description'}`}
            data-language={c.language}
            data-state={state}
            data-offered={c.offered}
          >
            {c.language}
            {c.offered ? '' : ' ✕'}
          </Badge>
        );
      })}
    </div>
  );
}

/**
 * The templates screen (admin): reusable named alerts in the operator's languages (its settings);
 * a language the template has but the settings no longer offer keeps its tab and its texts.
 */
export function AlertTemplateManager() {
  const templates = useAlertTemplates();
  const settings = useLanguageSettings();
  const [draft, setDraft] = useState<Draft>(newDraft);
  const [tab, setTab] = useState<string>(settings.defaultLanguage);
  const tabs = [
    ...settings.languages,
    ...Object.keys(draft.texts)
      .filter((tag) => !settings.languages.some((l) => l.tag === tag))
      .map((tag) => ({ tag, name: `${tag} (not offered)` })),
  ];
  const save = useSaveAlertTemplate({ onSuccess: (id) => setDraft((d) => ({ ...d, id })) });
  const remove = useDeleteAlertTemplate();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setText = (tag: string, patch: Partial<Text>) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [tag]: { ...EMPTY_TEXT, ...d.texts[tag], ...patch } } }));
  return (
    <>
      <p>
        Placeholders, filled where a template is used: {'{route} {stop} {trains} {date} {from} {until}'}; for
        disruptions also {'{to} {minutes} {reason}'}, and for replace_by_bus and change_platform{' '}
        {'{fromStop} {toStop}'} (minutes: the bus margin). A language whose header is empty is left out of
        alerts.
      </p>
      <Table size="sm" striped aria-label="Templates">
        <thead>
          <tr>
            <th>Name</th>
            <th>Disruption</th>
            <th>Cause / effect</th>
            <th>Languages</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {templates.data?.map((t) => (
            <tr key={t.id} data-template={t.name}>
              <td>{t.name}</td>
              <td>{t.action ?? ''}</td>
              <td>
                {humanEnum(t.cause)} / {humanEnum(t.effect)}
              </td>
              <td>
                <Completeness template={t} />
              </td>
              <td className="text-nowrap">
                <Button size="sm" variant="link" onClick={() => setDraft(draftOf(t))}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  className="text-danger"
                  onClick={() => window.confirm(`Delete template ${t.name}?`) && remove.mutate({ id: t.id })}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Card>
        <Card.Body>
          <Form
            aria-label="Template"
            {...submitByButton((e) => {
              e.preventDefault();
              save.mutate({ ...draft, action: draft.action ?? null });
            })}
          >
            <Row className="g-2 mb-2">
              <Form.Group as={Col} md={4} controlId="t-name">
                <Form.Label>Name</Form.Label>
                <Form.Control value={draft.name} onChange={(e) => set({ name: e.target.value })} required />
              </Form.Group>
              <Form.Group as={Col} md={2} controlId="t-action">
                <Form.Label>Drafts disruptions</Form.Label>
                <Form.Select
                  value={draft.action ?? ''}
                  onChange={(e) => set({ action: (e.target.value || null) as Draft['action'] })}
                >
                  <option value="">none</option>
                  {ACTIONS.map((a) => (
                    <option key={a}>{a}</option>
                  ))}
                </Form.Select>
              </Form.Group>
              <EnumSelect
                id="t-cause"
                label="Cause"
                value={draft.cause}
                values={CAUSES}
                onChange={(cause) => set({ cause })}
              />
              <EnumSelect
                id="t-effect"
                label="Effect"
                value={draft.effect}
                values={EFFECTS}
                onChange={(effect) => set({ effect })}
              />
              <EnumSelect
                id="t-severity"
                label="Severity"
                value={draft.severity}
                values={SEVERITIES}
                onChange={(severity) => set({ severity })}
              />
            </Row>
            <Tab.Container activeKey={tab} onSelect={(k) => k && setTab(k)}>
              <Nav variant="tabs" className="mb-2">
                {tabs.map((l) => (
                  <Nav.Item key={l.tag}>
                    <Nav.Link eventKey={l.tag}>
                      {l.name}
                      {draft.texts[l.tag]?.headerText.trim() ? ' ✓' : ''}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
              <Tab.Content>
                {tabs.map((l) => (
                  <Tab.Pane key={l.tag} eventKey={l.tag}>
                    <Form.Group className="mb-2" controlId={`t-header-${l.tag}`}>
                      <Form.Label>Header ({l.name})</Form.Label>
                      <Form.Control
                        value={draft.texts[l.tag]?.headerText ?? ''}
                        onChange={(e) => setText(l.tag, { headerText: e.target.value })}
                      />
                    </Form.Group>
                    <Form.Group className="mb-2" controlId={`t-description-${l.tag}`}>
                      <Form.Label>Description ({l.name})</Form.Label>
                      <Form.Control
                        as="textarea"
                        rows={2}
                        value={draft.texts[l.tag]?.descriptionText ?? ''}
                        onChange={(e) => setText(l.tag, { descriptionText: e.target.value })}
                      />
                    </Form.Group>
                    <Form.Group className="mb-2" controlId={`t-url-${l.tag}`}>
                      <Form.Label>URL ({l.name})</Form.Label>
                      <Form.Control
                        type="url"
                        value={draft.texts[l.tag]?.url ?? ''}
                        onChange={(e) => setText(l.tag, { url: e.target.value })}
                      />
                    </Form.Group>
                  </Tab.Pane>
                ))}
              </Tab.Content>
            </Tab.Container>
            <div className="d-flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                Save template
              </Button>
              <Button variant="outline-secondary" onClick={() => setDraft(newDraft())}>
                New template
              </Button>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}

function EnumSelect({
  id,
  label,
  value,
  values,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  values: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group as={Col} md={2} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {humanEnum(v)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
