import { useMemo } from 'react';
import { fitProjection } from '../project.ts';
import type { Network, Train } from '../types.ts';

const BOX = { width: 1000, height: 640, padding: 30 };

/** The network drawn from its stops' coordinates, its lines along their trips, the trains on it. */
export function NetworkMap({ network, trains }: { network: Network; trains: Train[] }) {
  const project = useMemo(() => fitProjection(network.stops, BOX), [network.stops]);
  const stopsById = useMemo(() => new Map(network.stops.map((s) => [s.stopId, s])), [network.stops]);
  return (
    <svg
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      className="w-100 border rounded bg-body-tertiary"
      role="img"
      aria-label="Network map with the trains"
      data-testid="network-map"
    >
      {network.lines.map((line) => {
        const points = line.stopIds
          .flatMap((id) => stopsById.get(id) ?? [])
          .map((s) => project(s.lat, s.lon))
          .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
          .join(' ');
        return (
          <polyline
            key={`${line.routeId}-${line.directionId}`}
            points={points}
            fill="none"
            stroke={line.color ? `#${line.color}` : '#6c757d'}
            strokeWidth={4}
            strokeOpacity={0.6}
            strokeLinejoin="round"
          />
        );
      })}
      {network.stops.map((s) => {
        const { x, y } = project(s.lat, s.lon);
        return (
          <circle key={s.stopId} cx={x} cy={y} r={4} fill="#fff" stroke="#343a40" strokeWidth={1.5}>
            <title>{s.name}</title>
          </circle>
        );
      })}
      {trains.flatMap((t) => {
        if (t.lat === null || t.lon === null) return [];
        const { x, y } = project(t.lat, t.lon);
        return [
          <g key={t.id} data-testid={`train-marker-${t.id}`} data-x={x.toFixed(1)} data-y={y.toFixed(1)}>
            <title>{`Train ${t.trainNumber ?? t.label}${t.headsign ? ` to ${t.headsign}` : ''}`}</title>
            <circle
              cx={x}
              cy={y}
              r={9}
              fill={t.routeColor ? `#${t.routeColor}` : '#0d6efd'}
              stroke="#000"
              strokeWidth={2}
            />
            <text x={x + 12} y={y + 4} fontSize={14} fontWeight={600}>
              {t.trainNumber ?? t.label}
            </text>
          </g>,
        ];
      })}
    </svg>
  );
}
