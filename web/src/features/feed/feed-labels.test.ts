import { describe, expect, it } from 'vitest';
import {
  deletedThing,
  matchesTrainNumber,
  PROGRESS,
  platformChange,
  platformLabel,
  scopeLabel,
  stopLabel,
  TRIP_STATE,
  trainNumber,
} from './feed-labels.ts';

describe('deletedThing', () => {
  it('names a trip update by its train number and an alert by its header', () => {
    expect(trainNumber('WD-0103')).toBe('103');
    expect(trainNumber('2300')).toBe('2300');
    expect(trainNumber('special')).toBe('special');
    expect(deletedThing('trip_update', 'WD-2300')).toBe('the update of train 2300');
    expect(deletedThing('alert', 'Lift out of order')).toBe('the alert "Lift out of order"');
  });
});

describe('TRIP_STATE', () => {
  it('labels a trip update whose trip the schedule lacks, in a colour of its own', () => {
    expect(TRIP_STATE.not_in_schedule).toEqual({ label: 'Not in schedule', variant: 'secondary' });
  });

  it('gives every state its own colour, and the docs/spec.md §4 colours to the three run states', () => {
    expect(
      Object.fromEntries(Object.entries(TRIP_STATE).map(([state, { variant }]) => [state, variant])),
    ).toEqual({
      yet_to_start: 'warning',
      in_progress: 'success',
      finished: 'danger',
      not_in_schedule: 'secondary',
      extra: 'info',
      new: 'primary',
    });
  });

  it('names platforms as controllers say them', () => {
    expect(platformLabel('Cape Town Platform 3')).toBe('Platform 3');
    expect(platformLabel('CAPE TOWN 3')).toBe('Platform 3');
    expect(platformLabel('Cape Town Station')).toBe('Cape Town Station');
  });

  it('says a platform change as riders see it: the new platform, and which it was', () => {
    expect(platformChange('Bellville (platform 4)', 'Bellville (platform 2)')).toBe('Platform 4, was 2');
    expect(platformChange('Cape Town Platform 3', 'Cape Town Station')).toBe(
      'Platform 3, was Cape Town Station',
    );
  });

  it('labels search results by inprogress as the list labels trip states', () => {
    expect(PROGRESS).toEqual({
      0: TRIP_STATE.in_progress,
      1: TRIP_STATE.yet_to_start,
      2: TRIP_STATE.finished,
    });
  });
});

describe('any operator’s train numbers', () => {
  it('never calls a trip id that merely ends in a digit by that digit, and prefers the schedule’s number', () => {
    expect(trainNumber('246131224613644+2285822+0')).toBe('246131224613644+2285822+0');
    expect(trainNumber('246131224613644+2285822+0', '684')).toBe('684');
  });

  it('finds a train by the schedule’s number as well as by the number in its id', () => {
    expect(matchesTrainNumber('246131224613644+2285822+0', '684', '684')).toBe(true);
    expect(matchesTrainNumber('246131224613644+2285822+0', '68', '684')).toBe(true);
    expect(matchesTrainNumber('246131224613644+2285822+0', '0', '684')).toBe(false);
    expect(matchesTrainNumber('WD-0103', '103')).toBe(true);
  });
});

describe('a train number matched in one reading of the trip id', () => {
  // The former test, `-0*{n}\d*$` built from what was typed: the same answer on every short id.
  const former = (tripId: string, typed: string) => {
    const n = typed.trim().replace(/^0+(?=\d)/, '');
    if (!n) return true;
    if (!/^\d+$/.test(n)) return false;
    return new RegExp(`-0*${n}\\d*$`).test(tripId.trim());
  };

  it('matches exactly the ids the former pattern matched', () => {
    const alphabet = ['-', '0', '1', '2', 'x', ' '];
    let ids = [''];
    const all = [''];
    for (let length = 1; length <= 6; length++) {
      ids = ids.flatMap((id) => alphabet.map((c) => id + c));
      all.push(...ids);
    }
    let checked = 0;
    for (const typed of ['0', '00', '1', '01', '12', '2', '10', '100', ' 1', 'x', '']) {
      for (const id of all) {
        if (matchesTrainNumber(id, typed) !== former(id, typed))
          expect.fail(`differs on ${JSON.stringify(id)} typed ${JSON.stringify(typed)}`);
        checked++;
      }
    }
    expect(checked).toBe(11 * 55_987);
  });

  it('reads an id of 100 000 zeros in milliseconds when 0 is typed', () => {
    const started = performance.now();
    expect(matchesTrainNumber(`-${'0'.repeat(100_000)}x`, '0')).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('stop chips and scopes', () => {
  const stops = new Map([
    ['CPT', { label: 'Cape Town', code: 'CT01' }],
    ['BLV', { label: 'Bellville', code: null }],
    ['70171', { label: 'Palo Alto Caltrain Station (70171)', code: '70171' }],
  ]);
  const routes = new Map([['NTH', 'Northern Line']]);

  it('name a stop by its name and code, not its id', () => {
    expect(scopeLabel({ stopId: 'CPT' }, routes, stops)).toBe('Stop:Cape Town (CT01)');
    expect(scopeLabel({ stopId: 'BLV' }, routes, stops)).toBe('Stop:Bellville');
    // A label that already tells namesakes apart by the code does not say it twice.
    expect(stopLabel('70171', stops)).toBe('Palo Alto Caltrain Station (70171)');
  });

  it('fall back to the id for a stop the schedule lacks, and keep trips and routes', () => {
    expect(scopeLabel({ stopId: 'GONE' }, routes, stops)).toBe('Stop:GONE');
    expect(scopeLabel({ stopId: '<img src=x>' }, routes, stops)).toBe('Stop:<img src=x>');
    expect(scopeLabel({ routeId: 'NTH' }, routes, stops)).toBe('Route:Northern Line');
    expect(scopeLabel({ trip: { tripId: 'WD-0123' } }, routes, stops)).toBe('Trip:WD-0123');
  });
});
