import { describe, expect, it } from 'vitest';
import { matchStop, type StopChoice } from './stop-match.ts';

const stop = (stopId: string, name: string, label = name, station = false): StopChoice => ({
  stopId,
  name,
  label,
  station,
});
const paloAlto = [
  stop('palo_alto', 'Palo Alto', 'Palo Alto', true),
  stop('70171', 'Palo Alto Caltrain Station', 'Palo Alto Caltrain Station (70171)'),
  stop('70172', 'Palo Alto Caltrain Station', 'Palo Alto Caltrain Station (70172)'),
];

describe('the stop a typed text means', () => {
  it('is the stop of that label, or of that id, or the only stop of that name, ignoring case', () => {
    expect(matchStop(paloAlto, ' palo alto caltrain station (70172) ')?.stopId).toBe('70172');
    expect(matchStop(paloAlto, '70171')?.stopId).toBe('70171');
    expect(matchStop(paloAlto, 'PALO ALTO')?.stopId).toBe('palo_alto');
  });

  it('is none when two stops share the name typed, or nothing is typed', () => {
    expect(matchStop(paloAlto, 'Palo Alto Caltrain Station')).toBeUndefined();
    expect(matchStop(paloAlto, 'Palo')).toBeUndefined();
    expect(matchStop(paloAlto, '  ')).toBeUndefined();
  });
});

describe('a stop typed by its code', () => {
  const coded = [
    { stopId: 'CPT', name: 'Cape Town', label: 'Cape Town', code: 'CT01', station: false },
    { stopId: 'BLV', name: 'Bellville', label: 'Bellville', code: null, station: false },
  ];
  it('is the stop of that stop_code, ignoring case', () => {
    expect(matchStop(coded, 'ct01')?.stopId).toBe('CPT');
    expect(matchStop(coded, 'CT0')).toBeUndefined();
  });
});
