import { useState } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useStopChoices } from '../api/schedule-lists.ts';

/**
 * A stop found by its name in a search of its own: platforms only (trains call at them). Each stop
 * of the disruption form has one (the selection's window, the action's, the buses' ends): a
 * controller skipping Salt River should not have to type it in the selection's search first.
 */
export function StopPicker(props: {
  id: string;
  label: string;
  value: string;
  onChange: (stopId: string) => void;
  /** The choice when none is made, e.g. "First stop" for a delay. */
  none?: string;
  /** The search box's label, `<label>: search` unless given. */
  searchLabel?: string;
  /** Grid columns of each of the two fields. */
  columns?: number;
}) {
  const md = props.columns ?? 2;
  const [text, setText] = useState('');
  const stops = useStopChoices(text);
  const choices = (stops.data ?? []).filter((s) => !s.station);
  return (
    <>
      <Form.Group as={Col} md={md} controlId={`${props.id}-search`}>
        <Form.Label>{props.searchLabel ?? `${props.label}: search`}</Form.Label>
        <Form.Control value={text} placeholder="Search a stop" onChange={(e) => setText(e.target.value)} />
      </Form.Group>
      <Form.Group as={Col} md={md} controlId={props.id}>
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
