import { Col, Form } from 'react-bootstrap';
import { useOperatorSettings } from '../../../lib/operator-languages.ts';
import { useRouteChoices } from '../api/schedule-lists.ts';
import { StopPicker } from './stop-picker.tsx';

/** GTFS route_type of buses: 3, or the extended 700–799 (bus service) of Google's route types. */
export const isBusRoute = (type: number | null) =>
  type === 3 || (type !== null && type >= 700 && type <= 799);

/** Where a route stands in the operator's list (those not named after). */
const rank = (named: string[], routeId: string) => {
  const i = named.indexOf(routeId);
  return i < 0 ? named.length : i;
};

export type BusSection = { fromStopId: string; toStopId: string; routeId: string; marginMinutes: number };

/**
 * replace_by_bus's fields: the section's two ends, the bus route the buses run on (only bus
 * routes: a bus is never published as a train; planned works may have one added to the
 * schedule) and the minutes riders have to change between train and bus at each end.
 */
export function BusSectionFields({
  value,
  onChange,
  plannedWorks,
}: {
  value: BusSection;
  onChange: (v: BusSection) => void;
  /** Published in the schedule: the product can add a replacement-bus route. */
  plannedWorks: boolean;
}) {
  const routes = useRouteChoices();
  // The operator's bus routes (settings) first, in their order: the server takes the first when none is chosen.
  const named = useOperatorSettings().data?.busRouteIds ?? [];
  const buses = (routes.data ?? [])
    .filter((r) => isBusRoute(r.route_type))
    .sort((a, b) => rank(named, a.route_id) - rank(named, b.route_id));
  const operators = buses.find((r) => r.route_id === named[0]);
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
          <option value="">
            {operators
              ? `The operator's bus route (${operators.label})`
              : plannedWorks
                ? 'A replacement-bus route (added to the schedule)'
                : 'Choose a bus route'}
          </option>
          {buses.map((r) => (
            <option key={r.route_id} value={r.route_id}>
              {r.label}
            </option>
          ))}
        </Form.Select>
        {buses.length === 0 && !plannedWorks && (
          <Form.Text data-testid="no-bus-route">
            The schedule has no bus route (route_type 3): plan the works in the schedule to have one added.
          </Form.Text>
        )}
      </Form.Group>
      <Form.Group as={Col} md={2} controlId="d-bus-margin">
        <Form.Label>Minutes to change</Form.Label>
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
