import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { feedMessageFromJson } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { checkFeedEntity, checkFeedHeader, feedRules } from './index.ts';
import { loadGtfsSchedule } from './test-support.ts';

// transitland-lib testdata/rt/errors: Caltrain RT with one planted error each, named
// `<code>.<field path with dashes>[.n].json`, validated against gtfs/caltrain-2023-ct.zip.
const data = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
const fixtureDir = `${data}gtfs-rt/invalid/transitland-rt-errors`;
const present = existsSync(fixtureDir);
if (!present) console.warn(`Fixtures not found at ${fixtureDir}; skipping the transitland fixture test`);

/** Out of scope for saving trip updates and alerts: start_time/start_date formats and vehicle positions. */
const SKIPPED_CODES = ['E020', 'E021', 'E026', 'E029'];

/** transitland names some fields differently from the notices' paths. */
const aliases: Record<string, string> = {
  'trip_update.schedule_relationship': 'trip_update.stop_time_update', // E043, E044
  'vehicle_position.trip.trip_id': 'vehicle.trip.trip_id',
  'vehicle_position.stop_id': 'vehicle.stop_id',
};

const fixtures = present ? readdirSync(fixtureDir).filter((name) => name.endsWith('.json')) : [];
const implemented = new Set(feedRules.map((rule) => rule.code));

describe.skipIf(!present)('transitland RT error fixtures', () => {
  const schedule = present ? loadGtfsSchedule(`${data}gtfs/caltrain-2023-ct.zip`) : null;
  // After every timestamp in the fixtures (2023-11-08 01:10 UTC), so E050 stays quiet.
  const ctx = { now: new Date('2023-11-08T01:15:00Z'), schedule };

  it('covers the 32 fixtures, of which these codes are skipped', () => {
    expect(fixtures).toHaveLength(32);
    const codes = new Set(fixtures.map((name) => name.split('.')[0]));
    expect([...codes].filter((code) => !implemented.has(code))).toEqual(SKIPPED_CODES);
  });

  it.each(fixtures)('%s raises exactly its code on its field', (name) => {
    const [code, path] = name.split('.');
    const field = aliases[path.replaceAll('-', '.')] ?? path.replaceAll('-', '.');
    const message = feedMessageFromJson(JSON.parse(readFileSync(`${fixtureDir}/${name}`, 'utf8')));
    const notices = [
      ...checkFeedHeader(message.header, ctx),
      ...message.entity.flatMap((entity) => checkFeedEntity(entity, ctx)),
    ].map((notice) => ({ code: notice.code, field: notice.field.replace(/\[\d+\]/g, '') }));
    if (SKIPPED_CODES.includes(code)) {
      expect(notices).toEqual([]);
      return;
    }
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice.code).toBe(code);
      expect(notice.field.startsWith(field)).toBe(true);
    }
  });
});
