import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFeedEntity, checkFeedHeader, feedRules } from './index.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, NOW } from './test-support.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));
const support = new Set([
  'index.ts',
  'context.ts',
  'notice.ts',
  'fields.ts',
  'predicted-times.ts',
  'duplicated-schedule.ts',
  'fixture-cases.ts',
  'test-support.ts',
]);
const ruleFiles = readdirSync(dir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !support.has(name),
);

describe('feed rules registry', () => {
  it.each(ruleFiles)('%s starts with a doc comment saying what is wrong and is registered', (name) => {
    const source = readFileSync(`${dir}/${name}`, 'utf8');
    const code = /export const code = '([\w]+)'/.exec(source)?.[1];
    expect(source).toMatch(/\n\/\*\*(\n \*)? [A-Z][^\n]+/);
    expect(source.indexOf('/**')).toBeLessThan(source.indexOf('export const code'));
    expect(feedRules.map((rule) => rule.code)).toContain(code);
  });

  it('registers each rule file once', () => {
    const codes = feedRules.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(ruleFiles.length);
  });

  it('finds no problem in a trip update as the product writes it', () => {
    const entity = makeTripUpdate(
      [
        makeStopTimeUpdate(2, { stopId: 'WDS', arrival: { delay: 300 } }),
        makeStopTimeUpdate(3, { scheduleRelationship: 1 }),
      ],
      { tripId: 'WD-2300' },
      { timestamp: NOW },
    );
    expect(checkFeedEntity(entity, context())).toEqual([]);
    expect(checkFeedHeader({ gtfsRealtimeVersion: '2.0', timestamp: NOW }, context())).toEqual([]);
  });

  it('reports every problem of an entity in registry order', () => {
    const entity = makeTripUpdate([makeStopTimeUpdate(3, { stopId: 'NOPE' }), makeStopTimeUpdate(1)], {
      tripId: 'WD-2300',
    });
    expect(checkFeedEntity(entity, context()).map((n) => [n.code, n.field])).toEqual([
      ['no_changes', 'trip_update'],
      ['E011', 'trip_update.stop_time_update[0].stop_id'],
      ['E002', 'trip_update.stop_time_update[1].stop_sequence'],
      ['E043', 'trip_update.stop_time_update[0]'],
      ['E043', 'trip_update.stop_time_update[1]'],
    ]);
  });
});
