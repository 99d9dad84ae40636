import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as inconsistentTimezone from './inconsistent-agency-timezone.ts';
import * as missingAgencyId from './missing-required-agency-id.ts';

const twoAgencies = feedWith({
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nMR,Metrorail,https://a.za,Africa/Johannesburg\n,Golden Arrow,https://b.za,Europe/London\n',
  'routes.txt': 'route_id,agency_id,route_long_name,route_type\nSTH,,Southern,2\n',
});

describe('agency rules', () => {
  it('missing_required_agency_id: reports empty agency_id when there are two agencies', () => {
    expect(missingAgencyId.check(twoAgencies, makeContext(twoAgencies))).toEqual([
      {
        code: 'missing_required_agency_id',
        severity: 'error',
        filename: 'agency.txt',
        csvRowNumber: 3,
        agencyName: 'Golden Arrow',
      },
      {
        code: 'missing_required_agency_id',
        severity: 'error',
        filename: 'routes.txt',
        csvRowNumber: 2,
        agencyName: '',
      },
    ]);
  });
  it('inconsistent_agency_timezone: reports the agency whose time zone differs', () => {
    expect(inconsistentTimezone.check(twoAgencies, makeContext(twoAgencies))).toEqual([
      {
        code: 'inconsistent_agency_timezone',
        severity: 'error',
        filename: 'agency.txt',
        csvRowNumber: 3,
        expected: 'Africa/Johannesburg',
        actual: 'Europe/London',
      },
    ]);
  });
  it('raise nothing on a clean feed', () => {
    const feed = feedWith({});
    expect(missingAgencyId.check(feed, makeContext(feed))).toEqual([]);
    expect(inconsistentTimezone.check(feed, makeContext(feed))).toEqual([]);
  });
});
