import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { type AlertTemplate, useAlertTemplates } from '../api/alert-templates.ts';

/** "Start from a template": fills cause, effect, texts and URL of the alert being written. */
export function TemplatePicker({ onPick }: { onPick: (template: AlertTemplate) => void }) {
  const templates = useAlertTemplates();
  const [chosen, setChosen] = useState('');
  // A template written only in languages the operator no longer uses is not offered.
  const list = (templates.data ?? []).filter((t) => t.offered);
  if (list.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId="alert-template">
      <Form.Label className="fw-semibold">Start from a template</Form.Label>
      <InputGroup>
        <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a template…</option>
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.completeness.filter((c) => c.offered && c.header).length} languages)
            </option>
          ))}
        </Form.Select>
        <Button
          variant="outline-primary"
          disabled={!chosen}
          onClick={() => {
            const template = list.find((t) => t.id === chosen);
            if (template) onPick(template);
          }}
        >
          Use template
        </Button>
      </InputGroup>
      <Form.Text>
        Placeholders such as {'{route}'} and {'{stop}'} are filled from the routes, stops and trains chosen
        below and the first period; the others stay for you to replace.
      </Form.Text>
    </Form.Group>
  );
}
