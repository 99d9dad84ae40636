import { describe, expect, it } from 'vitest';
import { labelRoutes, labelStops, type StopNaming } from './route-labels.ts';

const route = (routeId: string, longName: string | null, shortName: string | null = null) => ({
  routeId,
  longName,
  shortName,
});
const stop = (stopId: string, name: string | null, more: Partial<StopNaming> = {}): StopNaming => ({
  stopId,
  name,
  code: null,
  platformCode: null,
  locationType: null,
  ...more,
});

describe('route labels', () => {
  it('tells routes of one long name apart by short name, else by route_id', () => {
    const labels = labelRoutes([
      route('L1', 'Local', 'L1'),
      route('L2', 'Local', 'L2'),
      route('B7', 'Bullet', 'B7'),
      route('X1', 'Express', 'X'),
      route('X2', ' express ', 'X'),
      route('S', null, 'Shuttle'),
      route('T', '', ' '),
      route('W1', 'Weekend', 'Weekend'),
      route('W2', 'Weekend', null),
    ]);
    expect([...labels]).toEqual([
      ['L1', 'Local (L1)'],
      ['L2', 'Local (L2)'],
      ['B7', 'Bullet'],
      ['X1', 'Express (X1)'],
      ['X2', 'express (X2)'],
      ['S', 'Shuttle'],
      ['T', 'T'],
      ['W1', 'Weekend (W1)'],
      ['W2', 'Weekend (W2)'],
    ]);
  });
});

describe('stop labels', () => {
  it("tells namesakes apart by station or platform, then stop_code, then stop_id (Caltrain's Palo Alto)", () => {
    const labels = labelStops([
      stop('palo_alto', 'Palo Alto', { locationType: 1 }),
      stop('PA-N', 'Palo Alto', { locationType: 0, platformCode: 'NB' }),
      stop('PA-S', 'Palo Alto', { locationType: 0, platformCode: 'SB' }),
      stop('70171', 'Palo Alto Caltrain Station', { code: '70171' }),
      stop('70172', 'Palo Alto Caltrain Station', { code: '70172' }),
      stop('PAS', 'Temporary Stop - Palo Alto', { code: '9' }),
      stop('PAN', 'Temporary Stop - Palo Alto', { code: '9' }),
      stop('MV', 'Mountain View'),
      stop('MV-1', 'Mountain View (station)', { locationType: 1 }),
      stop('Z', null),
      stop('SJ', 'San Jose', { locationType: 1 }),
      stop('SJ-1', 'San Jose', { locationType: 0, code: 'SJ1' }),
    ]);
    expect(Object.fromEntries(labels)).toEqual({
      palo_alto: 'Palo Alto (station)',
      'PA-N': 'Palo Alto (platform NB)',
      'PA-S': 'Palo Alto (platform SB)',
      '70171': 'Palo Alto Caltrain Station (70171)',
      '70172': 'Palo Alto Caltrain Station (70172)',
      PAS: 'Temporary Stop - Palo Alto (PAS)',
      PAN: 'Temporary Stop - Palo Alto (PAN)',
      MV: 'Mountain View',
      'MV-1': 'Mountain View (station)',
      Z: 'Z',
      SJ: 'San Jose (station)',
      'SJ-1': 'San Jose (SJ1)',
    });
  });
});
