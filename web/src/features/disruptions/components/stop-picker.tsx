import { useState } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useStopChoices } from '../api/schedule-lists.ts';

/**
 * A stop an action names, found by its name in a search of its own: platforms only (trains call at
 * them). Its own search, not the selection's stop filter: a controller skipping Salt River should
 * not have to type it in "Stop (window on its departure)" first.
 */
export function StopPicker(props: {
  id: string;
  label: string;
  value: string;
  onChange: (stopId: string) => void;
  /** The choice when none is made, e.g. "First stop" for a delay. */
  none?: string;
}) {
  const [text, setText] = useState('');
  const stops = useStopChoices(text);
  const choices = (stops.data ?? []).filter((s) => !s.station);
  return (
    <>
      <Form.Group as={Col} md={2} controlId={`${props.id}-search`}>
        <Form.Label>{props.label}: search</Form.Label>
        <Form.Control value={text} placeholder="Search a stop" onChange={(e) => setText(e.target.value)} />
      </Form.Group>
      <Form.Group as={Col} md={2} controlId={props.id}>
        <Form.Label>{props.label}</Form.Label>
        <Form.Select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          <option value="">{props.none ?? 'Choose (search)'}</option>
          {choices.map((s) => (
            <option key={s.stopId} value={s.stopId}>
              {s.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </>
  );
}
