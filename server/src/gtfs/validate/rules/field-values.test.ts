import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './field-values.ts';

const at = (filename: string, csvRowNumber: number) => ({ filename, csvRowNumber });

describe('field values', () => {
  it('reports each malformed value once with its row and field', () => {
    const feed = feedWith({
      'agency.txt':
        'agency_id,agency_name,agency_url,agency_timezone,agency_lang,agency_email\nMR,,www.example,Mars/Base,not a tag!,x@\n',
      'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon,location_type\nA,A,-100,abc,9\n',
      'routes.txt': 'route_id,route_long_name,route_type,route_color\nR,R,2.5,GGGGGG\n',
      'stop_times.txt': 'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,08:59:,25:10:00,A,1\n',
      'calendar_dates.txt': 'service_id,date,exception_type\nWD,20260230,1\n',
    });
    const e = (code: string, fieldName: string, fieldValue: string, where: object) => ({
      code,
      severity: code === 'unexpected_enum_value' ? 'warning' : 'error',
      fieldName,
      fieldValue,
      ...where,
    });
    expect(check(feed)).toEqual([
      { code: 'missing_required_field', severity: 'error', fieldName: 'agency_name', ...at('agency.txt', 2) },
      e('invalid_url', 'agency_url', 'www.example', at('agency.txt', 2)),
      e('invalid_timezone', 'agency_timezone', 'Mars/Base', at('agency.txt', 2)),
      e('invalid_language_code', 'agency_lang', 'not a tag!', at('agency.txt', 2)),
      e('invalid_email', 'agency_email', 'x@', at('agency.txt', 2)),
      { ...e('number_out_of_range', 'stop_lat', '-100', at('stops.txt', 2)), fieldType: 'float' },
      e('invalid_float', 'stop_lon', 'abc', at('stops.txt', 2)),
      e('unexpected_enum_value', 'location_type', '9', at('stops.txt', 2)),
      e('invalid_integer', 'route_type', '2.5', at('routes.txt', 2)),
      e('invalid_color', 'route_color', 'GGGGGG', at('routes.txt', 2)),
      e('invalid_time', 'arrival_time', '08:59:', at('stop_times.txt', 2)),
      e('invalid_date', 'date', '20260230', at('calendar_dates.txt', 2)),
    ]);
  });
  it('accepts times past 24:00, H:MM:SS and zero-padded integers', () => {
    const feed = feedWith({
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,5:49:00,25:10:00,A,005\n',
    });
    expect(check(feed)).toEqual([]);
  });
  it('raises nothing on a clean feed', () => expect(check(feedWith({}))).toEqual([]));
});
