import { Table } from 'react-bootstrap';

export type PlannedConnection = {
  tripId: string;
  busTripId: string | null;
  stopId: string;
  stopName: string;
  kind: 'to_bus' | 'to_train';
  trainTime: string;
  busTime: string;
  minutes: number;
  heldMinutes: number;
};

/**
 * The connection planned at each end of the section, per train (docs/contract-notes.md "Dated
 * trips and disruptions"): what riders are told before Apply, a held train shown as such.
 */
export function BusConnections({
  connections,
  trainOf,
}: {
  connections: PlannedConnection[];
  trainOf: Map<string, string>;
}) {
  return (
    <Table size="sm" striped aria-label="Connections">
      <caption className="caption-top">Connections between trains and buses</caption>
      <thead>
        <tr>
          <th>Train</th>
          <th>At</th>
          <th>Change</th>
          <th>Minutes to change</th>
          <th>Train held</th>
        </tr>
      </thead>
      <tbody>
        {connections.map((c) => (
          <tr key={`${c.tripId} ${c.kind}`} data-testid="bus-connection">
            <td>{trainOf.get(c.tripId) ?? c.tripId}</td>
            <td>{c.stopName}</td>
            <td>
              {c.kind === 'to_bus'
                ? `train arrives ${c.trainTime}, bus leaves ${c.busTime}`
                : `bus arrives ${c.busTime}, train leaves ${c.trainTime}`}
            </td>
            <td>{c.minutes}</td>
            <td>{c.heldMinutes > 0 ? `${c.heldMinutes} min` : '–'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
