import { useState } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import { useAlertTemplates, useSaveAlertTemplate } from '../api/alert-templates.ts';

const ACTIONS = ['cancel', 'delete', 'skip_stop', 'delay'] as const;

/** The operator's alert texts per language and action; an empty header leaves that language out. */
export function AlertTemplateForm() {
  const templates = useAlertTemplates();
  const save = useSaveAlertTemplate();
  const [language, setLanguage] = useState('en');
  const [action, setAction] = useState<(typeof ACTIONS)[number]>('cancel');
  const [headerText, setHeaderText] = useState('');
  const [descriptionText, setDescriptionText] = useState('');
  const edit = (t: { language: string; action: string; headerText: string; descriptionText: string }) => {
    setLanguage(t.language);
    setAction(t.action as (typeof ACTIONS)[number]);
    setHeaderText(t.headerText);
    setDescriptionText(t.descriptionText);
  };
  return (
    <>
      <p>
        Placeholders: {'{route} {stop} {trains} {date} {from} {to} {minutes} {reason}'}. A language whose
        header is empty is left out of alerts.
      </p>
      <Table size="sm" striped aria-label="Templates">
        <thead>
          <tr>
            <th>Language</th>
            <th>Action</th>
            <th>Header</th>
            <th>Description</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {templates.data?.map((t) => (
            <tr key={`${t.language}-${t.action}`}>
              <td>{t.language}</td>
              <td>{t.action}</td>
              <td>{t.headerText}</td>
              <td>{t.descriptionText}</td>
              <td>
                <Button size="sm" variant="link" onClick={() => edit(t)}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Form
        aria-label="Template"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ language, action, headerText, descriptionText });
        }}
      >
        <Row className="g-2 mb-2">
          <Form.Group as={Col} md={2} controlId="t-language">
            <Form.Label>Language</Form.Label>
            <Form.Control value={language} onChange={(e) => setLanguage(e.target.value)} />
          </Form.Group>
          <Form.Group as={Col} md={3} controlId="t-action">
            <Form.Label>Action</Form.Label>
            <Form.Select
              value={action}
              onChange={(e) => setAction(e.target.value as (typeof ACTIONS)[number])}
            >
              {ACTIONS.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} md={7} controlId="t-header">
            <Form.Label>Header</Form.Label>
            <Form.Control value={headerText} onChange={(e) => setHeaderText(e.target.value)} />
          </Form.Group>
        </Row>
        <Form.Group controlId="t-description" className="mb-2">
          <Form.Label>Description</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={descriptionText}
            onChange={(e) => setDescriptionText(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" disabled={save.isPending}>
          Save template
        </Button>
      </Form>
    </>
  );
}
