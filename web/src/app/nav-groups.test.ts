import { describe, expect, it } from 'vitest';
import { FLAT_BAR_MAX, navGroups } from './nav-groups.ts';

const labels = (roles: Parameters<typeof navGroups>[0]) =>
  navGroups(roles).map((g) => [g.label, g.links.map((l) => l.label)]);

describe('the top bar by job', () => {
  it('gives an administrator with every role four jobs, too many screens for a flat bar', () => {
    expect(labels(['view', 'edit', 'gtfs', 'excel', 'admin'])).toEqual([
      ['Live desk', ['Feed', 'Trains', 'New trip update', 'New alert', 'Disruptions']],
      ['Schedule', ['Upload schedule', 'Schedule versions']],
      ['Reports', ['Spreadsheets', 'Punctuality', 'Audit']],
      ['Administration', ['Users', 'Alert templates', 'API tokens', 'Webhooks', 'Settings']],
    ]);
    const count = navGroups(['edit', 'gtfs', 'excel', 'admin']).flatMap((g) => g.links).length;
    expect(count).toBeGreaterThan(FLAT_BAR_MAX);
  });

  it('leaves a controller the live desk alone, few enough to stay one click away', () => {
    expect(labels(['edit'])).toEqual([
      ['Live desk', ['Feed', 'Trains', 'New trip update', 'New alert', 'Disruptions']],
    ]);
    expect(navGroups(['edit']).flatMap((g) => g.links).length).toBeLessThanOrEqual(FLAT_BAR_MAX);
  });

  it('shows a user without roles the feed only, and no empty job', () => {
    expect(labels([])).toEqual([['Live desk', ['Feed']]]);
    expect(labels(undefined)).toEqual([['Live desk', ['Feed']]]);
  });
});
