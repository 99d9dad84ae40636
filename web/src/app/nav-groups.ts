import { paths } from '../config/paths.ts';
import { hasRole, type Role } from '../lib/authorization.ts';

export type NavLinkItem = { to: string; label: string };
export type NavGroup = { label: string; links: NavLinkItem[] };

type Entry = NavLinkItem & { role?: Role };

/** The screens by job: what a controller, a planner, an analyst and an administrator use. */
const GROUPS: { label: string; entries: Entry[] }[] = [
  {
    label: 'Live desk',
    entries: [
      { to: paths.home.getHref(), label: 'Feed' },
      { to: paths.trains.getHref(), label: 'Trains', role: 'view' },
      { to: paths.tripUpdate.getHref(), label: 'New trip update', role: 'edit' },
      { to: paths.serviceAlert.getHref(), label: 'New alert', role: 'edit' },
      { to: paths.disruptions.getHref(), label: 'Disruptions', role: 'edit' },
    ],
  },
  {
    label: 'Schedule',
    entries: [
      { to: paths.uploadGtfs.getHref(), label: 'Upload schedule', role: 'gtfs' },
      { to: paths.scheduleVersions.getHref(), label: 'Schedule versions', role: 'gtfs' },
    ],
  },
  {
    label: 'Reports',
    entries: [
      { to: paths.listExcel.getHref(), label: 'Spreadsheets', role: 'excel' },
      { to: paths.dashboard.getHref(), label: 'Punctuality', role: 'excel' },
      { to: paths.audit.getHref(), label: 'Audit', role: 'admin' },
    ],
  },
  {
    label: 'Administration',
    entries: [
      { to: paths.listUser.getHref(), label: 'Users', role: 'admin' },
      { to: paths.alertTemplates.getHref(), label: 'Alert templates', role: 'admin' },
      { to: paths.tokens.getHref(), label: 'API tokens', role: 'admin' },
      { to: paths.webhooks.getHref(), label: 'Webhooks', role: 'admin' },
      { to: paths.settings.getHref(), label: 'Settings', role: 'admin' },
    ],
  },
];

/** Up to this many links stay a flat bar: a controller's few screens are one click away. */
export const FLAT_BAR_MAX = 6;

/** The groups of screens these roles may open, empty groups left out. */
export function navGroups(roles: readonly Role[] | undefined): NavGroup[] {
  return GROUPS.map((g) => ({
    label: g.label,
    links: g.entries.filter((e) => !e.role || hasRole(roles, e.role)).map(({ to, label }) => ({ to, label })),
  })).filter((g) => g.links.length > 0);
}
