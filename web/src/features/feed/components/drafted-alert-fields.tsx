import { Form } from 'react-bootstrap';
import { languageName, useLanguageSettings } from '../../../lib/operator-languages.ts';
import type { TripAlertChoice } from '../api/save-trip-update-with-alert.ts';
import { CAUSES, EFFECTS, humanEnum } from '../types.ts';

/** A drafted alert as saveTripUpdateWithAlert publishes it; the controller edits its cause, effect and texts. */
export type DraftedAlert = Extract<TripAlertChoice, { publish: unknown }>['publish']['alert'];
type Texts = DraftedAlert['headerText'];

/** The languages of a drafted alert's header. */
export const languagesOf = (alert: DraftedAlert) =>
  (alert.headerText?.translation ?? []).map((t) => t.language ?? '');

const textOf = (value: Texts, language: string) =>
  value?.translation?.find((t) => (t.language ?? '') === language)?.text ?? '';

/** A translated text with one language's text replaced (an emptied language is left out when saved). */
function withText(value: Texts, language: string, text: string): NonNullable<Texts> {
  const others = (value?.translation ?? []).filter((t) => (t.language ?? '') !== language);
  return { translation: [...others, { text, language }].filter((t) => t.text.trim() !== '') };
}

/** Cause, effect, and header and description per language of the template texts. */
export function DraftedAlertFields({
  alert,
  languages,
  onChange,
}: {
  alert: DraftedAlert;
  /** The draft's languages: those with template text (kept while a text is emptied and retyped). */
  languages: string[];
  onChange: (alert: DraftedAlert) => void;
}) {
  const settings = useLanguageSettings();
  const templated = languagesOf(alert);
  const required = (tag: string) => settings.requiredLanguages.includes(tag);
  return (
    <fieldset aria-label="Alert for riders">
      <div className="d-flex flex-wrap gap-3 mb-2">
        <Form.Group controlId="tell-cause">
          <Form.Label>Cause</Form.Label>
          <Form.Select
            value={String(alert.cause ?? '')}
            onChange={(e) => onChange({ ...alert, cause: e.target.value })}
          >
            {CAUSES.map((c) => (
              <option key={c} value={c}>
                {humanEnum(c)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="tell-effect">
          <Form.Label>Effect</Form.Label>
          <Form.Select
            value={String(alert.effect ?? '')}
            onChange={(e) => onChange({ ...alert, effect: e.target.value })}
          >
            {EFFECTS.map((c) => (
              <option key={c} value={c}>
                {humanEnum(c)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {languages.length === 0 && (
        <p className="text-danger small">No template text: an administrator adds one in Alert templates.</p>
      )}
      {languages.map((language) => (
        <div key={language} className="mb-2">
          <Form.Group controlId={`tell-header-${language}`}>
            <Form.Label>
              Header ({language}){required(language) && ', required'}
            </Form.Label>
            <Form.Control
              value={textOf(alert.headerText, language)}
              required={required(language)}
              isInvalid={required(language) && textOf(alert.headerText, language).trim() === ''}
              onChange={(e) =>
                onChange({ ...alert, headerText: withText(alert.headerText, language, e.target.value) })
              }
            />
            <Form.Control.Feedback type="invalid">
              {templated.includes(language)
                ? `Write a header in ${languageName(settings, language)}: every alert carries one.`
                : `No template has text in ${languageName(settings, language)}: write its header; every alert carries one.`}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`tell-description-${language}`}>
            <Form.Label>Description ({language})</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={textOf(alert.descriptionText, language)}
              onChange={(e) =>
                onChange({
                  ...alert,
                  descriptionText: withText(alert.descriptionText, language, e.target.value),
                })
              }
            />
          </Form.Group>
        </div>
      ))}
    </fieldset>
  );
}
