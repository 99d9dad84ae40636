import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as arrivalDeparture from './stop-time-arrival-and-departure.ts';

const feed = feedWith({
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\n' +
    'WD-2300,05:00:00,05:00:00,CPT,0\n' +
    'WD-2300,05:10:00,05:09:30,WDS,1\n' +
    'WD-2300,05:20:00,05:20:00,MBG,2\n' +
    'WD-2302,24:05:00,24:04:00,CPT,0\n' +
    'WD-2302,24:10:00,24:10:00,WDS,1\n',
});

describe('stop_time_with_departure_before_arrival_time', () => {
  it('flags a stop left before it is reached, past midnight too, and nothing else', () => {
    const code = 'stop_time_with_departure_before_arrival_time';
    expect(arrivalDeparture.check(feed, makeContext(feed))).toEqual([
      {
        code,
        severity: 'error',
        filename: 'stop_times.txt',
        csvRowNumber: 3,
        tripId: 'WD-2300',
        stopSequence: '1',
        arrivalTime: '05:10:00',
        departureTime: '05:09:30',
      },
      {
        code,
        severity: 'error',
        filename: 'stop_times.txt',
        csvRowNumber: 5,
        tripId: 'WD-2302',
        stopSequence: '0',
        arrivalTime: '24:05:00',
        departureTime: '24:04:00',
      },
    ]);
  });
});
