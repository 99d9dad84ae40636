import { useState } from 'react';
import { Col, Form } from 'react-bootstrap';
import { useRouteChoices, useStopChoices } from '../api/schedule-lists.ts';

/** GTFS route_type of buses: 3, or the extended 700–799 (bus service) of Google's route types. */
export const isBusRoute = (type: number | null) =>
  type === 3 || (type !== null && type >= 700 && type <= 799);

/** A stop found by name, as the form's "Stop found" choice: platforms only (trains call at them). */
function StopPicker(props: { id: string; label: string; value: string; onChange: (stopId: string) => void }) {
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
          <option value="">Choose (search)</option>
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

export type BusSection = { fromStopId: string; toStopId: string; routeId: string; marginMinutes: number };

/**
 * replace_by_bus's fields: the section's two ends, the route the buses run on (bus routes first)
 * and how much later than the train the bus reaches each stop.
 */
export function BusSectionFields({
  value,
  onChange,
}: {
  value: BusSection;
  onChange: (v: BusSection) => void;
}) {
  const routes = useRouteChoices();
  const all = routes.data ?? [];
  const buses = all.filter((r) => isBusRoute(r.route_type));
  const others = all.filter((r) => !isBusRoute(r.route_type));
  return (
    <>
      <StopPicker
        id="d-bus-from"
        label="Buses from"
        value={value.fromStopId}
        onChange={(fromStopId) => onChange({ ...value, fromStopId })}
      />
      <StopPicker
        id="d-bus-to"
        label="Buses to"
        value={value.toStopId}
        onChange={(toStopId) => onChange({ ...value, toStopId })}
      />
      <Form.Group as={Col} md={2} controlId="d-bus-route">
        <Form.Label>Bus route</Form.Label>
        <Form.Select value={value.routeId} onChange={(e) => onChange({ ...value, routeId: e.target.value })}>
          <option value="">Choose a route</option>
          {buses.length > 0 && (
            <optgroup label="Bus routes">
              {buses.map((r) => (
                <option key={r.route_id} value={r.route_id}>
                  {r.label}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label={buses.length > 0 ? 'Other routes' : 'Routes'}>
            {others.map((r) => (
              <option key={r.route_id} value={r.route_id}>
                {r.label}
              </option>
            ))}
          </optgroup>
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} md={2} controlId="d-bus-margin">
        <Form.Label>Bus margin (minutes)</Form.Label>
        <Form.Control
          type="number"
          min={0}
          max={180}
          step={1}
          value={value.marginMinutes}
          onChange={(e) => onChange({ ...value, marginMinutes: Number(e.target.value) })}
        />
      </Form.Group>
    </>
  );
}
