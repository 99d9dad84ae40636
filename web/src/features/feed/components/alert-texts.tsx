import { useState } from 'react';
import { Button, Form, Nav, Tab } from 'react-bootstrap';
import { languageName, useLanguageSettings } from '../../../lib/operator-languages.ts';
import { EMPTY_TEXTS, type LanguageTexts, type Texts } from '../alert-entity.ts';
import { type AlertTextLimits, checkText, type TextCheck } from '../alert-text-checks.ts';

type Props = {
  languages: string[];
  texts: Texts;
  onChange: (languages: string[], texts: Texts) => void;
  /** The server's limits, said under each field as the controller types. */
  limits?: AlertTextLimits;
};

/** The sentence under a field: an error (red, blocks) or a warning (saving stays possible). */
function FieldCheck({ check, id }: { check: TextCheck; id: string }) {
  if (check.error)
    return (
      <Form.Control.Feedback type="invalid" id={id} data-testid={id}>
        {check.error}
      </Form.Control.Feedback>
    );
  if (check.warning)
    return (
      <Form.Text id={id} data-testid={id} className="text-warning-emphasis d-block">
        {check.warning}
      </Form.Text>
    );
  return null;
}

/**
 * The optional texts of GTFS-Realtime besides header and description; cause_detail and
 * effect_detail are still experimental in the specification, and say so.
 */
const MORE_TEXTS: { key: keyof LanguageTexts; label: string; experimental?: boolean; rows: number }[] = [
  { key: 'ttsHeader', label: 'Spoken header (text-to-speech)', rows: 1 },
  { key: 'ttsDescription', label: 'Spoken description (text-to-speech)', rows: 2 },
  // Worded without "cause" and "effect", the labels of the two selects above.
  { key: 'causeDetail', label: 'Reason in detail', experimental: true, rows: 1 },
  { key: 'effectDetail', label: 'Consequence in detail', experimental: true, rows: 1 },
];

/** A field with a check says so to assistive technology, and turns red on an error. */
const checked = (check: TextCheck, id: string) =>
  check.error || check.warning ? { isInvalid: Boolean(check.error), 'aria-describedby': id } : {};

/**
 * docs/spec.md §3: header and description per language, and the optional texts; the languages
 * offered are the operator's settings. A language no longer offered keeps its texts.
 */
export function AlertTexts({ languages, texts, onChange, limits }: Props) {
  const settings = useLanguageSettings();
  const nameOf = (tag: string) => languageName(settings, tag);
  const offered = (tag: string) => settings.languages.some((l) => l.tag === tag);
  const required = (tag: string) => settings.requiredLanguages.includes(tag);
  const [active, setActive] = useState(languages[0] ?? settings.defaultLanguage);
  const [adding, setAdding] = useState('');
  const unused = settings.languages.filter((l) => !languages.includes(l.tag));
  const set = (tag: string, patch: Partial<Texts[string]>) =>
    onChange(languages, {
      ...texts,
      [tag]: { ...(texts[tag] ?? EMPTY_TEXTS), ...patch },
    });
  const add = () => {
    if (!adding) return;
    onChange([...languages, adding], { ...texts, [adding]: { ...EMPTY_TEXTS } });
    setActive(adding);
    setAdding('');
  };
  const remove = (tag: string) => {
    const { [tag]: _gone, ...rest } = texts;
    const next = languages.filter((l) => l !== tag);
    onChange(next, rest);
    setActive(next[0] ?? settings.defaultLanguage);
  };
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Texts</legend>
      <Tab.Container activeKey={active} onSelect={(k) => k && setActive(k)}>
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <Nav variant="tabs" className="flex-grow-1">
            {languages.map((tag) => (
              <Nav.Item key={tag}>
                <Nav.Link eventKey={tag} title={offered(tag) ? tag : `${tag}: not offered in the settings`}>
                  {nameOf(tag)}
                  {required(tag) && (
                    <span className="text-danger" title="Every alert carries a header in it (the settings)">
                      {' '}
                      *
                    </span>
                  )}
                  {!offered(tag) && <span className="text-warning-emphasis small"> (not offered)</span>}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          {unused.length > 0 && (
            <div className="d-flex gap-2">
              <Form.Select
                size="sm"
                aria-label="Language to add"
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
              >
                <option value="">Add a language…</option>
                {unused.map((l) => (
                  <option key={l.tag} value={l.tag}>
                    {l.name} ({l.tag})
                  </option>
                ))}
              </Form.Select>
              <Button size="sm" variant="outline-secondary" onClick={add} disabled={!adding}>
                Add
              </Button>
            </div>
          )}
        </div>
        <Tab.Content>
          {languages.map((tag) => (
            <Tab.Pane key={tag} eventKey={tag}>
              <Form.Group className="mb-2" controlId={`header-${tag}`}>
                <Form.Label className="small mb-1">
                  Header ({nameOf(tag)}){required(tag) && ', required'}
                </Form.Label>
                <Form.Control
                  value={texts[tag]?.header ?? ''}
                  required={required(tag)}
                  onChange={(e) => set(tag, { header: e.target.value })}
                  {...checked(checkText(texts[tag]?.header ?? '', 'header', limits), `check-header-${tag}`)}
                />
                <FieldCheck
                  check={checkText(texts[tag]?.header ?? '', 'header', limits)}
                  id={`check-header-${tag}`}
                />
              </Form.Group>
              <Form.Group className="mb-2" controlId={`description-${tag}`}>
                <Form.Label className="small mb-1">Description ({nameOf(tag)})</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  value={texts[tag]?.description ?? ''}
                  onChange={(e) => set(tag, { description: e.target.value })}
                  {...checked(
                    checkText(texts[tag]?.description ?? '', 'description', limits),
                    `check-description-${tag}`,
                  )}
                />
                <FieldCheck
                  check={checkText(texts[tag]?.description ?? '', 'description', limits)}
                  id={`check-description-${tag}`}
                />
              </Form.Group>
              <details className="mb-2" open={MORE_TEXTS.some(({ key }) => texts[tag]?.[key])}>
                <summary className="small">
                  Spoken texts, reason and consequence in detail ({nameOf(tag)})
                </summary>
                {MORE_TEXTS.map(({ key, label, experimental, rows }) => (
                  <Form.Group key={key} className="my-2" controlId={`${key}-${tag}`}>
                    <Form.Label className="small mb-1">
                      {label} ({nameOf(tag)})
                      {experimental && (
                        <span
                          className="badge text-bg-light border ms-2"
                          title="Still experimental in GTFS-Realtime"
                        >
                          experimental
                        </span>
                      )}
                    </Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={rows}
                      value={texts[tag]?.[key] ?? ''}
                      onChange={(e) => set(tag, { [key]: e.target.value })}
                      {...checked(checkText(texts[tag]?.[key] ?? '', 'other', limits), `check-${key}-${tag}`)}
                    />
                    <FieldCheck
                      check={checkText(texts[tag]?.[key] ?? '', 'other', limits)}
                      id={`check-${key}-${tag}`}
                    />
                  </Form.Group>
                ))}
              </details>
              {languages.length > 1 && !required(tag) && (
                <Button size="sm" variant="outline-danger" onClick={() => remove(tag)}>
                  Remove {nameOf(tag)}
                </Button>
              )}
            </Tab.Pane>
          ))}
        </Tab.Content>
      </Tab.Container>
    </fieldset>
  );
}
