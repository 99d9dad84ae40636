import { useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { languageName, useLanguageSettings } from '../../../lib/operator-languages.ts';
import type { AlertForm } from '../alert-entity.ts';
import { humanEnum } from '../types.ts';

/** Riders' apps colour alerts by severity; the preview does the same. */
const BORDER: Record<string, string> = {
  INFO: 'border-info',
  WARNING: 'border-warning',
  SEVERE: 'border-danger',
};

/** How a rider's journey planner would show the alert, in one of its languages. */
export function AlertPreview({ form, scope }: { form: AlertForm; scope: string[] }) {
  const settings = useLanguageSettings();
  const [language, setLanguage] = useState(settings.defaultLanguage);
  const shown = form.languages.includes(language)
    ? language
    : (form.languages[0] ?? settings.defaultLanguage);
  const text = form.texts[shown] ?? { header: '', description: '' };
  const period = form.periods.find((p) => p.startDate || p.endDate);
  return (
    <Card className="shadow-sm" aria-label="Rider preview">
      <Card.Header className="bg-white d-flex justify-content-between align-items-center">
        <span className="small text-uppercase text-body-secondary fw-semibold">Rider preview</span>
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label="Preview language"
          value={shown}
          onChange={(e) => setLanguage(e.target.value)}
        >
          {form.languages.map((tag) => (
            <option key={tag} value={tag}>
              {languageName(settings, tag)}
            </option>
          ))}
        </Form.Select>
      </Card.Header>
      <Card.Body>
        <div className={`border-start border-4 ps-3 ${BORDER[form.severity] ?? 'border-warning'}`}>
          <div className="small text-body-secondary mb-1">
            ⚠ {humanEnum(form.effect)} · {humanEnum(form.cause)}
            {form.severity !== 'UNKNOWN_SEVERITY' && ` · ${humanEnum(form.severity)}`}
          </div>
          <h3 className="h6 mb-1">
            {text.header || <span className="text-body-secondary">(no header)</span>}
          </h3>
          <p className="mb-2 small" style={{ whiteSpace: 'pre-line' }}>
            {text.description || <span className="text-body-secondary">(no description)</span>}
          </p>
          {scope.length > 0 && <div className="small">Affects: {scope.join(', ')}</div>}
          {period && (
            <div className="small text-body-secondary">
              {[
                period.startDate && `From ${period.startDate} ${period.startTime}`.trim(),
                period.endDate && `until ${period.endDate} ${period.endTime}`.trim(),
              ]
                .filter(Boolean)
                .join(' ')}
            </div>
          )}
          {form.url && <div className="small text-primary text-break">{form.url}</div>}
        </div>
      </Card.Body>
    </Card>
  );
}
