/** Roles of docs/spec.md §6. These guards only decide what to display; the server enforces every role. */
export const ROLES = ['view', 'edit', 'gtfs', 'excel', 'admin', 'approve'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  view: 'View Trip updates and Alerts',
  edit: 'Edit Trip updates and Alerts',
  gtfs: 'Upload permanent schedules',
  excel: 'View the history of Alerts and Trip Updates and get excel summaries',
  admin: 'Add, delete or modify users and their permissions',
  approve: 'Approve or reject alerts and disruptions others saved (two-person approval)',
};

/** `edit` implies `view` (docs/rest-api.md). */
export function hasRole(roles: readonly string[] | undefined, role: Role): boolean {
  if (!roles) return false;
  return roles.includes(role) || (role === 'view' && roles.includes('edit'));
}
