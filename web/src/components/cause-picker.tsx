import { Col, Form, Row } from 'react-bootstrap';
import { type CauseChoice, type DelayCause, delayCauseLabel, useDelayCauses } from '../lib/delay-causes.ts';
import { useLanguageSettings } from '../lib/operator-languages.ts';

/**
 * "Delay attribution": a delay cause of the operator's catalogue (docs/glossary.md "cause") and, when the
 * train's stops are given, where it happened (one of them). None chosen = the save carries none.
 */
export function CausePicker({
  id,
  value,
  onChange,
  stops,
  disabled,
}: {
  id: string;
  value: CauseChoice | null;
  onChange: (value: CauseChoice | null, cause: DelayCause | null) => void;
  /** The train's stops, in order; absent: no location offered. */
  stops?: { stopId: string; stopName: string }[];
  disabled?: boolean;
}) {
  // Not labelled "Cause": the alert fields beside it have a GTFS "Cause" of their own, and a
  // label is found by its words (screen readers, the browser tests).
  const causes = useDelayCauses().data ?? [];
  const { defaultLanguage } = useLanguageSettings();
  const choose = (code: string) => {
    const cause = causes.find((c) => c.code === code) ?? null;
    onChange(cause ? { code: cause.code, ...(value?.stopId && { stopId: value.stopId }) } : null, cause);
  };
  const place = (stopId: string) => {
    if (!value) return;
    const cause = causes.find((c) => c.code === value.code) ?? null;
    onChange({ code: value.code, ...(stopId && { stopId }) }, cause);
  };
  return (
    <Row className="g-2">
      <Form.Group as={Col} md={stops ? 6 : 12} controlId={`${id}-cause`}>
        <Form.Label>Delay attribution</Form.Label>
        <Form.Select value={value?.code ?? ''} onChange={(e) => choose(e.target.value)} disabled={disabled}>
          <option value="">Not given</option>
          {causes.map((c) => (
            <option key={c.code} value={c.code}>
              {delayCauseLabel(c, defaultLanguage)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {stops && (
        <Form.Group as={Col} md={6} controlId={`${id}-location`}>
          <Form.Label>Incident location</Form.Label>
          <Form.Select
            value={value?.stopId ?? ''}
            onChange={(e) => place(e.target.value)}
            disabled={disabled || !value}
          >
            <option value="">Not given</option>
            {stops.map((s) => (
              <option key={s.stopId} value={s.stopId}>
                {s.stopName === s.stopId ? s.stopId : `${s.stopName} (${s.stopId})`}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
    </Row>
  );
}
