import { Col, Form } from 'react-bootstrap';
import { useRouteChoices } from '../api/schedule-lists.ts';
import { StopPicker } from './stop-picker.tsx';

/** GTFS route_type of buses: 3, or the extended 700–799 (bus service) of Google's route types. */
export const isBusRoute = (type: number | null) =>
  type === 3 || (type !== null && type >= 700 && type <= 799);

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
