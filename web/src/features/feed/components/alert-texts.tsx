import { useState } from 'react';
import { Button, Form, Nav, Tab } from 'react-bootstrap';
import type { Texts } from '../alert-entity.ts';
import { LANGUAGES } from '../types.ts';

type Props = {
  languages: string[];
  texts: Texts;
  onChange: (languages: string[], texts: Texts) => void;
};

const nameOf = (tag: string) => LANGUAGES.find((l) => l.tag === tag)?.name ?? tag;

/** Spec §3: header and description per language; English (en-ZA) first. */
export function AlertTexts({ languages, texts, onChange }: Props) {
  const [active, setActive] = useState(languages[0] ?? 'en-ZA');
  const [adding, setAdding] = useState('');
  const unused = LANGUAGES.filter((l) => !languages.includes(l.tag));
  const set = (tag: string, patch: Partial<Texts[string]>) =>
    onChange(languages, {
      ...texts,
      [tag]: { ...(texts[tag] ?? { header: '', description: '' }), ...patch },
    });
  const add = () => {
    if (!adding) return;
    onChange([...languages, adding], { ...texts, [adding]: { header: '', description: '' } });
    setActive(adding);
    setAdding('');
  };
  const remove = (tag: string) => {
    const { [tag]: _gone, ...rest } = texts;
    const next = languages.filter((l) => l !== tag);
    onChange(next, rest);
    setActive(next[0] ?? 'en-ZA');
  };
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Texts</legend>
      <Tab.Container activeKey={active} onSelect={(k) => k && setActive(k)}>
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <Nav variant="tabs" className="flex-grow-1">
            {languages.map((tag) => (
              <Nav.Item key={tag}>
                <Nav.Link eventKey={tag}>{nameOf(tag)}</Nav.Link>
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
                <Form.Label className="small mb-1">Header ({nameOf(tag)})</Form.Label>
                <Form.Control
                  value={texts[tag]?.header ?? ''}
                  onChange={(e) => set(tag, { header: e.target.value })}
                />
              </Form.Group>
              <Form.Group className="mb-2" controlId={`description-${tag}`}>
                <Form.Label className="small mb-1">Description ({nameOf(tag)})</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  value={texts[tag]?.description ?? ''}
                  onChange={(e) => set(tag, { description: e.target.value })}
                />
              </Form.Group>
              {languages.length > 1 && (
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
